"""One ruling per incident file per test process: the memo the suite's whole-folder tests share.

Many test modules rule the same incident files (every case for the expected rulings, the
casebook's tally, one answer per club, every rule reached, warnings per incident). `ruled(path, kb)`
rules a file once per worker and gives every later caller the same Report. The key is the file's
path and its exact bytes, the house asked for, the options of the ruling and the knowledge base
itself (the session's `kb`), so a file that changes, another house or other options is ruled again.

The Report is shared: a caller reads it and never changes it (a test that needs to change one
rules the file itself with rule_on).
"""
from __future__ import annotations

import hashlib
from pathlib import Path

_MEMO: dict = {}     # (path, sha256 of its bytes, house, with_precedents, id(kb)) -> (kb, Report)
stats = {"ruled": 0, "reused": 0}


def ruled(path, kb, house: str | None = None, with_precedents: bool = True):
    """The Report of `rule_on(path, house, kb)` (with_precedents as rule_incident's), ruled once per process."""
    from ruling_engine.incident.load import load_incident
    from ruling_engine.rulings.rule_on import rule_incident

    path = Path(path)
    key = (str(path.resolve()), hashlib.sha256(path.read_bytes()).hexdigest(), house, with_precedents, id(kb))
    entry = _MEMO.get(key)
    if entry is not None and entry[0] is kb:
        stats["reused"] += 1
        return entry[1]
    report = rule_incident(load_incident(path, kb.vocabulary, kb.clubs), kb, house, with_precedents=with_precedents)
    _MEMO[key] = (kb, report)
    stats["ruled"] += 1
    return report
