"""Which clauses of each club's index are encoded by at least one rule."""
from __future__ import annotations


def coverage(kb) -> dict:
    """{"clubs": {club: {"clauses", "encoded", "missing", "non_normative"}}}.

    A clause counts as encoded when a rule cites it, or when it is one of the club's discretion
    clauses (the engine cites those whenever the club is silent). Clauses marked non-normative in
    the index (headings, purpose statements, adverts) are listed apart and not counted missing.
    """
    clubs = {}
    for club, clauses in kb.clauses.items():
        cited = {rule.clause for rule in kb.rules.get(club, [])} | set(kb.clubs[club].discretion_for(None)) | {c for _, ids in kb.clubs[club].topic_discretion for c in ids}
        normative = [cid for cid, c in clauses.items() if c.normative]
        clubs[club] = {
            "clauses": len(normative),
            "encoded": sum(1 for cid in normative if cid in cited),
            "missing": [cid for cid in normative if cid not in cited],
            "non_normative": [cid for cid, c in clauses.items() if not c.normative],
        }
    return {"clubs": clubs}


def coverage_text(data: dict) -> str:
    lines = [f"{'club':6} {'clauses':>8} {'encoded':>8} {'missing':>8}"]
    for club, row in data["clubs"].items():
        lines.append(f"{club:6} {row['clauses']:>8} {row['encoded']:>8} {len(row['missing']):>8}")
    for club, row in data["clubs"].items():
        if row["missing"]:
            lines.append(f"\n{club} not yet encoded ({len(row['missing'])}):")
            lines.append("  " + ", ".join(row["missing"]))
    return "\n".join(lines) + "\n"
