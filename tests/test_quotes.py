"""Every quote includes the part of the clause the ruling rests on (issue 21: "the decisive
sentence of a clause dropped").

A rule may quote part of its clause, but what its decision and do-lines say must rest on words
inside the quote: a number the ruling names that its clause states must be quoted, and the
sentences found deciding a graded call (an exception in the second half, a definition in the
first) must be in the quote of the rule that applies them. docs/reviews/quotes.md records the
review.
"""
import re

import pytest

from ruling_engine.knowledge.checks import fold
from ruling_engine.knowledge.load import load_knowledge

NUMBER = re.compile(r"\b(?:\d+(?:[.,]\d+)?%?|one|two|three|four|five|six|seven|eight|nine|ten|twice|half|fifty|hundred)\b",
                    re.IGNORECASE)
# What a decision names that is not a number of the ruling: a locator ("7 ¶5", "¶2", "s3", "g)"),
# a fact template ("{to_call}"), a money amount (the quote states the stakes its own way).
NOT_A_RULING_NUMBER = re.compile(r"\(?\b\d+(?:\.\d+)?\s*¶\s*\d+[^)]*\)?|¶\s*\d+|\b[a-z]\)\s|\bs\d\b|\{[^}]*\}|£\d+\S*"
                                 r"|\brule \d+|\bsection \d+", re.IGNORECASE)


def _words(pattern, text):
    return {m.lower() for m in pattern.findall(text)}


def _has(word, text):
    return re.search(r"\b" + re.escape(word) + r"\b", text, re.IGNORECASE) is not None


def numbers_outside_the_quote(kb):
    """(rule id, numbers) for each rule whose decision or do-lines name a number that its clause
    states outside the words the rule quotes."""
    found = []
    for club in kb.clubs:
        for rule in kb.rules[club]:
            if rule.then is None:
                continue
            clause, quote = fold(kb.clauses[club][rule.clause].text), fold(rule.quote)
            said = NOT_A_RULING_NUMBER.sub(" ", " ".join([rule.then.decision, *rule.then.do]))
            missing = sorted(n for n in _words(NUMBER, said) if _has(n, clause) and not _has(n, quote))
            if missing:
                found.append((rule.id, missing))
    return found


def test_every_quote_is_verbatim_in_its_own_clause(kb):
    for club in kb.clubs:
        for rule in kb.rules[club]:
            assert fold(rule.quote) in fold(kb.clauses[club][rule.clause].text), rule.id


def test_the_numbers_a_ruling_names_from_its_clause_are_quoted(kb):
    assert numbers_outside_the_quote(kb) == []


def test_a_quote_cut_before_the_numbers_its_ruling_names_is_caught(knowledge_copy):
    # ppl League •45: the minute and the ten-second countdown are in the clause's first two
    # sentences; the rule that kills the hand names them, so a quote of the last sentence only fails.
    path = knowledge_copy / "rules" / "ppl" / "order-of-action.yaml"
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    start = lines.index("  - id: ppl.league-45.countdown-over-hand-dead")
    assert lines[start + 2].startswith("    quote:")
    lines[start + 2] = ("    quote: If a player has not acted on his hand by the time the countdown is over the hand "
                        "will be dead.")
    path.write_text("\n".join(lines), encoding="utf-8")
    found = dict(numbers_outside_the_quote(load_knowledge(knowledge_copy)))
    assert "ten" in found.get("ppl.league-45.countdown-over-hand-dead", [])


