"""Replay every case through the questionnaire, answering from the incident itself.

Reports how many questions each case needed and whether the ruling reached equals `rule-on`'s.
Rerun: `.venv/bin/python benchmarks/ask_replay.py` (exit 1 if any case reaches another ruling).
"""
from __future__ import annotations

import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from ruling_engine.facts.timeline import read_timeline  # noqa: E402
from ruling_engine.incident.load import load_incident  # noqa: E402
from ruling_engine.knowledge.load import load_knowledge  # noqa: E402
from ruling_engine.ask.questionnaire import BETTING, Session, ruling_signature  # noqa: E402
from ruling_engine.rulings.rule_on import rule_incident  # noqa: E402


def answer_from(data: dict, name: str):
    """The incident's own answer to a question (defaults as rule-on would fill them)."""
    if name == "happened":
        kinds = [e["event"] for e in data.get("events", [])]
        return kinds or [BETTING]
    if name == "actions":
        return [{k: v for k, v in a.items() if not k.startswith("_")} for a in data.get("actions", [])]
    if name == "players":
        return [{k: v for k, v in p.items() if k != "cards"} for p in data["players"]]
    if name == "players.cards":
        return {p["seat"]: p["cards"] for p in data["players"] if p.get("cards")} or None
    if "." in name:
        head, tail = name.split(".", 1)
        if head == "game":
            return data["game"].get(tail)
        event = next(e for e in data["events"] if e["event"] == head)
        return event.get(tail)
    if name == "board":
        return data.get("board") or None
    return data.get(name)


def replay(kb, path: Path) -> tuple:
    """(questions asked, same ruling as rule-on?, names asked)."""
    incident = load_incident(path, kb.vocabulary, kb.clubs)
    seen = read_timeline(incident.data, kb.vocabulary.together_kinds).data    # actions, events, street, board
    session = Session(kb)
    asked = []
    while (question := session.next_question()) is not None:
        asked.append(question.name)
        value = answer_from(seen, question.name)
        if value is None and question.name in ("players", "happened", "house"):
            raise RuntimeError(f"{path.name}: the incident has no answer to {question.name}")
        session.answer(question.name, value)         # None: the incident does not say (left out)
    expected = ruling_signature(rule_incident(incident, kb, with_precedents=False))
    reached = ruling_signature(session.report())
    return len(asked), reached == expected, asked


def not_askable(kb, path: Path) -> str:
    """Why the questionnaire cannot describe this incident ('' when it can): it holds one event of
    each kind."""
    data = read_timeline(load_incident(path, kb.vocabulary, kb.clubs).data).data
    kinds = [e["event"] for e in data.get("events", [])]
    if len(kinds) != len(set(kinds)):
        return "has several events of one kind"
    return ""


def main() -> int:
    kb = load_knowledge()
    counts, failures, skipped = [], [], []
    for path in sorted((ROOT / "cases").glob("*.yaml")):
        reason = not_askable(kb, path)
        if reason:
            skipped.append(path.name)
            print(f"{path.name:48} skipped: {reason}, which the questionnaire does not ask for")
            continue
        count, same, asked = replay(kb, path)
        counts.append(count)
        mark = "same ruling" if same else "DIFFERENT RULING"
        print(f"{path.name:48} {count:3} questions  {mark}  [{', '.join(asked)}]")
        if not same:
            failures.append(path.name)
    print(f"\n{len(counts)} cases: median {statistics.median(counts)} questions, max {max(counts)}; "
          f"{len(counts) - len(failures)} reach rule-on's ruling, {len(failures)} do not; "
          f"{len(skipped)} skipped (several events of one kind)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
