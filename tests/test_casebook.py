"""The independent casebook (issues 13 and 21): 87 floor calls with each club's ruling written from
the rulebooks by readers who had not seen floorcall's rules (cases/casebook/, from
../shared/casebook/ and ../shared/casebook-2/).

Every club-ruling agrees with the casebook, or the case file argues the disagreement from the
rulebook's words (`casebook: disagree: <club>: <issue>: ...`). The ones still open are listed
in tests/casebook_open.yaml with what differs; the README's figure is the one `floorcall casebook`
prints.
"""
import functools
import re

import pytest
import yaml

from ruling_engine.rulings.agreement import casebook_tally

from conftest import CASES, ROOT
from rulings_memo import ruled

CASEBOOK = CASES / "casebook"
OPEN = {(case, club): why for case, clubs in (yaml.safe_load((ROOT / "tests" / "casebook_open.yaml").read_text(
    encoding="utf-8")) or {}).items() for club, why in clubs.items()}     # (case, club) -> what differs, not yet argued


@pytest.fixture(scope="module")
def tally(kb):
    return casebook_tally(kb, CASEBOOK, rule=ruled)


_VERDICTS: dict = {}        # case -> its club verdicts, ruled once per test process (rulings_memo)


def _verdict(kb, case: str, club: str):
    """One case's verdict for one club, ruling only that case's file: the parametrized tests below
    share the casebook between the test processes instead of each ruling all of it."""
    if case not in _VERDICTS:
        _VERDICTS[case] = casebook_tally(kb, CASEBOOK, cases=[case], rule=ruled).verdicts
    return next(v for v in _VERDICTS[case] if v.club == club)


@functools.cache
def _case_data(path) -> dict:
    """A casebook file as read, once per test process (the tests below only read it; it was read
    three times more, the parametrization included, and the pure-Python reader is slow)."""
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _pairs():
    out = []
    for path in sorted(CASEBOOK.glob("*.yaml")):
        data = _case_data(path)
        out += [(path.stem, club) for club in data.get("expected") or {}]
    return out


def test_the_casebook_is_all_there():
    """The independent calls: ../shared/casebook (D, 45), ../shared/casebook-2 (G, 42), and the
    blind batches of 2026-12-06 once graded (F, 16; H, 40; K, 16; L, 8; M, 33; N, 16; P, 12; Q, 16;
    R, 16; S, 16; T, 16; U, 16; V, 12; W, 16; X, 16; Y, 16; Z, 12; J, 16 calls in 17 files; E, 16; A, 16; B, 16; C, 16 calls in 17 files; I, 16; O, 32 calls in 33 files; L again, 16 (L301–L604); Z again, 16 (Z401–Z704); V again, 16 calls in 17 files (V401–V704); P again, 16 (P501–P804); Q again, 16 (Q501–Q804); R again, 16 (R501–R804); docs/fidelity.md)."""
    assert len(_pairs()) == 4 * (45 + 42 + 16 + 40 + 16 + 8 + 33 + 16 + 12 + 16 + 16 + 16 + 16 + 16 + 12 + 16 + 16 + 16 + 12 + 17 + 16 + 16 + 16 + 17 + 16 + 17 + 16 + 16 + 16 + 17 + 16 + 16 + 16)


@pytest.mark.parametrize("case,club", _pairs(), ids=lambda v: v)
def test_each_club_ruling_agrees_or_is_argued_from_the_text(kb, case, club):
    verdict = _verdict(kb, case, club)
    if (case, club) in OPEN:
        if verdict.agrees or verdict.argued:
            pytest.fail(f"{case} {club} is listed as open but now {'agrees' if verdict.agrees else 'is argued'}: "
                        "take it off OPEN")
        pytest.xfail(OPEN[case, club])
    assert verdict.agrees or verdict.argued, f"{case} {club}: " + "; ".join(verdict.problems)


