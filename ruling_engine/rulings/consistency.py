"""One answer per club (issue 13, class 1): the parts of one club's answer must not tell the floor
incompatible things — a hand dead and live, "may only call" and "raise to 2,400", no claim to the
pot and the pot awarded. Which effects contradict which is declared in the vocabulary
(`contradictions:`). A contradiction found is shown with the answer, never printed as if both held;
the knowledge base resolves it (a precedence, an `overrides:`) or makes it a `conflict`.
"""
from __future__ import annotations

from ruling_engine.records import dataclass
from ruling_engine.model import UNSETTLED



@dataclass(frozen=True)
class Contradiction:
    first: tuple      # (issue, effect)
    second: tuple
    seat: int | None

    def text(self) -> str:
        where = f" for seat {self.seat}" if self.seat is not None else ""
        return (f"the ruling on {self.first[0]} says {self.first[1]}{where}, the ruling on "
                f"{self.second[0]} says {self.second[1]}")


def contradictions(vocabulary, rulings, settlement=(), moments=None) -> list:
    """Pairs of effects of one club's answer that cannot both be done. `moments`: point -> the
    moment it happened (corrected/hand.py moment); a hand killed and kept live at two moments is
    read in the order they happened (the corrected hand does), not as two answers at once."""
    named = {name for pair in vocabulary.contradictions for side in pair for name in side}
    said = [(r.issue, e, r.point) for r in rulings if r.basis not in UNSETTLED for e in r.effects]
    # a pot his alone before his hand died (rulings/settlement.py) is not a claim his dead hand makes
    said += [("the pot", e, None) for e in settlement if not e.get("won_before_dead")]
    said = [s for s in said if s[1].get("effect") in named]   # the others contradict nothing
    found = []
    for index, (issue_a, a, point_a) in enumerate(said):
        for issue_b, b, point_b in said[index + 1:]:
            if issue_a == issue_b:
                continue
            if moments and moments.get(point_a) is not None and moments.get(point_b) is not None and \
                    moments[point_a] != moments[point_b] and _dead_or_live(vocabulary, a) and _dead_or_live(vocabulary, b):
                continue          # at two moments: the later stands (corrected/hand.py: issue 20)
            seat_a, seat_b = a.get("seat"), b.get("seat")
            if seat_a is not None and seat_b is not None and seat_a != seat_b:
                continue
            if (seat_a is None) != (seat_b is None) and _names_a_seat(vocabulary, a, b):
                continue          # one of them does not say whose hand: it cannot be set against a seat
            for left, right in vocabulary.contradictions:
                if (a["effect"] in left and b["effect"] in right) or (a["effect"] in right and b["effect"] in left):
                    found.append(Contradiction((issue_a, a["effect"]), (issue_b, b["effect"]),
                                               seat_a if seat_a is not None else seat_b))
    return found


def _names_a_seat(vocabulary, *effects) -> bool:
    return any("seat" in vocabulary.effects.get(e["effect"], {}).get("params", ()) for e in effects)


def _dead_or_live(vocabulary, effect) -> bool:
    """An effect that kills a hand or keeps it live: rulings at two points of the timeline on the
    same hand are read in the order they happened (a hand killed later is dead from then; a hand
    killed earlier is not made live by a later point), never as two answers at once."""
    return vocabulary.effects.get(effect.get("effect"), {}).get("corrects") in ("kills", "restores")
