"""One dispatch for every event kind: each kind's reader is registered beside the facts it works
out (derive.py, deal.py, money.py, table.py, tournament.py), and `event_facts` reads a point's
events through them, in timeline order (a later event of a kind over an earlier one, as context).

    @reads("hand_mucked")
    def _muck(event, ctx): ...          # -> {fact: value}

    @reads_together("table_count")
    def _tables(events, ctx): ...       # every entry of the kind at once (one thing in several entries)

A reader gets the point's view of the incident (`ctx.data`), the hand after the last entry
(`ctx.final_state`), the action in question (`ctx.index`) and the facts worked out so far
(`ctx.facts`, those of earlier events included).
"""
from __future__ import annotations

from ruling_engine.records import dataclass

READERS: dict = {}          # event kind -> reader(event, ctx)
TOGETHER: dict = {}         # name -> (kinds, reader(events by kind, ctx))


@dataclass
class Context:
    data: dict
    final_state: object
    index: int | None
    facts: dict


def reads(*kinds):
    def register(reader):
        for kind in kinds:
            if kind in READERS:
                raise ValueError(f"two readers for event kind {kind!r}")
            READERS[kind] = reader
        return reader
    return register


def reads_together(*kinds):
    """A reader of every entry of these kinds at once: reader({kind: [events]}, ctx)."""
    def register(reader):
        TOGETHER[reader.__name__] = (kinds, reader)
        return reader
    return register


def event_facts(data: dict, final_state, index, facts: dict) -> dict:
    """The facts of a point's events, every kind by its registered reader."""
    out: dict = {}
    ctx = Context(data, final_state, index, dict(facts))
    for event in data.get("events", []):
        reader = READERS.get(event["event"])
        if reader is not None:
            out.update(reader(event, ctx))
            ctx.facts.update(out)
    for kinds, reader in TOGETHER.values():
        found = {kind: [e for e in data.get("events", []) if e["event"] == kind] for kind in kinds}
        if any(found.values()):
            out.update(reader(found, ctx))
            ctx.facts.update(out)
    return out
