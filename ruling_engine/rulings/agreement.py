"""How far floorcall's rulings agree with a case's expected rulings, club by club.

A club-ruling agrees when, for every issue the case expects of that club: the club rules on that
issue, with the expected outcome, the same kind of basis (a clause applies — express or by
reading —, the club is silent, or its clauses conflict), citing at least one of the expected
clauses, and with every expected effect (its numbers included). Where a case argues, from the
rulebook's words, that the expectation is wrong (`disagree:` in its `casebook:` block), the
club-ruling is counted as argued, not as agreeing. Where the case expects a conflict and leans to one
side (`basis: conflict`, `outcome: X`), a conflict ruling that shows X as one of its sides agrees.
"""
from __future__ import annotations

from pathlib import Path

from dataclasses import dataclass, field

from ruling_engine.corrected.now import now_effects

KIND = {"express": "covered", "reading": "covered", "not covered": "silent", "conflict": "conflict",
        "depends": "depends", "does not arise": "does not arise"}


@dataclass
class ClubVerdict:
    case: str
    club: str
    agrees: bool
    argued: bool = False
    problems: list = field(default_factory=list)


def _numbers(value) -> tuple:
    """Seats or amounts however written: [1, 4, 7], '1, 4 and 7', 'seats 1, 4, 7' -> (1, 4, 7)."""
    import re
    if isinstance(value, (list, tuple)):
        return tuple(float(v) for v in value if isinstance(v, (int, float)) and not isinstance(v, bool))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return (float(value),)
    return tuple(float(n) for n in re.findall(r"\d+(?:\.\d+)?", str(value).replace(",", "")))


def _param_matches(want, have) -> bool:
    if want in ("side", "side-1") and have in ("side", "side-1"):
        return True                    # the one side pot, however named
    if isinstance(want, str) and " " in want.strip():
        return True                    # prose ("after the turn betting ..."): read by people, not compared
    if isinstance(want, (list, tuple)) or isinstance(have, (list, tuple)):
        return sorted(_numbers(want)) == sorted(_numbers(have))
    if isinstance(want, (int, float)) and not isinstance(want, bool) and isinstance(have, (int, float)):
        return abs(want - have) < 1e-9
    return want == have


def _level_matches(key: str, want, have: dict) -> bool:
    """A level written as its number ("level: 7") is the level floorcall names old or new and
    numbers (blinds-level's number)."""
    return key == "level" and isinstance(want, int) and not isinstance(want, bool) and have.get("number") == want


def _effect_present(want: dict, effects: list) -> bool:
    return any(have.get("effect") == want.get("effect") and
               all(k == "effect" or _param_matches(v, have.get(k)) or _level_matches(k, v, have)
                   for k, v in want.items() if k in have or not (isinstance(v, str) and " " in v.strip()))
               for have in effects)


def _expected_items(expected) -> list:
    """An issue's expectation: one mapping, or a list of them (one per point: `point: N`, counted from 0
    in the order of the incident's points, as `Ruling.point`)."""
    return expected if isinstance(expected, list) else [expected]


def judge_issue(issue: str, want: dict, rulings: list, settlement=()) -> list:
    """What is wrong with a club's rulings on `issue` against one expectation (empty: it agrees)."""
    candidates = [r for r in rulings if r.issue == issue]
    if "point" in want:
        candidates = [r for r in candidates if r.point == want["point"]] or candidates
    if not candidates:
        return [f"{issue}: not ruled on (ruled: {', '.join(sorted({r.issue for r in rulings})) or 'nothing'})"]
    best = None
    for got in candidates:
        problems = []
        sides = {alt.get("outcome") for alt in got.alternatives} if got.basis == "conflict" else set()
        if got.outcome != want.get("outcome") and not (want.get("basis") == "conflict" and want.get("outcome") in sides):
            problems.append(f"{issue}: outcome {got.outcome}, expected {want.get('outcome')}")
        if KIND.get(got.basis) != KIND.get(want.get("basis")):
            problems.append(f"{issue}: basis {got.basis}, expected {want.get('basis')}")
        cited = {c.clause for c in got.citations}
        if want.get("cites") and not cited & set(want["cites"]):
            problems.append(f"{issue}: cites {sorted(cited)}, expected one of {want['cites']}")
        effects = [e for alt in got.alternatives for e in alt.get("effects", []) + alt.get("money", [])] + \
            list(got.effects) + list(settlement)
        for effect in want.get("effects") or []:
            if not _effect_present(effect, effects):
                problems.append(f"{issue}: no effect {effect}")
        if best is None or len(problems) < len(best):
            best = problems
    return best


