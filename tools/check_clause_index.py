#!/usr/bin/env python3
"""Check the clause index files knowledge/clauses/<club>.yaml against knowledge/sources/<club>.txt.

For each club it checks that
  * the file loads, has `club: <club>` and a `clauses` list;
  * every clause has id, locator, kind, topic and text (non-empty strings), no unknown fields,
    kind is one of ruling/procedure/conduct/admin, the id is `<club>.<lowercase slug>`, the
    locator starts with `<club> `, and `normative: false` comes with a one-line `reason`;
  * ids (and locators) are unique within the club;
  * every text occurs verbatim in the source after whitespace folding (every run of whitespace
    collapsed to one space, ends stripped);
and then reports every non-blank source line whose text no clause covers.  Leading list markers
("•", "a)", "n.", "6a.") and stray punctuation don't count as text.  Lines that nothing covers and
that look like headings (short, no closing punctuation, or all capitals) are listed as
"uncovered (heading?)"; anything else uncovered is an error.

Usage: python tools/check_clause_index.py [club ...]      (default: edp gala fpc ppl)
Exit status 0 when there are no errors (heading lines alone don't fail the check).
Standard library + PyYAML only.
"""
import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
CLUBS = ("edp", "gala", "fpc", "ppl")
KINDS = {"ruling", "procedure", "conduct", "admin"}
REQUIRED = ("id", "locator", "kind", "topic", "text")
OPTIONAL = ("normative", "reason")
WS = re.compile(r"\s+")
MARKER = re.compile(r"^\s*(?:\.?•|[a-z]{1,2}\)\.?|\d+[a-z]?\.)\s*")


def fold(s):
    return WS.sub(" ", s).strip()


def folded_lines(raw):
    """Fold the source line by line; return (folded text, [(lineno, start, end, line text)]).

    Joining the folded non-blank lines with single spaces is exactly fold(raw)."""
    parts, spans, pos = [], [], 0
    for n, line in enumerate(raw.split("\n"), 1):
        f = fold(line)
        if not f:
            continue
        if parts:
            pos += 1
        spans.append((n, pos, pos + len(f), f))
        parts.append(f)
        pos += len(f)
    return " ".join(parts), spans


def looks_like_heading(text):
    body = MARKER.sub("", text).strip()
    if body and body == body.upper() and re.search(r"[A-Z]", body):
        return True
    return len(body.split()) <= 8 and not re.search(r"[.;:,!?)]$", body)


def check_club(club):
    errors, headings = [], []
    ypath = ROOT / "knowledge" / "clauses" / f"{club}.yaml"
    spath = ROOT / "knowledge" / "sources" / f"{club}.txt"
    try:
        data = yaml.safe_load(ypath.read_text(encoding="utf-8"))
    except Exception as e:  # noqa: BLE001 - report any load failure
        return [f"{ypath.name}: cannot load: {e}"], [], 0
    raw = spath.read_text(encoding="utf-8")
    src, spans = folded_lines(raw)
    assert src == fold(raw)

    if not isinstance(data, dict) or data.get("club") != club:
        errors.append(f"{ypath.name}: top level must be a mapping with club: {club}")
        return errors, headings, 0
    clauses = data.get("clauses")
    if not isinstance(clauses, list) or not clauses:
        errors.append(f"{ypath.name}: 'clauses' must be a non-empty list")
        return errors, headings, 0

    covered = bytearray(len(src))
    seen_ids, seen_locs = {}, {}
    cursor = 0
    id_re = re.compile(rf"^{club}\.[a-z0-9]+(?:-[a-z0-9]+)*$")
    for i, c in enumerate(clauses):
        where = f"{ypath.name} clause #{i + 1}"
        if not isinstance(c, dict):
            errors.append(f"{where}: not a mapping")
            continue
        where += f" ({c.get('id', '?')})"
        for f in REQUIRED:
            if not isinstance(c.get(f), str) or not c.get(f).strip():
                errors.append(f"{where}: missing or empty field '{f}'")
        extra = set(c) - set(REQUIRED) - set(OPTIONAL)
        if extra:
            errors.append(f"{where}: unknown field(s) {sorted(extra)}")
        if "normative" in c or "reason" in c:
            if c.get("normative") is not False:
                errors.append(f"{where}: 'normative' may only be given as false")
            r = c.get("reason")
            if not isinstance(r, str) or not r.strip() or "\n" in r:
                errors.append(f"{where}: normative: false needs a one-line 'reason'")
        cid, loc, text = c.get("id"), c.get("locator"), c.get("text")
        if isinstance(cid, str):
            if not id_re.match(cid):
                errors.append(f"{where}: id must look like {club}.<lowercase-slug>")
            if cid in seen_ids:
                errors.append(f"{where}: duplicate id (also clause #{seen_ids[cid]})")
            seen_ids.setdefault(cid, i + 1)
        if isinstance(loc, str):
            if not loc.startswith(club + " "):
                errors.append(f"{where}: locator must start with '{club} '")
            if loc in seen_locs:
                errors.append(f"{where}: duplicate locator (also clause #{seen_locs[loc]})")
            seen_locs.setdefault(loc, i + 1)
        if c.get("kind") not in KINDS:
            errors.append(f"{where}: kind must be one of {sorted(KINDS)}")
        if not isinstance(text, str) or not text.strip():
            continue
        if text != fold(text):
            errors.append(f"{where}: text is not whitespace-folded")
        t = fold(text)
        # Prefer the occurrence at/after the previous clause (files are in source order).
        p = src.find(t, cursor)
        if p < 0:
            p = src.find(t)
        if p < 0:
            errors.append(f"{where}: text not found in folded {spath.name}: {t[:70]!r}")
            continue
        cursor = p
        covered[p:p + len(t)] = b"\x01" * len(t)

    for n, start, end, line in spans:
        residue = "".join(ch if not covered[start + k] else " " for k, ch in enumerate(line))
        residue = MARKER.sub("", residue)
        if not re.search(r"\w", residue):
            continue
        if not any(covered[start:end]) and looks_like_heading(line):
            headings.append(f"{spath.name}:{n}: {line}")
        elif any(covered[start:end]):
            errors.append(f"{spath.name}:{n}: partly uncovered: {fold(residue)[:90]!r}")
        else:
            errors.append(f"{spath.name}:{n}: UNCOVERED: {line[:90]!r}")
    return errors, headings, len(clauses)


def main(argv):
    clubs = argv or list(CLUBS)
    bad = 0
    for club in clubs:
        if club not in CLUBS:
            print(f"unknown club {club!r}; expected one of {', '.join(CLUBS)}")
            bad += 1
            continue
        errors, headings, n = check_club(club)
        print(f"{club}: {n} clauses, {len(errors)} error(s), {len(headings)} uncovered heading line(s)")
        for e in errors:
            print(f"  ERROR {e}")
        for h in headings:
            print(f"  uncovered (heading?) {h}")
        bad += len(errors)
    print("OK" if not bad else f"FAILED: {bad} error(s)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