def _plain(text: str) -> str:
    for curly, straight in (("\u2019", "'"), ("\u2018", "'"), ("\u201c", '"'), ("\u201d", '"')):
        text = text.replace(curly, straight)
    return " ".join(re.sub(r"[\"'()]", " ", text).lower().split())


def test_an_argued_disagreement_quotes_the_rulebook():
    """An argument is the rulebook's words: each has at least six consecutive words of its club's
    source in it (quoted however the writer quoted them)."""
    unquoted = []
    for path in sorted(CASEBOOK.glob("*.yaml")):
        data = _case_data(path)
        for club, issues in ((data.get("casebook") or {}).get("disagree") or {}).items():
            source = _plain((ROOT / "knowledge" / "sources" / f"{club}.txt").read_text(encoding="utf-8"))
            for issue, argument in (issues or {}).items():
                words = _plain(str(argument)).split()
                if not any(" ".join(words[i:i + 6]) in source for i in range(len(words) - 5)):
                    unquoted.append(f"{path.stem} {club} {issue}")
    assert unquoted == []


def test_the_readme_states_the_figure_floorcall_casebook_prints(tally):
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert f"{tally.agree} of {tally.total} club-rulings agree" in readme


def test_casebook_clauses_lists_per_club_the_normative_clauses_no_independent_call_rests_on(kb):
    """`floorcall casebook --clauses` (issue 21): a clause an independent call cites for its club is
    counted as resting on it; D101's edp key cites edp 8 ¶7, so edp.8-7 is not listed as missing."""
    from conftest import run_cli
    from ruling_engine.rulings.agreement import clauses_resting
    rows = clauses_resting(kb, CASEBOOK)
    assert "edp.8-7" not in rows["edp"]["missing"] and rows["edp"]["resting"] >= 1
    assert all(row["resting"] + len(row["missing"]) == row["normative"] for row in rows.values())
    out = run_cli("floorcall", "casebook", "--clauses").stdout
    for club, row in rows.items():
        assert f"{club}: {row['resting']} of {row['normative']} normative clauses rest on an independent call" in out


def test_each_numbered_point_of_an_expectation_is_one_of_the_incident_s_points(kb):
    """`point: N` counts the incident's points from 0 (as a ruling's point): a number past the last
    point would silently compare the expectation with every point's ruling instead of its own."""
    wrong = []
    for path in sorted(CASEBOOK.glob("*.yaml")):
        expected = _case_data(path).get("expected") or {}
        numbers = {item["point"] for issues in expected.values() for want in (issues or {}).values()
                   if isinstance(want, list) for item in want if isinstance(item.get("point"), int)}
        if numbers and max(numbers) >= len(ruled(path, kb).points):
            wrong.append((path.stem, sorted(numbers), len(ruled(path, kb).points)))
    assert wrong == []


def test_a_casebook_file_is_read_as_rule_on_reads_it_and_a_malformed_one_is_an_error_at_its_line(kb, tmp_path):
    """`floorcall casebook` reads each file with rule-on's reader: a hand written `[Q?, J?]`, which
    rule-on accepts (libyaml) and PyYAML's pure reader refuses, is tallied; a malformed file is an
    error naming the file and line (exit 2), never an internal error."""
    from ruling_engine.errors import FloorcallError
    from ruling_engine.rulings.agreement import casebook_tally
    text = (CASEBOOK / "I403.yaml").read_text(encoding="utf-8").replace("['Q?', 'J?']", "[Q?, J?]")
    assert "[Q?, J?]" in text
    (tmp_path / "I403.yaml").write_text(text, encoding="utf-8")
    assert casebook_tally(kb, tmp_path).total == 4
    (tmp_path / "Z999.yaml").write_text("title: x\nhouse: edp\nplayers: [\n", encoding="utf-8")
    with pytest.raises(FloorcallError) as raised:
        casebook_tally(kb, tmp_path)
    assert raised.value.file.endswith("Z999.yaml") and raised.value.line == 4
