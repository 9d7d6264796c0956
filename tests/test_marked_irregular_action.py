"""A marked action that is itself the irregularity raises its own question at its own point
(docs/timeline.md: "no mark is dropped"): an action out of turn, marked, is ruled on the
out-of-turn clauses where it was made, once a later action shows the skipped player had still to act
(EDP 8 ¶8, Gala house rule (t), FPC 4, PPL •52), never "no listed question covers it" with the
ruling under the skipped player's point; a blind the floor marked, posted by a seat the button does
not make that blind, raises the clubs' rules on who posts the blinds (PPL How to play 5; Gala
"can only blind in turn", Betting / Initial Bet ¶2)."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import to_dict
from ruling_engine.rulings.rule_on import rule_incident

MARKED = "marked-point-not-listed"

OOT_CALL = """title: t
house: edp
game: {format: cash, variant: NLHE, blinds: [0.50, 1], currency: "£", smallest_chip: 0.5}
button: 1
players:
  - {seat: 3, stack: 57}
  - {seat: 5, stack: 44}
  - {seat: 8, stack: 30}
pot_at_start: 9.5
timeline:
  - flop: [Qs, 7h, 3d]
  - {seat: 3, said: "bet four", chips: [1, 1, 1, 1]}
  - {seat: 8, said: call, chips: [1, 1, 1, 1], in_question: true}
  - {seat: 5, chips: [5, 1], in_question: true}
"""


def _rule(kb, text: str):
    return rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)


def _at(report, club, issue):
    return [r for r in report.answers[club].rulings if r.issue == issue]


def test_marked_out_of_turn_call_is_ruled_at_its_own_point_edp_8_8_gala_t_fpc_4_ppl_52(kb):
    report = _rule(kb, OOT_CALL)
    clauses = {"edp": "edp.8-8", "gala": "gala.house-t", "fpc": "fpc.4", "ppl": "ppl.league-52"}
    for club, clause in clauses.items():
        assert not _at(report, club, MARKED), club          # never "no listed question covers it"
        oot = _at(report, club, "out-of-turn")
        assert oot and oot[0].point == 0, (club, [(r.issue, r.point) for r in report.answers[club].rulings])
        assert clause in {c.clause for c in oot[0].citations}, (club, oot[0].citations)
    # EDP 8 ¶8: seat 5's chips changed the action seat 8 faced: his call is not binding
    assert _at(report, "edp", "out-of-turn")[0].outcome == "void-call-or-fold"
    assert to_dict(report)["points"][0]["note"] is None


def test_out_of_turn_then_his_own_marked_action_is_asked_with_it_and_the_mark_says_so(kb):
    # the out-of-turn bettor's own later "raise" is marked too: the out-of-turn question is asked
    # there (8 ¶8's restriction read with his raise); his first action's point says where
    text = OOT_CALL.replace('{seat: 5, chips: [5, 1], in_question: true}', '{seat: 5, said: "bet four", chips: [1, 1, 1, 1]}') \
        .replace('{seat: 8, said: call, chips: [1, 1, 1, 1], in_question: true}',
                 '{seat: 8, said: "bet four", chips: [1, 1, 1, 1], in_question: true}') \
        .replace('  - {seat: 3, said: "bet four", chips: [1, 1, 1, 1]}\n', '') \
        + '  - {seat: 8, said: "raise, ten", in_question: true}\n'
    text = text.replace("button: 1", "button: 8")
    report = _rule(kb, text)
    assert not _at(report, "edp", MARKED)
    oot = _at(report, "edp", "out-of-turn")
    assert oot and oot[0].point == 1 and "edp.8-8" in {c.clause for c in oot[0].citations}
    points = to_dict(report)["points"]
    assert "ruled with the later point" in points[0]["note"] and "An action out of turn" in points[0]["note"]


POST = """title: t
house: gala
game: {format: cash, variant: NLHE, blinds: [1, 2], currency: GBP}
button: 9
players:
  - {seat: 1, stack: 100}
  - {seat: 2, stack: 100}
  - {seat: 6, stack: 87}
  - {seat: 9, stack: 100}
timeline:
  - {seat: 6, said: "I'll post my big blind now", posts: big-blind, chips: [1, 1], in_question: true}
"""


def test_marked_post_out_of_position_raises_who_posts_the_blinds_ppl_howto_5(kb):
    report = _rule(kb, POST)
    points = to_dict(report)["points"]
    assert [p["kind"] for p in points] == ["blinds_posted"] and points[0]["marked"]
    for club in ("edp", "gala", "fpc", "ppl"):
        assert _at(report, club, "blind-positions"), club     # the mark is never dropped
    ppl = _at(report, "ppl", "blind-positions")[0]
    assert ppl.outcome == "blinds-misplaced" and "ppl.howto-5" in {c.clause for c in ppl.citations}


def test_gala_blind_only_in_turn_initial_bet_p2_refuses_a_big_blind_posted_out_of_position(kb):
    gala = _at(_rule(kb, POST), "gala", "blind-positions")[0]
    assert gala.outcome == "blinds-misplaced" and gala.basis == "reading"
    assert {c.clause for c in gala.citations} == {"gala.betting-initial-bet-p2"}


def test_marked_post_in_position_is_no_post_out_of_position(kb):
    report = _rule(kb, POST.replace("{seat: 6, said", "{seat: 2, said").replace("seat: 6, stack", "seat: 6, stack"))
    assert not any(p["kind"] == "blinds_posted" for p in to_dict(report)["points"])
