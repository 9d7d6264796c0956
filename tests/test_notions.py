"""The notions the timeline can say (issue 12, items 1-4), each with a case whose ruling depends on
it: cases/notions/<notion>.yaml, and <notion>-changed.yaml, the same hand with that one notion
changed. Both were written from the rulebooks by a reader who had not seen the rules (double
entry), with each club's expected ruling.

For every notion, at least one club's ruling must agree with the expectation in both files and
differ between them: changing the notion changes that club's ruling, and changes it rightly. A
notion whose pair is built to rule the same (a number said two ways) must give the same rulings.
"""
import pytest
import yaml

from ruling_engine.rulings.agreement import judge
from ruling_engine.rulings.rule_on import rule_on
from rulings_memo import ruled

from conftest import CASES

NOTIONS = CASES / "notions"
PAIRS = sorted(p for p in NOTIONS.glob("*.yaml") if not p.stem.endswith("-changed")
               and (NOTIONS / f"{p.stem}-changed.yaml").exists())
# the pair says the same thing two ways; its header says "the ruling must be the same"
SAME_RULING = {"spoken-number"}
# pairs whose rulings do not yet agree with the readers' in both files for any club, with what is
# still wrong (judged the way `floorcall casebook` judges): none today
OPEN: dict = {}


def _key(answer, issues, points) -> list:
    """The club's rulings on the issues asked, each with whether it answers a marked point (what the
    floor was called for) or one beside the marks (issue 20/21), and the pots its answer gives (what
    is in each pot, what was taken out of it, who wins it)."""
    return sorted((r.issue, r.outcome, repr(sorted(map(repr, r.effects))), points[r.point].marked)
                  for r in answer.rulings if r.issue in issues) + \
        [("the pot", repr(sorted(map(repr, answer.settlement))))] + \
        [("the hand stopped", bool(answer.now.get("stopped")))]   # a stop at its own table (f18/tables)


@pytest.fixture(scope="module")
def rulings(kb):
    """Each notion file ruled once, with its expectation judged per club."""
    out = {}
    for path in sorted(NOTIONS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        report = ruled(path, kb)
        verdicts = {v.club: v for v in judge(report, data["expected"], path.stem)}
        out[path.stem] = (data, report, verdicts)
    return out


def test_every_notion_has_a_changed_twin():
    lonely = [p.stem for p in NOTIONS.glob("*.yaml") if not p.stem.endswith("-changed")
              and not (NOTIONS / f"{p.stem}-changed.yaml").exists() and p.stem != "suit-symbols"]
    assert lonely == []          # suit symbols are a spelling: the case itself is the test
    assert len(PAIRS) >= 20


@pytest.mark.parametrize("notion", [p.stem for p in PAIRS])
def test_changing_the_notion_changes_the_ruling_rightly(rulings, notion):
    if notion in OPEN:
        pytest.xfail(OPEN[notion])
    base_data, base, base_verdicts = rulings[notion]
    changed_data, changed, changed_verdicts = rulings[f"{notion}-changed"]
    right, differs = [], []
    for club, issues in base_data["expected"].items():
        asked = set(issues or {}) | set(changed_data["expected"].get(club) or {})
        if _key(base.answers[club], asked, base.points) != _key(changed.answers[club], asked, changed.points):
            differs.append(club)
        if base_verdicts[club].agrees and changed_verdicts.get(club) and changed_verdicts[club].agrees:
            right.append(club)
    if notion in SAME_RULING:
        assert differs == [], f"{notion}: the same call said two ways ruled differently for {differs}"
        assert right, f"{notion}: no club rules as the readers do in both files"
    else:
        assert set(right) & set(differs), (
            f"{notion}: no club whose ruling both changes ({differs}) and agrees with the readers "
            f"in both files ({right})")


def test_suit_symbols_read_as_letters(kb, tmp_path):
    """♠♥♦♣ are the same cards as s h d c: the symbol case rules as its letter spelling."""
    path = NOTIONS / "suit-symbols.yaml"
    text = path.read_text(encoding="utf-8")
    letters = text
    for symbol, letter in (("♠", "s"), ("♥", "h"), ("♦", "d"), ("♣", "c")):
        letters = letters.replace(symbol, letter)
    assert letters != text
    spelled = tmp_path / "suit-symbols-letters.yaml"
    spelled.write_text(letters, encoding="utf-8")
    a, b = rule_on(path, kb=kb), rule_on(spelled, kb=kb)
    for club in a.answers:
        assert _key(a.answers[club], {r.issue for r in a.answers[club].rulings}, a.points) == \
            _key(b.answers[club], {r.issue for r in b.answers[club].rulings}, b.points)
