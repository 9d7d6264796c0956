"""What the browser pages show, in a floor person's words: rulings (from rule-on's JSON, as the log
keeps them) and the answers a ruling turns on. No raw field names reach a page."""
from __future__ import annotations

from ruling_engine.ask.questionnaire import when_words
from ruling_engine.render.output import BASIS_WORDS

BASIS_SHORT = {"express": "The rulebook says so", "reading": "A reading of the rulebook",
               "conflict": "The rulebook's clauses disagree", "not covered": "Not covered: the floor decides",
               "depends": "Depends on what the floor could not establish",
               "does not arise": "Does not arise once the club's earlier ruling is applied"}


def _ruling(kb, r: dict) -> dict:
    return {
        "issue": r["issue"], "outcome": r["outcome"], "outcome_words": r["outcome"].replace("-", " "),
        "basis": r["basis"], "basis_short": BASIS_SHORT.get(r["basis"], r["basis"]),
        "basis_words": BASIS_WORDS.get(r["basis"], ""),
        # merge_branches names the fields in its decision; here the branches below say it in words
        "decision": "It depends on what the floor could not establish:" if r["basis"] == "depends" else r["decision"],
        "do": r["do"],
        "citations": r["citations"], "readings": r["readings"], "alternatives": r["alternatives"],
        "discretion": r["discretion"],
        "depends": [{"when": when_words(kb, b["when"]), "ruling": _ruling(kb, b["ruling"]) if b["ruling"] else None}
                    for b in r["depends"]],
        "precedents": r.get("precedents", []), "logged": r.get("logged_precedents", []),
    }


def ruling_view(kb, data: dict) -> dict:
    """The ruling page: for each point and issue, the house club's ruling, then how each other club
    differs (or that it agrees)."""
    house = data["incident"]["house"]
    titles = {i["id"]: i["title"] for i in data["issues"]}
    clubs = data["clubs"]
    items = []
    for r in clubs[house]["rulings"]:
        key = (r.get("point", 0), r["issue"])
        others, same = [], []
        for club, answer in clubs.items():
            if club == house:
                continue
            theirs = next((o for o in answer["rulings"] if (o.get("point", 0), o["issue"]) == key), None)
            if theirs is None:
                others.append({"club": club, "name": answer["name"], "ruling": None})
            elif theirs["outcome"] == r["outcome"] and theirs["basis"] == r["basis"]:
                same.append(answer["name"])
            else:
                others.append({"club": club, "name": answer["name"], "ruling": _ruling(kb, theirs)})
        items.append({"title": titles.get(r["issue"], r["issue"]), "house": _ruling(kb, r), "others": others,
                      "same": same})
    extra = []
    for club, answer in clubs.items():         # issues only another club rules on
        if club == house:
            continue
        for o in answer["rulings"]:
            if not any((h.get("point", 0), h["issue"]) == (o.get("point", 0), o["issue"])
                       for h in clubs[house]["rulings"]):
                extra.append({"club": club, "name": answer["name"], "title": titles.get(o["issue"], o["issue"]),
                              "ruling": _ruling(kb, o)})
    from ruling_engine.render.output import _money_text, _not_in_now, now_lines
    currency = data["incident"].get("currency", "")
    answer = {"now": now_lines(clubs[house].get("now") or {}, currency),
              "pot": [_money_text(e, currency) for e in _not_in_now(clubs[house].get("settlement") or [],
                                                                   clubs[house].get("now") or {})],
              "conflicts": list(clubs[house].get("contradictions") or [])}
    return {"title": data["incident"]["title"], "house": house, "house_name": clubs[house]["name"],
            "floor": clubs[house]["floor"], "items": items, "extra": extra, "answer": answer,
            "quiet": [p["note"] for p in data.get("points", []) if p.get("note")]}
