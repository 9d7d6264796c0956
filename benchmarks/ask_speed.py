"""How long the next question takes to appear: in-process, and over HTTP from `floorcall serve`.

In-process: every case is told to the questionnaire as benchmarks/ask_replay.py does, and each
`next_question()` is timed. Over HTTP: a server on 127.0.0.1 (a free port), and for the first
CASES_OVER_HTTP cases the same answers are posted the way the browser posts them; each time is
from the POST of an answer to the next question's page received (the redirect followed), the
whole round trip a tablet waits for.

Rerun: `.venv/bin/python benchmarks/ask_speed.py` (CASES_OVER_HTTP=N to change how many cases go
over HTTP). Its last line:
    next question: median N ms, p90 N ms, max N ms over N questions
(the in-process and HTTP questions together; the lines above give each apart).
"""
from __future__ import annotations

import http.cookiejar
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from ask_replay import Teller  # noqa: E402
from ruling_engine.ask.questionnaire import DONE, Session  # noqa: E402
from ruling_engine.incident.load import load_incident  # noqa: E402
from ruling_engine.incident.unknowns import UNKNOWN  # noqa: E402
from ruling_engine.knowledge.load import load_knowledge  # noqa: E402


def figures(times: list) -> str:
    ms = sorted(t * 1000 for t in times)
    p90 = ms[min(len(ms) - 1, int(round(0.9 * (len(ms) - 1))))]
    return f"median {statistics.median(ms):.0f} ms, p90 {p90:.0f} ms, max {ms[-1]:.0f} ms over {len(ms)} questions"


def in_process(kb, cases) -> list:
    times = []
    for path in cases:
        incident = load_incident(path, kb.vocabulary, kb.clubs)
        teller, session = Teller(kb, incident), Session(kb)
        while True:
            start = time.perf_counter()
            question = session.next_question()
            times.append(time.perf_counter() - start)
            if question is None:
                break
            session.answer(question.name, teller.answer(session, question.name))
    return times


def _form(session: Session, question, value) -> dict:
    """The form the browser posts for this answer."""
    name = question.name
    if value == UNKNOWN:
        return {"value": "__unknown__"}
    if value is None and question.kind in ("choice", "yesno") and not question.allow_blank:
        value = session.spec_of(name).default          # what leaving it out of the incident means
    if value is None:
        return {"value": "__blank__"}
    if name == "players":
        form = {}
        for p in value:
            form[f"seat_{p['seat']}"] = "1"
            if p.get("stack") is not None and p["stack"] == p["stack"]:
                form[f"stack_{p['seat']}"] = str(p["stack"])
        return form
    if name == "next":
        if value == DONE:
            return {"kind": "done"}
        return {"entry_yaml": value}           # posted to the same form as a whole entry (see below)
    if name == "marked":
        return {"mark": [str(i) for i in value]}
    if question.kind == "hole_cards":
        return {f"cards_{s}": " ".join(c) for s, c in value.items()}
    if question.kind in ("choice", "yesno", "seat", "club"):
        return {"value": {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) else str(value)}
    if isinstance(value, list):
        return {"text": " ".join(str(v) for v in value)}
    return {"text": str(value)}


