"""One ruling per incident file per test process: the memo the suite's whole-folder tests share.

Many test modules rule the same incident files (every case for the expected rulings, the
casebook's tally, one answer per club, every rule reached, warnings per incident). `ruled(path, kb)`
rules a file once per worker and gives every later caller the same Report. The key is the file's
path and its exact bytes, the house asked for, the options of the ruling and the knowledge base
itself (the session's `kb`), so a file that changes, another house or other options is ruled again.

The Report is shared: a caller reads it and never changes it (a test that needs to change one
rules the file itself with rule_on).

Under pytest-xdist the workers share one more memo, a folder (FLOORCALL_TEST_MEMO, made by
conftest.py for the run and removed after it): a Report one worker has ruled is pickled there and
read by the others, so the casebook is ruled once per run, not once per worker. Its key adds the
bytes of every knowledge file to the one above (another process cannot share the kb object).
"""
from __future__ import annotations

import hashlib
import os
import pickle
import tempfile
from pathlib import Path

_MEMO: dict = {}     # (path, sha256 of its bytes, house, with_precedents, id(kb)) -> (kb, Report)
_KNOWLEDGE: dict = {}  # id(kb) -> (kb, sha256 of its knowledge files' names and bytes)
stats = {"ruled": 0, "reused": 0, "shared": 0}
SHARED = "FLOORCALL_TEST_MEMO"


def _knowledge_digest(kb) -> str:
    """A digest of the knowledge folder `kb` was loaded from (every file's name and bytes), once per kb."""
    entry = _KNOWLEDGE.get(id(kb))
    if entry is None or entry[0] is not kb:
        digest = hashlib.sha256()
        root = Path(kb.root)
        for path in sorted(p for p in root.rglob("*") if p.is_file()):
            digest.update(str(path.relative_to(root)).encode() + b"\0" + path.read_bytes() + b"\0")
        entry = _KNOWLEDGE[id(kb)] = (kb, digest.hexdigest())
    return entry[1]


def _shared_entry(key: tuple, kb) -> Path | None:
    """Where the workers' shared memo keeps the Report of `key`, or None outside a run that has one."""
    folder = os.environ.get(SHARED)
    if not folder or not os.path.isdir(folder):
        return None
    name = hashlib.sha256(repr((*key[:4], _knowledge_digest(kb))).encode()).hexdigest()
    return Path(folder) / f"{name}.pickle"


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
    shared = _shared_entry(key, kb)
    if shared is not None and shared.exists():
        report = pickle.loads(shared.read_bytes())
        stats["shared"] += 1
    else:
        report = rule_incident(load_incident(path, kb.vocabulary, kb.clubs), kb, house, with_precedents=with_precedents)
        stats["ruled"] += 1
        if shared is not None:
            with tempfile.NamedTemporaryFile(dir=shared.parent, delete=False) as out:   # whole or not at all
                out.write(pickle.dumps(report))
            os.replace(out.name, shared)
    _MEMO[key] = (kb, report)
    return report
