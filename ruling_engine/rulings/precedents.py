"""Bundled precedents: the incidents in cases/ whose expected ruling is on the same issue with the
same outcome (earlier rulings from the ruling log are rulings/log.py's `precedents`)."""
from __future__ import annotations

import functools
from pathlib import Path


from ruling_engine.incident.yaml_source import yaml      # PyYAML, its patterns compiled on first use
from ruling_engine.knowledge.cache import DeferredValues, cached
from ruling_engine.locations import cases_dir

CASES_DIR = cases_dir()     # beside the knowledge folder in use (ruling_engine/locations.py)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=2)
def case_index(folder: Path = CASES_DIR) -> tuple:
    """(file, title, club, issue, outcome, cited clauses) for every expected ruling in the cases folder."""
    rows = cached("case-outcomes", [folder], lambda: _build_index(folder), top_level=True)
    return tuple(tuple(row) for row in rows)


def _build_index(folder: Path) -> tuple:
    rows = []
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}
        except (OSError, yaml.YAMLError):
            continue
        for club, issues in (data.get("expected") or {}).items():
            for issue, expected in (issues or {}).items():
                outcome = (expected or {}).get("outcome")
                if outcome:
                    rows.append((path.name, str(data.get("title", path.stem)), club, str(issue), str(outcome),
                                 sorted(str(c) for c in (expected or {}).get("cites") or ())))
    return tuple(rows)


@functools.lru_cache(maxsize=2)
def _by_outcome(folder: Path) -> DeferredValues:
    """(club, issue, outcome) -> [(file, title, cited clauses)]: worked out once and kept in the
    cache, each list decoded when a ruling looks it up."""
    # top_level: the index reads only the case files directly in the folder (folder/*.yaml), not
    # the hundreds in its subfolders (casebook/, notions/, ...), so only they are looked at
    return cached("case-precedents", [folder], lambda: DeferredValues(_index_by_outcome(folder)), top_level=True)


def _index_by_outcome(folder: Path) -> dict:
    index: dict = {}
    for file, title, club, issue, outcome, cites in _build_index(folder):   # no entry of its own
        found = index.setdefault((club, issue, outcome), [])
        if all(f != file for f, _, _ in found):
            found.append((file, title, frozenset(cites)))
    return index


def precedents_for(club: str, issue: str, outcome: str, exclude_file: str = "", folder: Path = CASES_DIR,
                   clauses=()) -> list:
    """Cases (file, title) whose expected ruling under `club` is on `issue` with `outcome`, those
    citing more of the same `clauses` first."""
    name = Path(exclude_file).name
    wanted = set(clauses)
    found = [(f, t, c) for f, t, c in _by_outcome(folder).get((club, issue, outcome), ()) if f != name]
    found.sort(key=lambda item: (-len(item[2] & wanted), item[0]))
    return [(f, t) for f, t, _ in found]
