"""A ruling that turns on facts the floor could not establish says what it turns on wherever it is
printed (V503, engine fault 6): "The answer" and each other club's brief list the ways it goes
under their "It depends on what the floor could not establish:", never leaving the line empty."""
from pathlib import Path

from ruling_engine.ask.questionnaire import when_words
from ruling_engine.incident.load import load_incident
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

HEADING = "It depends on what the floor could not establish:"
V503 = Path(__file__).parent.parent / "cases" / "casebook" / "V503.yaml"


def _text(kb):
    report = rule_incident(load_incident(V503, kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return render_text(report, when_words=lambda when: when_words(kb, when))


def test_every_depends_line_is_followed_by_the_ways_it_goes(kb):
    lines = _text(kb).splitlines()
    opened = [i for i, line in enumerate(lines) if line.rstrip().endswith(HEADING)]
    assert opened, "V503's exposure turns on who exposed the card: some ruling depends"
    for i in opened:
        assert lines[i + 1].lstrip().lower().startswith("- if "), (lines[i], lines[i + 1])


def test_fpc_answer_names_rule_23_misdeal_and_rule_24_branches(kb):
    """FPC rule 23 (a pocket card exposed by the dealer in the deal is a misdeal) and rule 24 (a
    player's own exposure: his hand is not killed) are both named in the answer block itself."""
    answer = _text(kb).split("Other clubs, in brief:")[0]
    assert "[fpc.23]" in answer and "[fpc.24-s1]" in answer, answer
