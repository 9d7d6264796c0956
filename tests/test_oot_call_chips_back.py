"""EDP 8 ¶8: "If action changes, the OOT action is not binding; any OOT bet or raise is returned to
the OOT player" - read (as the rule's reading says) for a call out of turn too: his chips go back,
so they leave the pot, and he faces the whole of the bet that changed the action (casebook Q802:
seat 8's £4 call out of turn, seat 5 then makes it £8; the pot £21.50, seat 8 £8 to call)."""
from conftest import CASES
from ruling_engine.rulings.rule_on import rule_on

Q802 = CASES / "casebook" / "Q802.yaml"


def test_edp_8_8_the_voided_out_of_turn_call_leaves_the_pot(kb):
    answer = rule_on(Q802, kb=kb).answers["edp"]
    pots = [e["amount"] for e in answer.settlement if e["effect"] == "pot"]
    assert pots == [21.5]
    nxt = answer.now["next"]
    assert nxt["seat"] == 8 and nxt["call"] == 8
