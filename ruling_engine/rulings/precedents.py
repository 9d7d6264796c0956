"""Precedents: the incidents in cases/ whose expected rulings rest on the same clauses."""
from __future__ import annotations

import functools
from pathlib import Path

import yaml

from ruling_engine.knowledge.cache import cached
from ruling_engine.locations import cases_dir

CASES_DIR = cases_dir()     # beside the knowledge folder in use (ruling_engine/locations.py)
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@functools.lru_cache(maxsize=2)
def case_index(folder: Path = CASES_DIR) -> tuple:
    """(file, title, club, clause ids) for every expected ruling in the cases folder."""
    return cached("cases", [folder], lambda: _build_index(folder))


def _build_index(folder: Path) -> tuple:
    rows = []
    for path in sorted(Path(folder).glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_Loader) or {}
        except (OSError, yaml.YAMLError):
            continue
        for club, issues in (data.get("expected") or {}).items():
            for expected in (issues or {}).values():
                cites = frozenset((expected or {}).get("cites") or ())
                if cites:
                    rows.append((path.name, data.get("title", path.stem), club, cites))
    return tuple(rows)


def precedents_for(club: str, clause_ids, exclude_file: str = "", folder: Path = CASES_DIR) -> list:
    """Cases (file, title) whose ruling under `club` cites any of these clauses."""
    wanted = set(clause_ids)
    excluded = Path(exclude_file).name
    out = []
    for file, title, case_club, cites in case_index(folder):
        if case_club == club and cites & wanted and file != excluded:
            if (file, title) not in out:
                out.append((file, title))
    return out
