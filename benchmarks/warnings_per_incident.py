"""Warnings per incident (issue 24): how many `rule-on` warnings the incidents of a few folders get.

    .venv/bin/python benchmarks/warnings_per_incident.py [FOLDER_OR_FILE...] [--show]

Without arguments: the bundled cases (cases/, cases/*/) and, when present, the calls new users
described in ../blind/cb2/t*/inc (the batch already seen). Prints, per group, the incidents, the
warnings and the average; --show also prints each warning. An incident that cannot be ruled is
counted apart (its error is not a warning).
"""
from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def groups(args) -> dict:
    if args:
        return {a: sorted(Path(a).glob("*.yaml")) if Path(a).is_dir() else [Path(a)] for a in args}
    out = {"cases": sorted((ROOT / "cases").glob("*.yaml")) + sorted((ROOT / "cases").glob("*/*.yaml"))}
    blind = sorted(Path("/work/blind/cb2").glob("t*/inc/*.yaml"))
    if blind:
        out["cb2 (new users)"] = blind
    return out


def count(files, kb, show=False, rule=None) -> tuple:
    """(incidents ruled, warnings, incidents refused with an error) over incident files; `rule(path,
    kb)` rules one file (rule_on by default; the test suite passes its memo of rulings)."""
    from ruling_engine.errors import FloorcallError
    from ruling_engine.rulings.rule_on import rule_on
    ruled, warned, bad = 0, 0, 0
    for path in files:
        try:
            report = (rule or rule_on)(path, kb=kb)
        except FloorcallError:
            bad += 1
            continue
        ruled += 1
        warned += len(report.warnings)
        if show:
            for warning in report.warnings:
                print(f"  {warning}")
    return ruled, warned, bad


def main() -> None:
    from ruling_engine.knowledge.load import load_knowledge
    show = "--show" in sys.argv
    kb = load_knowledge()
    for name, files in groups([a for a in sys.argv[1:] if a != "--show"]).items():
        ruled, warned, bad = count(files, kb, show)
        mean = warned / ruled if ruled else 0
        print(f"{name}: {ruled} incidents, {warned} warnings, {mean:.2f} per incident"
              + (f" ({bad} not ruled: an error)" if bad else ""))


if __name__ == "__main__":
    main()
