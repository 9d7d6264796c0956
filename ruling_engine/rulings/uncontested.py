"""A pot the club's corrected hand leaves to no live hand (V504): ruled on, never left silent.

The settlement cannot award such a pot (every hand in it is dead: two players muck together at
showdown). Each club then rules on the vocabulary's `no-live-contender` issue at the point where
the hand's own questions are asked: on its clause where it has one, else not covered with its
discretion clause cited; a club whose corrected hand has a live hand in every pot says it does not
arise, so every club answers the same (point, issue)."""
from __future__ import annotations

from ruling_engine.model import ClubRuling, pot_name
from ruling_engine.rulings.resolve import Filler, format_value, resolve_issue


def uncontested_pots(money: list) -> list:
    """The pots of a settlement that no live hand contends for."""
    return [e for e in money if e.get("effect") == "pot" and not e.get("seats")]


def rule_uncontested(kb, club: str, issue: str, pots: list, number: int, facts: dict, currency: str) -> ClubRuling:
    """The club's ruling on the pots nobody live contends for: what its rulebook gives (with no
    clause, not covered and the discretion clause), and the pots held until the floor rules."""
    ruling = resolve_issue(kb, club, issue, [], Filler(kb.vocabulary, facts, currency))
    ruling.point = number
    floor = kb.clubs[club].floor
    held = [f"Hold {pot_name(p.get('pot'))} ({format_value(p['amount'], 'amount', currency)}): every hand in it is dead, "
            f"so no live hand contends for it; the {floor} decides how it is settled." for p in pots]
    ruling.do = held + [line for line in ruling.do if line not in held]
    return ruling


def not_arising(kb, club: str, issue: str, number: int) -> ClubRuling:
    """A club whose corrected hand leaves a live hand in every pot: the question does not arise."""
    return ClubRuling(club=club, issue=issue, basis="does not arise", outcome="does-not-arise",
                      decision="Does not arise under this club: on the hand as its rulings corrected it, "
                               "a live hand contends for every pot.",
                      point=number)


def place(club_rulings: list, ruling: ClubRuling) -> None:
    """Put a ruling after the club's rulings at or before its point (the answer's order)."""
    at = next((n for n, r in enumerate(club_rulings) if (r.point or 0) > ruling.point), len(club_rulings))
    club_rulings.insert(at, ruling)
