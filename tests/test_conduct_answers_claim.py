"""A marked claim about team play, followed by the floor's conduct record of the deed (only words
between), is answered by each club's conduct clause (e24/conduct): EDP 9 ¶7 (soft play), PPL •46
(soft play in its penalty clause), Gala unethical conduct (g) (collusion). The headline never says
"no clause" for a club whose clause matched; a record after a later action does not answer."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import render_text
from ruling_engine.rulings.rule_on import rule_incident

HEAD = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: GBP}
button: 1
players:
  - {seat: 1, stack: 200}
  - {seat: 3, stack: 200}
  - {seat: 5, stack: 200}
timeline:
  - {seat: 3, posts: small-blind}
  - {seat: 5, posts: big-blind}
  - deal:
  - preflop:
  - {seat: 1, did: raise, total: 6}
  - {seat: 3, did: raise, total: 20}
  - {seat: 5, did: fold}
  - {seat: 1, did: fold}
"""
CLAIM = '  - said: {by: 5, words: "They are playing as a team.", to: floor, kind: claim, in_question: true}\n'
SOFT = "  - conduct: {seat: 1, did: soft-play, live_hand: false, hand_in_progress: false, deliberate: true}\n"
MARKED = "marked-point-not-listed"
CLAUSES = {"edp": "edp.9-7", "ppl": "ppl.league-46", "gala": "gala.unethical-g"}


def _rule(kb, entries: str, house: str = "edp"):
    text = HEAD.replace("house: edp", f"house: {house}") + entries
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def test_a_team_play_claim_is_answered_by_each_clubs_soft_play_or_collusion_clause(kb):
    report = _rule(kb, CLAIM + SOFT)
    for club, clause in CLAUSES.items():
        words = next(r for r in report.answers[club].rulings if r.issue == MARKED)
        assert words.outcome == "answered-by-ruling", club
        assert clause in {c.clause for c in words.citations}, club
        headline = render_text(_rule(kb, CLAIM + SOFT, club)).split("== The answer ==\n")[1].split("Now:")[0]
        assert "has no clause on this" not in headline, club


def test_a_conduct_record_after_a_later_action_does_not_answer_the_claim(kb):
    """Words, then a betting action, then the record: the record is not of the moment the words
    were said, so the words stay with the floor's discretion."""
    text = CLAIM + "  - flop: [K♦, 8♣, 3♠]\n" + SOFT
    report = rule_incident(parse_incident_text(
        HEAD.replace("  - {seat: 5, did: fold}\n  - {seat: 1, did: fold}\n",
                     "  - {seat: 5, did: fold}\n  - {seat: 1, did: call, total: 20}\n") + text,
        "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    for club in CLAUSES:
        words = next(r for r in report.answers[club].rulings if r.issue == MARKED)
        assert (words.outcome, words.basis) == ("floor-decides", "not covered"), club
