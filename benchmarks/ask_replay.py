"""Replay every case through the questionnaire, answering from the incident itself.

The timeline is told entry by entry ("what happened next?"), each event with no fields but its
mark: the questionnaire asks for the fields it needs. Reports how many questions each case needed
and whether the ruling reached equals `rule-on`'s (every club, every issue: outcome, basis,
decision, do-lines, cited clauses).
Rerun: `.venv/bin/python benchmarks/ask_replay.py` (exit 1 if any case reaches another ruling).
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ruling_engine.ask.questionnaire import DONE, HOLE_CARDS, Session, ruling_signature  # noqa: E402
from ruling_engine.incident.load import incident_as_written, load_incident  # noqa: E402
from ruling_engine.knowledge.load import load_knowledge  # noqa: E402
from ruling_engine.rulings.rule_on import rule_incident  # noqa: E402


class Teller:
    """Answers the questionnaire from one incident, as the floor person who saw it would."""

    def __init__(self, kb, incident):
        self.kb = kb
        self.written = incident_as_written(incident.data)
        self.entries = list(self.written["timeline"])
        self.told = 0

    def answer(self, session: Session, name: str):
        data = self.written
        events = session.vocab.records["event"]
        if name == "house":
            return data["house"]
        if name == "next":
            if self.told == len(self.entries):
                return DONE
            entry = self.entries[self.told]
            self.told += 1
            (key, body), = entry.items() if len(entry) == 1 else ((None, None),)
            if key in events:
                return {key: {"in_question": True} if (body or {}).get("in_question") else {}}
            return entry
        if name == "marked":
            return []              # asked only when the incident marks nothing
        if name == "players":
            return [{k: v for k, v in p.items() if k != "cards"} for p in data["players"]]
        if name == HOLE_CARDS:
            return {p["seat"]: p["cards"] for p in data["players"] if p.get("cards")} or None
        head, _, key = name.partition(".")
        if head == "game":
            return data["game"].get(key)
        kind, _, number = head.partition("#")
        if kind in events:
            bodies = [e[kind] or {} for e in self.entries if len(e) == 1 and kind in e]
            return bodies[int(number or 1) - 1].get(key)
        if head == "players":
            return None
        return data.get(name)


def replay(kb, path: Path, timings: list | None = None) -> tuple:
    """(questions asked, same ruling as rule-on?, names asked)."""
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    teller = Teller(kb, incident)
    session = Session(kb)
    asked = []
    while True:
        start = time.perf_counter()
        question = session.next_question()
        if timings is not None:
            timings.append(time.perf_counter() - start)
        if question is None:
            break
        asked.append(question.name)
        if len(asked) > 400:
            raise RuntimeError(f"{path.name}: more than 400 questions")
        session.answer(question.name, teller.answer(session, question.name))
    expected = ruling_signature(rule_incident(incident, kb, with_precedents=False))
    reached = ruling_signature(session.report(with_precedents=False))
    return len(asked), reached == expected, asked


def main() -> int:
    kb = load_knowledge()
    counts, failures = [], []
    for path in sorted((ROOT / "cases").glob("*.yaml")):
        count, same, asked = replay(kb, path)
        counts.append(count)
        mark = "same ruling" if same else "DIFFERENT RULING"
        shown = [n for n in asked if n != "next"]
        print(f"{path.name:48} {count:3} questions  {mark}  [{asked.count('next')} x next, {', '.join(shown)}]")
        if not same:
            failures.append(path.name)
    print(f"\n{len(counts)} cases: median {statistics.median(counts)} questions, max {max(counts)}; "
          f"{len(counts) - len(failures)} reach rule-on's ruling, {len(failures)} do not")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