def _entry_form(entry: dict, vocab) -> dict | None:
    """A timeline entry as the browser's entry forms post it (None: one it has no form for)."""
    def extra(body: dict, main: tuple, record: str) -> dict | None:
        out = {}
        for key, value in body.items():
            if key in main:
                continue
            spec = vocab.records[record].get(key)
            if spec is None or spec.type not in ("enum", "bool", "amounts", "amount", "number", "int", "seat", "card"):
                return None
            if value == spec.default:
                continue
            out[f"x_{key}"] = ({True: "yes", False: "no"}[value] if isinstance(value, bool) else
                               " ".join(str(v) for v in value) if isinstance(value, list) else str(value))
        return out

    if "seat" in entry and not isinstance(entry.get("seat"), dict):
        more = extra(entry, ("seat", "said", "chips", "did", "in_turn", "in_question"), "action")
        if more is None or not isinstance(entry["seat"], int):
            return None
        chips = entry.get("chips")
        return {"add": "1", "kind": "action", "seat": str(entry["seat"]), "said": entry.get("said", ""),
                "chips": "?" if chips == UNKNOWN else " ".join(str(c) for c in chips or []),
                "did": entry.get("did", ""), "out_of_turn": "yes" if entry.get("in_turn") is False else "",
                "in_question": "yes" if entry.get("in_question") else "", **more}
    (key, body), = entry.items()
    if key == "said":
        more = extra(body, ("by", "words", "in_question"), "said")
        if more is None:
            return None
        return {"add": "1", "kind": "said", "by": str(body["by"]), "words": body["words"],
                "in_question": "yes" if body.get("in_question") else "", **more}
    if key in vocab.records["event"]:
        return {"add": "1", "kind": "event", "event": key, "in_question": "yes" if (body or {}).get("in_question") else ""}
    cards = body if isinstance(body, list) else (body or {}).get("cards") if isinstance(body, dict) else None
    more = extra(body, ("cards", "in_question"), "street_entry") if isinstance(body, dict) else {}
    if more is None or isinstance(body, (int, str)):
        return None
    return {"add": "1", "kind": "street", "street": key, "cards": " ".join(cards or []),
            "in_question": "yes" if isinstance(body, dict) and body.get("in_question") else "", **more}


def over_http(kb, cases) -> tuple[list, int]:
    db = Path(tempfile.mkdtemp()) / "speed.sqlite3"
    proc = subprocess.Popen([str(Path(sys.executable).parent / "floorcall"), "serve", "--port", "0", "--db", str(db)],
                            stdout=subprocess.PIPE, text=True)
    times, skipped = [], 0
    try:
        base = re.search(r"http://127\.0\.0\.1:\d+", proc.stdout.readline()).group(0)
        for path in cases:
            incident = load_incident(path, kb.vocabulary, kb.clubs)
            teller, session = Teller(kb, incident), Session(kb)
            plan = []                    # the answers, in order, and the forms that give them
            ok = True
            while (question := session.next_question()) is not None:
                value = teller.answer(session, question.name)
                form = _form(session, question, value)
                if question.name == "next" and value != DONE:
                    form = _entry_form(value, kb.vocabulary)
                    if form is None:
                        ok = False
                        break
                plan.append((question.name, form))
                session.answer(question.name, value)
            if not ok:
                skipped += 1
                continue
            opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
            page = opener.open(base + "/club", timeout=30).read().decode()
            csrf = re.search(r'name="csrf" value="([^"]+)"', page).group(1)
            post = lambda url, data: opener.open(urllib.request.Request(  # noqa: E731
                base + url, data=urllib.parse.urlencode(dict(data, csrf=csrf), doseq=True).encode()), timeout=30).read()
            post("/club", {"club": incident.house})
            post("/call/new", {})
            plan = [(name, form) for name, form in plan if name != "house"]
            for number, (name, form) in enumerate(plan):
                start = time.perf_counter()
                try:
                    body = post("/call/answer", {"name": name, **form}).decode()
                except urllib.error.HTTPError as error:
                    message = re.search(r'class="error"[^>]*>([^<]*)', error.read().decode())
                    raise RuntimeError(f"{path.name}: the answer to {name} was refused ({error.code}): "
                                       f"{message.group(1) if message else ''} {form}") from None
                times.append(time.perf_counter() - start)
                if "This form has expired" in body or 'class="error"' in body:
                    raise RuntimeError(f"{path.name}: the answer to {name} was refused: {form}")
                shown = re.search(r'name="name" value="([^"]+)"', body)
                expected = plan[number + 1][0] if number + 1 < len(plan) else None
                if (shown.group(1) if shown else None) != expected:
                    raise RuntimeError(f"{path.name}: after {name} the browser shows "
                                       f"{shown.group(1) if shown else 'no question'}, not {expected}")
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    return times, skipped


def main() -> int:
    kb = load_knowledge()
    cases = sorted((ROOT / "cases").glob("*.yaml"))
    local = in_process(kb, cases)
    print(f"in-process ({len(cases)} cases): {figures(local)}")
    count = int(os.environ.get("CASES_OVER_HTTP", "40"))
    remote, skipped = over_http(kb, cases[:count])
    print(f"over HTTP ({count - skipped} cases{f', {skipped} with an entry the browser has no form for' if skipped else ''}): "
          f"{figures(remote)}")
    print(f"next question: {figures(local + remote)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
