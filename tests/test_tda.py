"""The Poker TDA 2024 worked examples (../shared/tda/examples.md), described as incidents in
cases/tda/ by a reader who had not seen the rules, rule under edp as each case's `expected:` says
(issue 13, last "Done when" point): the TDA's own ruling where edp's text reproduces the rule, and
edp's ruling where it does not, with the edp sentence that makes edp differ quoted verbatim.

Judged as `floorcall casebook` judges: the expected outcome, the same kind of basis, one of the
expected clauses, every expected effect with its numbers (ruling_engine.rulings.agreement.judge).
"""
import re

import pytest
import yaml

from ruling_engine.rulings.agreement import judge

from conftest import CASES, ROOT
from rulings_memo import ruled

TDA_CASES = sorted((CASES / "tda").glob("*.yaml"))

# Cases that do not yet rule as expected, each with why; strict, so a case that starts to agree
# must be taken off this list.
OPEN: dict = {}


def _data(path):
    return yaml.safe_load(path.read_text(encoding="utf-8"))


def _edp_text() -> str:
    return " ".join((ROOT / "knowledge" / "sources" / "edp.txt").read_text(encoding="utf-8").split())


@pytest.fixture(scope="module")
def reports(kb):
    return {path.stem: ruled(path, kb) for path in TDA_CASES}


def test_every_tda_example_is_a_case():
    examples = {(_data(path).get("tda") or {}).get("example") for path in TDA_CASES}
    assert set(range(1, 31)) <= examples


def _params():
    for path in TDA_CASES:
        marks = [pytest.mark.xfail(reason=OPEN[path.stem], strict=True)] if path.stem in OPEN else []
        yield pytest.param(path, marks=marks, id=path.stem)


@pytest.mark.parametrize("path", list(_params()))
def test_tda_case_rules_under_edp_as_expected(path, reports):
    expected = _data(path).get("expected") or {}
    assert set(expected) == {"edp"}, "a TDA case expects edp's ruling only"
    (verdict,) = judge(reports[path.stem], expected, path.stem)
    assert verdict.agrees, "; ".join(verdict.problems)


@pytest.mark.parametrize("path", TDA_CASES, ids=lambda p: p.stem)
def test_where_edp_differs_the_case_quotes_the_edp_sentence_verbatim(path):
    tda = _data(path).get("tda") or {}
    assert tda.get("edp_agrees") in (True, False), "tda: says whether edp agrees"
    if tda["edp_agrees"]:
        return
    quote = " ".join(str(tda.get("edp_differs_because") or "").split())
    assert quote, "edp_differs_because quotes the edp sentence that makes edp differ"
    assert quote in _edp_text(), f"not verbatim in knowledge/sources/edp.txt: {quote!r}"
    assert re.search(r"[.!?]$", quote) or len(quote.split()) >= 8, "a sentence, not a fragment"


def test_the_open_list_names_only_tda_cases():
    assert set(OPEN) <= {path.stem for path in TDA_CASES}
