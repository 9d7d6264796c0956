"""A seat written `unknown` where the listed players leave one way to read it (casebook Q503: the
player known by name was not listed; the only listed seat was the man objecting, and the tool ruled
every instruction on him without a word): the answer warns that it was read as that seat and how
to write a player not listed. It changes no ruling."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.rulings.rule_on import rule_incident

TEXT = """title: t
house: fpc
game: {format: cash, variant: NLHE, blinds: [0.1, 0.2], currency: "£"}
players:
PLAYERS
timeline:
  - chips_removed: {seat: unknown, amount: 6.4, to: pocket, still_playing: false, in_question: true}
"""


def _warnings(kb, players):
    text = TEXT.replace("PLAYERS", players)
    report = rule_incident(parse_incident_text(text, "t.yaml", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    return [w for w in report.warnings if "written unknown" in w]


def test_an_unknown_seat_with_one_listed_player_is_said_to_be_read_as_him(kb):
    found = _warnings(kb, "  - {seat: 7}")
    assert len(found) == 1
    assert found[0].startswith("t.yaml:7:") and "seat 7" in found[0] and "add him under players:" in found[0]


def test_an_unknown_seat_with_two_listed_players_gets_no_such_warning(kb):
    assert _warnings(kb, "  - {seat: 7}\n  - {seat: 3}") == []
