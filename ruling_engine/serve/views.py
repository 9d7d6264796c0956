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
    from ruling_engine.corrected.one_line import handed_once
    from ruling_engine.render.output import _money_text, _not_in_now, now_lines
    house = data["incident"]["house"]
    titles = {i["id"]: i["title"] for i in data["issues"]}
    clubs = data["clubs"]
    currency = data["incident"].get("currency", "")
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
            elif not theirs.get("differs_from_house", theirs["outcome"] != r["outcome"]):
                # the same outcome, however its clauses get there: one line, not the whole ruling again
                same.append({"club": club, "name": answer["name"],
                             "basis": BASIS_SHORT.get(theirs["basis"], theirs["basis"]).lower()})
            else:
                others.append({"club": club, "name": answer["name"], "ruling": _ruling(kb, theirs),
                               "now": now_lines(answer.get("now") or {}, currency)
                               if answer.get("now") != clubs[house].get("now") else [],
                               "pot": [_money_text(e, currency) for e in _not_in_now(answer.get("settlement") or [],
                                                                                     answer.get("now") or {})]
                               if answer.get("settlement") != clubs[house].get("settlement") else []})
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
    settlement = clubs[house].get("settlement") or []
    answer = {"now": now_lines(clubs[house].get("now") or {}, currency),
              "conflicts": list(clubs[house].get("contradictions") or [])}
    # the pot as the command line's "The pot" section has it: the house club's (without what its Now
    # already moves: each chip movement said once), then each club whose rulings leave the money otherwise
    pot = {"house": [_money_text(e, currency) for e in _not_in_now(settlement, clubs[house].get("now") or {})],
           "others": [{"name": answer_["name"], "club": club,
                       "lines": [_money_text(e, currency) for e in handed_once(answer_["settlement"])]}
                      for club, answer_ in clubs.items()
                      if club != house and answer_.get("settlement") and answer_["settlement"] != settlement]}
    answer["pot"] = pot["house"]
    about = []
    for item in items:
        if item["title"] not in about:
            about.append(item["title"])
    called = [p["label"] for p in data.get("points", []) if p.get("marked")]
    return {"title": data["incident"]["title"], "house": house, "house_name": clubs[house]["name"],
            # the page is headed by what the floor was called about: the questions ruled, then the entries
            "heading": about[0] if about else data["incident"]["title"], "also": about[1:],
            "called_about": "; ".join(called[:3]), "pot": pot,
            "floor": clubs[house]["floor"], "items": items, "extra": extra, "answer": answer,
            "quiet": [p["note"] for p in data.get("points", []) if p.get("note")]}