def judge(report, expected: dict, case: str, argued: dict | None = None) -> list:
    """One ClubVerdict per club the case has expectations for."""
    verdicts = []
    for club, issues in (expected or {}).items():
        answer = report.answers.get(club)
        rulings = answer.rulings if answer else []
        # what the answer tells the floor: its pots, and who acts now with what he may do (the Now)
        settlement = (list(answer.settlement) + now_effects(answer.now)) if answer else []
        problems = []
        for issue, want in (issues or {}).items():
            for item in _expected_items(want):
                problems += judge_issue(issue, item, rulings, settlement)
        argued_here = bool(argued and club in argued)
        verdicts.append(ClubVerdict(case, club, not problems, argued_here and bool(problems), problems))
    return verdicts


@dataclass
class Tally:
    verdicts: list

    @property
    def agree(self) -> int:
        return sum(v.agrees for v in self.verdicts)

    @property
    def argued(self) -> int:
        return sum(v.argued for v in self.verdicts)

    @property
    def total(self) -> int:
        return len(self.verdicts)

    def line(self) -> str:
        share = 100 * self.agree / self.total if self.total else 0
        open_ = self.total - self.agree - self.argued
        return (f"{self.agree} of {self.total} club-rulings agree with the casebook ({share:.0f}%); "
                f"{self.argued} disagree with the disagreement argued in the case file; {open_} disagree unargued")


UPHELD = ("floorcall", "both")      # a blind adjudicator found the text supports floorcall's answer


def upheld(block: dict) -> dict:
    """The disagreements of a case's `casebook:` block that count as argued: each argued in the
    file (`disagree:`) and upheld by a blind adjudicator (`adjudicated: <club>: {verdict: ...}`:
    floorcall's answer preferred, or the text found to support both). One the adjudicator decided
    for the key is a fault, whatever the file argues; one not yet adjudicated is not argued."""
    adjudicated = block.get("adjudicated") or {}
    return {club: argument for club, argument in (block.get("disagree") or {}).items()
            if (adjudicated.get(club) or {}).get("verdict") in UPHELD}


def _case_data(path: Path) -> dict:
    """A casebook file read by the reader `rule-on` reads it with: what one accepts the other does,
    and a malformed file is an error naming the file and its line, never a parser's traceback."""
    from ruling_engine.incident.yaml_source import load_file
    return load_file(path, what="a casebook case (an incident with its expected rulings)")


def casebook_tally(kb, folder, clubs=None, cases=None, rule=None) -> Tally:
    """Rule on every casebook case in `folder` and judge each club-ruling against its expectation.
    `rule(path, kb)` rules one file (rule_on by default; the test suite passes its memo of rulings)."""
    from ruling_engine.rulings.rule_on import rule_on
    verdicts = []
    for path in sorted(folder.glob("*.yaml")):
        if cases and path.stem not in cases:
            continue
        data = _case_data(path)
        expected = {c: v for c, v in (data.get("expected") or {}).items() if not clubs or c in clubs}
        argued = upheld((data.get("casebook") or {}))
        report = (rule or rule_on)(path, kb=kb)
        verdicts += judge(report, expected, path.stem, argued)
    return Tally(verdicts)


def clauses_resting(kb, folder) -> dict:
    """Per club: which of its normative clauses an independent call rests on (the call's expected
    ruling for that club cites it), and which none does. {club: {"normative", "resting", "missing"}}"""
    cited: dict = {club: set() for club in kb.clauses}
    for path in sorted(Path(folder).glob("*.yaml")):
        data = _case_data(path)
        for club, issues in (data.get("expected") or {}).items():
            for want in (issues or {}).values():
                for item in _expected_items(want):
                    cited.setdefault(club, set()).update(item.get("cites") or [])
    out = {}
    for club, clauses in kb.clauses.items():
        normative = [cid for cid, c in clauses.items() if c.normative]
        resting = [cid for cid in normative if cid in cited.get(club, ())]
        out[club] = {"normative": len(normative), "resting": len(resting),
                     "missing": [cid for cid in normative if cid not in cited.get(club, ())]}
    return out