# The words each rule's decision rests on, which an earlier quote left out (docs/reviews/quotes.md).
DECISIVE_WORDS = {
    # EDP 8 ¶30: "in one motion" defines the string raise the rule lets the floor take back.
    "edp.8-30.string-raise-just-call": ["in one motion"],
    # EDP 1 ¶1: settled before the shuffle for the next hand.
    "edp.1-1.dealer-calls-crms": ["settled before the shuffle begins for the next hand"],
    # Gala Tournament g): the redraw is still a random draw, with no discretion over the seat.
    "gala.tournament-g.redraw-for-collusion": ["random draw only", "no Management or player discretion"],
    # Gala Dealer procedures p): the rule is the 'show one, show all' rule.
    "gala.dealer-p.show-one-show-all-spectator": ["show one, show all"],
    # Gala House rules k): in flop games the exposed card becomes the first burn card.
    "gala.house-k.exposed-down-card-found-after-action": ["will be used as the first ‘burn’ card"],
    # FPC 18 s1: the exception (discards touching a hand outside the lines or under a card guard)
    # is what the rule finds not to apply; its words must be quoted.
    "fpc.18-s1.hand-over-lines-dead": ["providing the live cards were positioned", "card guard"],
    # FPC 18 s3: the hand can be retrieved only "if it is possible to determine what it was".
    "fpc.18-s3.false-declaration-not-identifiable": ["if it is possible to determine what it was"],
    # FPC 25 s1-2: the others, clockwise, may show or muck.
    "fpc.25-s1-2.called-first-to-act-must-show": ["may then show their cards, or muck them"],
    # FPC 50 s4-6: the £50 and the £1 entry fees the do-line adds up.
    "fpc.50-s4-6.flushpot-amount": ["£50", "£1 entry fees"],
    # PPL League •23: one card exposed is the burn-card case; more than one is a misdeal.
    "ppl.league-23.other-card-becomes-burn": ["If more than one hole/pocket card is exposed"],
    # PPL League •45: one minute, then a ten second countdown.
    "ppl.league-45.countdown-over-hand-dead": ["one minute", "ten second countdown"],
    # PPL League •54: the steps of the scale the disqualification rule lists.
    "ppl.league-54-s1-2.disqualification": ["verbal warnings, 10,20,30, and 40 minutes"],
}


@pytest.mark.parametrize("rule_id", sorted(DECISIVE_WORDS))
def test_the_decisive_words_are_in_the_quote(kb, rule_id):
    rule = next(r for club in kb.clubs for r in kb.rules[club] if r.id == rule_id)
    for words in DECISIVE_WORDS[rule_id]:
        assert fold(words).lower() in fold(rule.quote).lower(), (rule_id, words)


MISDEAL_WITH_A_PLAYER_AWAY = """
title: Two cards exposed in the deal; seat 9 was not at his seat for it
house: edp
game: {format: cash, variant: NLHE, blinds: [1, 2]}
button: 2
players:
  - {seat: 2, stack: 150}
  - {seat: 4, stack: 150}
  - {seat: 6, stack: 150}
  - {seat: 9, stack: 150, present: false}
timeline:
  - deal:
  - player_away: {seat: 9, at_first_card: true, at_last_card: true}
  - card_exposed: {seat: 4, by: dealer, during: deal, count: 2}
"""


def test_edp_7_5_the_redeal_kills_the_hand_of_a_player_away_for_the_original_deal(kb):
    # EDP 7 ¶5 s2: "Cards are dealt to players on penalty or not at their seats for the original
    # deal, and then their hands are killed." The rule applying 7 ¶5 quoted only s1 and said nothing
    # of the absent player's re-dealt cards.
    from ruling_engine.incident.load import parse_incident_text
    from ruling_engine.rulings.rule_on import rule_incident
    incident = parse_incident_text(MISDEAL_WITH_A_PLAYER_AWAY, "t.yaml", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, with_precedents=False)
    ruling = next(r for r in report.answers["edp"].rulings if r.issue == "exposed-card-deal")
    assert ruling.outcome == "misdeal"
    assert any("seat 9" in line.lower() and "kill his hand" in line for line in ruling.do), ruling.do
    rule = next(r for r in kb.rules["edp"] if r.id == "edp.7-5.redeal-away-player-dealt-and-killed-exposed")
    assert "and then their hands are killed" in rule.quote
