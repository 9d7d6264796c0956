"""From a validated timeline to what the facts read: the action log (each action on its street),
the events (each at its place), the board, the street the hand is on now, the irregularities the
order itself shows (a board card dealt while the betting before it was open), and the points the
floor was called about.

A point is an entry marked `in_question: true` (or, with no mark, every event, every irregularity
the order shows, and the last action); a card the order shows dealt while the betting was open,
first after a marked action, is a point too (the round was open on the action in question). Each point is ruled on its own view of the hand: its own
entry in question, the other entries as context. Some event kinds describe one thing in several
entries (one `table_count` per table, one `player_busted` per player, the cards exposed during a
deal): the vocabulary marks them `together: true`, and their entries make one point.

Every mark is a point; none is dropped. A marked street is the hand at that moment: the
irregularities the order shows at it (a premature card, a four-card flop) are its points, and so
are the events entered at it (after it, before anyone acts or another street comes: what the floor
saw as the card came, or at the showdown); with no irregularity shown at it, the street is a point
itself, where the showdown asks the hand's own questions (who wins, the side pots). Marked words
are a point too. So is an unmarked action the dealer gave change for (a `money_moved: returned`
to the same seat before the next action): the change is his reading of the chips, and the money
the floor rules on rests on it. A marked entry at which no club's rules raise any issue is said to be so
(rulings/rule_on.py), never left out.

A mark says what the floor was called about, not that nothing else went wrong (issue 21/20): every
event the timeline records, before, between or after the marks, is a point too (`beside`), ruled
on the hand at its own moment, raising only what its own facts show (a quiet one is not reported;
a concession, such as a muck at showdown to a hand tabled before it, raises nothing: vocabulary
`raised_when`). The marked points come first in the answer, then those beside them.
"""
from __future__ import annotations

import bisect
import math
import re
from dataclasses import field

from ruling_engine.records import dataclass

from ruling_engine.facts.hand import BETTING, STUD_BETTING, Hand, replay_timeline
from ruling_engine.facts.replay import clockwise_from, parse_said
from ruling_engine.incident.said import SUPPOSED_WORDS, is_question, read_question, read_said
from ruling_engine.incident.unknowns import UNKNOWN

BOARD_STREETS = ("flop", "turn", "river", "fourth-street", "fifth-street", "sixth-street", "seventh-street")
NEXT_BOARD = {"preflop": "flop", "flop": "turn", "turn": "river",      # the street a round's cards open
              "third-street": "fourth-street", "fourth-street": "fifth-street",
              "fifth-street": "sixth-street", "sixth-street": "seventh-street"}


@dataclass(frozen=True)
class Point:
    """One thing the floor was called about: timeline entries (one, or several of a kind ruled
    together) and what they are."""

    entries: tuple               # indexes into the timeline
    kind: str                    # 'action', the event kind, 'street' or 'said' (a marked street or words)
    line: int | None
    label: str                   # in words, for the ruling's heading
    mark: int | None = None      # the entry the floor marked that this point answers (None: nothing marked)
    marked: bool = False         # this point is that marked entry's own (where "no irregularity" is said)
    hand_questions: bool = False     # the hand's own questions are asked here (a marked showdown)
    beside: bool = False         # an irregularity the timeline records beside the marked ones (issue 21/20)

    @property
    def index(self) -> int:
        return self.entries[-1]


@dataclass
class Timeline:
    """The incident read in order, once."""

    data: dict                   # the incident as the fact functions read it (actions, events, street, board)
    entries: list                # the validated timeline, irregularities the order shows included
    action_entry: list           # timeline index of each action of the log
    event_entry: list            # timeline index of each event of data["events"]
    hand: Hand
    points: list
    pairs: dict = None           # {declaration entry: chips entry} read as one action (declaration_pairs)
    source: dict = None          # the incident data it was read from (a question's supposed action re-reads it)
    # the reading's own lists and its resume points (entry, their lengths there, flop count, pot
    # before): a timeline read again after a club's correction starts from the last one before
    # its first edited entry (read_timeline `bases`); not a fact
    read_marks: tuple = field(default=None, repr=False, compare=False)


def _street_of_entry_order(entries) -> list:
    """The street each entry happens on (the last street entry before it; pre-flop by default). An
    action made for the next street before its card (`for_street:`, issue 22) is that street's."""
    current, out = None, []
    for entry in entries:
        if entry["entry"] == "street":
            current = entry["street"]
        out.append(entry.get("for_street") or current if entry["entry"] == "action" else current)
    return out


def read_timeline(incident_data: dict, together_kinds=frozenset(), bases=()) -> Timeline:
    """Read the timeline once: the action log and events with their places, the replay, the points.
    A declaration and its chips written as two entries of one seat are one action of the log
    (declaration_pairs). `bases`: timelines already read whose entries this one shares up to its
    first edited entry (the same entry objects: corrected/edits.py edited_data); the replay
    resumes from the one that shares most (hand.py replay_timeline), with the same result."""
    entries = list(incident_data["timeline"])
    _refuse_unseated_actions(entries)
    streets = _street_of_entry_order(entries)
    pairs = declaration_pairs(entries, streets)
    timeline = _read(incident_data, entries, streets, {}, bases)
    if pairs:
        pairs = _nothing_put_in_first(timeline, pairs)
        if pairs:
            timeline = _read(incident_data, entries, streets, pairs, bases)
    timeline.points = _points(timeline, together_kinds)
    timeline.data["_hand"] = timeline.hand
    timeline.source = incident_data
    return timeline


def _shared_entries(entries: list, pairs: dict, base: Timeline) -> int:
    """How many entries at the start of the timeline are read as `base` read them: those before the
    first entry that differs from the base's (an entry no edit touched is the same object), and before
    any declaration this reading and the base's pair differently or with an entry after that."""
    first = next((i for i, (a, b) in enumerate(zip(entries, base.entries)) if a is not b and a != b),
                 min(len(entries), len(base.entries)))
    old = base.pairs or {}
    for declared in set(pairs) | set(old):
        if declared < first and (pairs.get(declared) != old.get(declared)
                                 or max(pairs.get(declared, -1), old.get(declared, -1)) >= first):
            first = declared
    return first


# Events that happen between hands as well as during one (issue 20): a timeline of these alone, with
# no deal, no action and no post, has no hand in progress, so the replay posts no blinds (facts/hand.py)
# and the answer has no pot and no Now about a hand.
BETWEEN_HANDS_EVENTS = frozenset({
    "said", "money_paid_in", "arrival", "table_count", "player_moved", "seat_request", "seat_changed",
    "player_busted", "level_change", "break_due", "league_record", "rebuy_request", "race_entry",
    "main_event_entry", "league_session", "structure_change", "colour_up", "wants_to_play",
    "player_dress", "publicity_objection", "rules_objection", "prize_paid", "deal_proposed", "player_away"})
# seats at a table (issue 22): a player sitting down happens between hands as well
BETWEEN_HANDS_EVENTS = BETWEEN_HANDS_EVENTS | {"player_seated"}
# a timed penalty and a break (f21/time): given and taken between hands as well
BETWEEN_HANDS_EVENTS = BETWEEN_HANDS_EVENTS | {"penalty_given", "break_taken"}


# A player away whose entry places him in a hand being played (at his seat when the first card came,
# gone at his turn, gone mid-hand) says a hand was dealt: it is not a question between hands. (Away at
# the first card, said of a player who never came, does not: no card need have been dealt.)
HAND_DEALT_FIELDS = {"player_away": {"at_first_card": False, "at_turn": True, "left_mid_hand": True}}


def _says_a_hand_was_dealt(event: dict) -> bool:
    fields = HAND_DEALT_FIELDS.get(event["event"], {})
    return any(event.get(name) is value for name, value in fields.items())


# An event whose entry says no card of this hand has been dealt yet (a slip found before the deal):
# with no deal, street, action or post written after it, no hand is in progress, whatever else the
# timeline holds (words, a dispute about an earlier hand), so no blinds are assumed posted. A field
# left out says nothing: only the value written counts (V703-a: pot 600 of blinds nobody posted).
NOT_YET_DEALT_FIELDS = {"dealing_procedure": {"found": "before-deal"}}


def _says_no_card_dealt_yet(event: dict) -> bool:
    fields = NOT_YET_DEALT_FIELDS.get(event["event"], {})
    return any(event.get(name) == value for name, value in fields.items())


def _no_hand_in_progress(entries: list, events: list, actions: list, posts: list) -> bool:
    """Nothing of a hand is stated: no deal, street, action or post, and every event either happens
    between hands or says the deal has not begun; none says a hand was dealt."""
    if actions or posts or any(e["entry"] == "street" for e in entries) \
            or any(_says_a_hand_was_dealt(e) for e in events):
        return False
    return all(e["event"] in BETWEEN_HANDS_EVENTS for e in events) \
        or any(_says_no_card_dealt_yet(e) for e in events)


def _street_pots(entries: list, action_entry: list, posts: list) -> list:
    """(actions before it, street, pot, line) of each street whose `pot:` was counted after recorded
    betting (issue 22: a fact given is never dropped). The replay reads it there (facts/hand.py):
    what it holds beyond the recorded chips was put in by betting the file does not record. A pot
    given on the first street recorded is `pot_at_start` (read above)."""
    out = []
    for index, entry in enumerate(entries):
        pot = entry.get("pot") if entry["entry"] == "street" else None
        if not isinstance(pot, (int, float)) or isinstance(pot, bool) or not math.isfinite(pot):
            continue
        before = bisect.bisect_left(action_entry, index)
        if before or any(e["entry"] == "action" and "posts" in e for e in entries[:index]):
            out.append((before, entry["street"], pot, entry.get("line")))
    return out


READ_MARK_EVERY = 256                   # entries between two of a reading's resume points


def _refuse_unseated_actions(entries: list) -> None:
    """An action whose seat is `unknown` cannot be replayed: whose chips went in, who is left and
    who acts next all turn on it. The rulings read it once per seat it could be (incident/unknowns.py
    choices, rulings/rule_on.py); a timeline read as it stands with one (a whole multi-hand timeline,
    a caller that skipped the choices) is refused with the line, never a KeyError from the replay."""
    from ruling_engine.errors import FloorcallError
    for entry in entries:
        folds = entry.get("did") == "fold" or entry.get("said") == "fold"     # puts nothing in: replayed as is
        if entry.get("entry") == "action" and entry.get("seat") == UNKNOWN and not folds:
            raise FloorcallError("the incident", entry.get("line"), "an action's seat before the hand is replayed "
                                 "(each seat it could be is ruled in turn, incident/unknowns.py)", "seat: unknown",
                                 "rule the incident with rule-on, which reads every seat the action could be; or "
                                 "write the seat if it is known")


def _read(incident_data: dict, entries: list, streets: list, pairs: dict, bases=()) -> Timeline:
    """The action log, events and replay of the timeline, each pair of `pairs` ({declaration entry:
    chips entry}) read as one action; the replay resumed from `bases` (read_timeline)."""
    seconds = set(pairs.values())
    started = next((e for e in entries if e["entry"] in ("action", "street")), None)
    start = started["street"] if started and started["entry"] == "street" else "preflop"
    if start == "hand-over":        # the timeline begins between hands (the last hand's hand-over, or the
        begun = next((e for e in entries[entries.index(started) + 1:]  # stretch between two hands in front):
                      if e["entry"] == "action" or e["entry"] == "street" and e["street"] != "hand-over"), None)
        if begun is not None or incident_data.get("_after_hand"):   # the hand it deals starts at its deal,
            start = begun["street"] if begun and begun["entry"] == "street" else "preflop"   # blinds and all
    actions, action_entry, events, event_entry, posts, board = [], [], [], [], [], []
    flop_count = None
    pot_before = None
    killed = []                                   # (actions before which he is out, seat): corrections/edits.py
    shared = [(base, _shared_entries(entries, pairs, base)) for base in bases]
    resume, marks = 0, []
    for base, first in shared:
        # the base's reading of the entries both share, taken at its last resume point among them
        mark = next((m for m in reversed(base.read_marks[1]) if m[0] <= first), None) if base.read_marks else None
        if mark is not None and mark[0] > resume:
            lists = base.read_marks[0]
            resume, counts, flop_count, pot_before = mark[0], mark[1:8], mark[8], mark[9]
            actions, action_entry, events, event_entry, posts, board, killed = (
                kept[:n] for kept, n in zip(lists, counts))
            marks = [m for m in base.read_marks[1] if m[0] <= resume]
    for index in range(resume, len(entries)):
        entry, street = entries[index], streets[index]
        if index % READ_MARK_EVERY == 0 and index > resume:
            marks.append((index, len(actions), len(action_entry), len(events), len(event_entry), len(posts),
                          len(board), len(killed), flop_count, pot_before))
        street = street or "preflop"
        betting_street = street if street in BETTING + STUD_BETTING else ("preflop" if street == "deal" else street)
        if entry.get("_void"):
            continue                              # an action a club's ruling voided: it did not happen
        if entry["entry"] == "action":
            if "posts" in entry:
                posts.append({"seat": entry["seat"], "posts": entry["posts"],
                              "amount": _posted_amount(entry)})
                if entry["posts"] == "straddle":
                    # a straddle posted is the straddle event written on the player's entry (issue
                    # 21/22): one notion for the facts, so the clubs' straddle rules read it too
                    events.append(_posted_straddle(entry, index, streets[index], len(actions)))
                    event_entry.append(index)
                continue
            if index in seconds:
                continue                          # the chips of the declaration before it: one action
            action = {k: v for k, v in entry.items() if k not in ("entry", "line")}
            if index in pairs:
                action = _one_action(entry, entries[pairs[index]], pairs[index])
            action["street"] = betting_street
            action["_entry"] = index              # its place in the timeline (what came before it)
            for key in ("chips", "total"):        # an amount nobody saw: the words or deed say what there is
                if action.get(key) == UNKNOWN or (isinstance(action.get(key), float) and action[key] != action[key]):
                    del action[key]
                    action["_amount_unknown"] = True
            actions.append(action)
            action_entry.append(index)
        elif entry["entry"] == "event":
            events.append({**{k: v for k, v in entry.items() if k not in ("entry", "line")}, "_entry": index,
                           "_actions_before": len(actions), "_street": street,   # where it happened, in the timeline and the log
                           # before this hand's cards (issue 21, table stakes): after the last hand's
                           # `hand-over:` or at the start, no action or post yet, ahead of a hand dealt
                           # after it (a `deal:` written later; after a hand-over, any later action too)
                           "_before_deal": streets[index] in (None, "hand-over") and not actions and not posts
                           and any(e["entry"] == "street" and e["street"] == "deal"
                                   or streets[index] == "hand-over" and e["entry"] == "action"
                                   for e in entries[index + 1:])})
            event_entry.append(index)
        elif entry["entry"] == "street":
            if "pot" in entry and not actions and not posts:
                pot_before = entry["pot"]          # what was in the middle when this street began
            cards = entry.get("cards") or []
            if entry["street"] == "flop" and (entry.get("count", 3) != 3 or len(cards) > 3):
                # a flop of more or fewer than three cards (a two-card flop, O203): the event the
                # clubs' flop clauses read, never read silently as a full flop (issue 22)
                flop_count = max(entry.get("count", 0), len(cards))
            elif cards:
                board += cards
        killed += [(len(actions), seat) for seat in entry.get("_kills", ())]
    final = streets[-1] if streets and streets[-1] else ("preflop" if actions or start == "preflop" else start)
    blinds_posted = next((e for e in events if e["event"] == "blinds_posted"), None)
    data = {k: v for k, v in incident_data.items() if k != "timeline"}
    data["game"] = game_at(incident_data["game"], entries, blinds_posted_at(entries))
    blinds = data["game"].get("blinds")
    for event in events:            # a straddle posted with no chips is twice the big blind (facts/hand.py)
        if event.get("_posted") and event["amount"] is None:
            event["amount"] = 2 * blinds[-1] if isinstance(blinds, list) and blinds else 0
    if pot_before is not None:
        data["pot_at_start"] = pot_before
    street_pots = _street_pots(entries, action_entry, posts)
    if street_pots:
        data["_street_pots"] = street_pots
    data.update(actions=actions, events=events, street=final, board=board, _start_street=start,
                _posts=posts)
    if blinds_posted:
        data["_blinds_posted"] = (blinds_posted["small_blind"], blinds_posted["big_blind"])
    undealt = incident_data.get("_undealt") and not actions and not any(
        e["entry"] == "street" and e["street"] != "hand-over" for e in entries)   # asked before the next deal
    if undealt or _no_hand_in_progress(entries, events, actions, posts):
        data["_no_hand"] = True       # nothing of a hand happened: no blinds are posted for a hand nobody dealt
    data["_dealt_out"] = dealt_out_seats(events)
    if killed:
        data["_killed"] = killed
    data["players"] = _players_at_start(incident_data, data)
    hand = replay_timeline(data, parse_said, [(base.hand, bisect.bisect_left(action_entry, first))
                                              for base, first in shared])
    if _resume_open_round(entries, seconds, hand, events):
        hand = replay_timeline(data, parse_said)
    loop = (actions, action_entry, events, event_entry, posts, board, killed)     # appended to below, never cut
    extra = _irregular_streets(entries, seconds, hand, events, flop_count)
    extra += _deal_out_of_turn(incident_data, entries, events)
    extra += _posted_out_of_position(data, entries)
    named, unread = hands_named_in_words(incident_data, entries, streets, events, action_entry,
                                         hand.replay(len(actions)).in_hand if actions else None)
    extra += named
    extra += _objection_to_a_misnamed_push(incident_data, entries, streets, events + [e for _, e in named], board)
    if unread:
        data["_hands_unread"] = unread
    for index, event in extra:
        events.append(event)
        event_entry.append(index)
    order = sorted(range(len(events)), key=lambda i: event_entry[i])
    data["events"] = [events[i] for i in order]
    event_entry = [event_entry[i] for i in order]
    return Timeline(data=data, entries=entries, action_entry=action_entry, event_entry=event_entry,
                    hand=hand, points=[], pairs=dict(pairs), read_marks=(loop, marks))


def _puts_nothing(entry: dict) -> bool:
    return "chips" not in entry and (entry.get("total") is None or _number(entry.get("total")))


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and value == value


def declaration_pairs(entries: list, streets: list) -> dict:
    """{declaration entry: chips entry}: a player's one action written as two entries of his seat,
    first his words with nothing put in (`{seat: 7, said: call, total: 0}`, or words and no chips),
    then his chips (`{seat: 7, chips: [...]}`, with or without words of their own), on the same
    betting round with no other action between them (words of others, the dealer's, events may
    come between). Read as one action: the declaration is the first entry's words, made first
    (`first: words`); the chips are the second's; the second's own words are what he said after.
    These are the candidates on the order alone; what he had in already is checked on the replay
    (_nothing_put_in_first)."""
    pairs = {}
    actions = [i for i, e in enumerate(entries) if e["entry"] == "action" and not e.get("_void")]
    for first, second in zip(actions, actions[1:]):
        a, b = entries[first], entries[second]
        if "posts" in a or "posts" in b or not isinstance(a.get("seat"), int) or a["seat"] == UNKNOWN \
                or b.get("seat") != a["seat"] or streets[first] != streets[second] or first in pairs.values():
            continue
        if not isinstance(a.get("said"), str) or not a["said"].strip() or not _puts_nothing(a):
            continue
        chips = b.get("chips")
        if (isinstance(chips, list) and sum(chips) > 0) or chips == UNKNOWN or ("chips" not in b and _number(b.get("total"))):
            pairs[first] = second
    return pairs


def _nothing_put_in_first(timeline: Timeline, pairs: dict) -> dict:
    """The pairs whose first entry put nothing in (its total, if given, 0 or what he had in on the
    round already) and whose second did (chips, or a total above what he had in), on the replay of
    the timeline read entry by entry."""
    out = {}
    for first, second in pairs.items():
        seat = timeline.entries[first]["seat"]
        had = timeline.hand.replay(timeline.action_entry.index(first)).round_in.get(seat, 0)
        said_total, chips_total = timeline.entries[first].get("total"), timeline.entries[second].get("total")
        if said_total is not None and said_total not in (0, had):
            continue
        if "chips" not in timeline.entries[second] and not chips_total > had:
            continue
        out[first] = second
    return out


PAIR_KEPT = ("chips", "total", "motions")           # the chips entry's fields that are the action's
PAIR_DROPPED = ("entry", "line", "seat", "said", "first", "gap", "heard", "in_question")


def _one_action(declared: dict, chips: dict, chips_entry: int) -> dict:
    """One action of a declaration entry and the chips entry after it (declaration_pairs): the
    words of the first, the chips of the second, words first; what else the second says of the
    motion where the first does not. The second's words are what he said after the action
    (`_chips_entry` names the entry: facts/sequence.py words_facts reads them)."""
    action = {k: v for k, v in declared.items() if k not in ("entry", "line", "total", "chips", "first", "gap")}
    action.update({k: chips[k] for k in PAIR_KEPT if k in chips})
    for key, value in chips.items():
        if key not in PAIR_KEPT + PAIR_DROPPED:
            action.setdefault(key, value)
    action["first"] = "words"
    action["in_question"] = bool(declared.get("in_question") or chips.get("in_question"))
    action["_chips_entry"] = chips_entry
    return action


HAND_OPENS = ("deal", "preflop", "third-street")


def blinds_posted_at(entries) -> int:
    """Where in the timeline this hand's blinds go in: at its first action (a `posts:` entry
    included) or dealing street (deal, preflop, third-street); before the first entry when the
    timeline starts on a later street (they were posted before it, in `pot_at_start`); after the
    last entry when nothing is dealt (the timeline is between hands: the next hand's blinds)."""
    for index, entry in enumerate(entries):
        if entry["entry"] == "action" or entry["entry"] == "street" and entry["street"] in HAND_OPENS:
            return index
        if entry["entry"] == "street" and entry["street"] != "hand-over":
            return 0
    return len(entries)


def level_changes_before(entries, upto: int) -> list:
    """The `level_change` entries before timeline entry `upto` that set the level then in force:
    those naming the new level's blinds or ante, less any whose next blinds were already in position
    before the level went up (`blinds_in_before_beep`: they went in at the old level)."""
    return [e for e in entries[:upto] if e.get("event") == "level_change" and not e.get("blinds_in_before_beep")
            and ("blinds" in e or "ante" in e)]


def game_at(game: dict, entries, upto: int) -> dict:
    """The game as it stands at timeline entry `upto`: the header's blinds and ante (the level at the
    start of the timeline), as each level change before that entry set them."""
    changes = level_changes_before(entries, upto)
    if not changes:
        return game
    game = dict(game)
    for change in changes:
        game.update({key: change[key] for key in ("blinds", "ante") if key in change})
    return game


def dealt_out_seats(events) -> list:
    """Seats the dealer skipped on the deal (a `deal_error` of kind seat-dealt-out): dealt no cards,
    they hold no hand from the deal on, wherever in the timeline the error came to light."""
    return sorted({e["seat"] for e in events
                   if e["event"] == "deal_error" and e.get("kind") == "seat-dealt-out" and isinstance(e.get("seat"), int)})


def _posted_straddle(entry: dict, index: int, street, actions_before: int) -> dict:
    """The straddle event a `posts: straddle` entry is: its seat, its amount (None until the
    game's big blind is known), put up before the cards when no street of the hand came before
    it (posts entries are written above `deal:`), marked as the entry is."""
    return {"event": "straddle", "seat": entry["seat"], "amount": _posted_amount(entry),
            "before_cards": street in (None, "hand-over"), "in_question": entry.get("in_question", False),
            "_entry": index, "_actions_before": actions_before, "_street": street or "preflop",
            "_derived": True, "_posted": True}


def _posted_amount(entry):
    if isinstance(entry.get("chips"), list):
        return sum(entry["chips"])
    if isinstance(entry.get("total"), (int, float)):
        return entry["total"]
    return None


def _players_at_start(incident_data: dict, data: dict) -> list:
    """Players with their stacks at the start of the timeline: a stack given as `behind` (now) is
    what he has left plus everything he put in."""
    if not any("behind" in p for p in incident_data["players"]):
        return incident_data["players"]
    probe = dict(data, players=[{k: v for k, v in p.items() if k not in ("stack", "behind")}
                                for p in incident_data["players"]])
    spent = replay_timeline(probe, parse_said).total_in()
    posted_dead = 0
    out = []
    for player in incident_data["players"]:
        player = dict(player)
        if "behind" in player and isinstance(player["behind"], (int, float)):
            player["stack"] = player.pop("behind") + spent.get(player["seat"], 0) + posted_dead
        out.append(player)
    return out


def _irregular_streets(entries, seconds, hand: Hand, events, flop_count) -> list:
    """Events the order shows: a board card dealt while the betting round before it was still open
    (recorded betting on that round, someone still to act), and a flop of more or fewer than three cards.
    `seconds`: the chips entries read with the declaration before them as one action."""
    out = []
    explicit_premature = any(e["event"] == "card_dealt_early" for e in events)
    explicit_flop = any(e["event"] == "flop_dealt" for e in events)
    actions_before = 0
    for index, entry in enumerate(entries):
        if entry["entry"] == "action" and "posts" not in entry:
            actions_before += index not in seconds and not entry.get("_void")
            continue
        if entry["entry"] != "street":
            continue
        if entry["street"] == "flop" and flop_count and not explicit_flop:
            out.append((index, {"event": "flop_dealt", "cards": flop_count,
                                "in_question": entry.get("in_question", False)}))
        if entry["street"] in BOARD_STREETS and not explicit_premature and actions_before:
            previous = hand.data["actions"][actions_before - 1]["street"]
            if NEXT_BOARD.get(previous) == entry["street"] and not _round_complete(hand, actions_before) \
                    and _shown_still_to_act(entries, index, hand, actions_before, previous):
                out.append((index, {"event": "card_dealt_early", "street": entry["street"], "burn_only": False,
                                    "cards": _cards_dealt_early(entries, index),
                                    "street_cards": _street_cards_early(entries, index),
                                    **_named_early(entries, index), "_entry": index,
                                    "in_question": entry.get("in_question", False), "_derived": True}))
    return out


def _shown_still_to_act(entries, index: int, hand: Hand, actions_before: int, previous: str) -> bool:
    """Whether the incident shows the round before the board card at `index` still open, not merely
    unwritten (V702: seats whose routine actions were left out are not a premature flop): the card is
    the marked point; or a player acts on that round after it (put back there by _resume_open_round);
    or a player who acted on the round faces a bet raised since; or an entry after it, before anyone
    acts on the new street, is marked and made by a player who still owed on the round; or a player
    who still owed on the round has actions of his written earlier in the hand (the incident follows
    his play, so his silence on the round is not an unwritten routine action)."""
    if entries[index].get("in_question"):
        return True
    actions = hand.data["actions"]
    if actions_before < len(actions) and actions[actions_before]["street"] == previous:
        return True
    if _acted_and_owes(hand, actions_before, previous):
        return True
    view = hand.walk(actions_before)           # the table after the last action before the card
    owing = {seat for seat in view.in_hand
             if seat not in view.acted_at or view.acted_at[seat][0] < view.current_bet}
    if owing & {a.get("seat") for a in actions[:actions_before]}:
        return True
    for entry in entries[index + 1:]:
        if entry["entry"] == "action" and "posts" not in entry or entry["entry"] == "street":
            break
        if entry.get("in_question") and _entry_seat(entry) in owing:
            return True
    return False


def _acted_and_owes(hand: Hand, actions_before: int, street: str) -> bool:
    """Whether a player who acted on `street` (in its first `actions_before` actions), still in and
    not all-in, faces a bet raised after his last action there: the log shows him still to act."""
    steps = [s for s in hand.street_steps(street) if s.index < actions_before]
    bet = max((s.total for s in steps if s.total == s.total), default=0)
    last = {s.seat: s for s in steps}
    return any(s.kind != "fold" and not s.all_in and s.total < bet for s in last.values())


def _entry_seat(entry: dict):
    """The seat an entry is by (`seat:` of an action or event, `by:` of words)."""
    return entry.get("seat", entry.get("by"))


def _cards_dealt_early(entries, index: int) -> int:
    """How many board streets came out, one after the other, from the early card at `index` before
    anyone acted again (a turn and then a river dealt while the flop betting was open: 2); the
    clubs whose text tells one exposed card from more read it (card_dealt_early.cards)."""
    count = 0
    for entry in entries[index:]:
        if entry["entry"] == "action" and "posts" not in entry and not entry.get("_void"):
            break
        count += entry["entry"] == "street" and entry.get("street") in BOARD_STREETS
    return max(count, 1)


def _street_cards_early(entries, index: int) -> int:
    """How many cards the early streets counted by _cards_dealt_early hold, as written: a stud
    street pitched to two players (`fifth-street: {count: 2}`, or two cards named) is two cards;
    a street written with neither is one."""
    total = 0
    for entry in entries[index:]:
        if entry["entry"] == "action" and "posts" not in entry and not entry.get("_void"):
            break
        if entry["entry"] == "street" and entry.get("street") in BOARD_STREETS:
            total += entry.get("count") or len(entry.get("cards") or ()) or 1
    return max(total, 1)


def _named_early(entries, index: int) -> dict:
    """The early cards as the timeline names them (`turn: 5♣`, then `river: Q♥`), the same streets
    _cards_dealt_early counts: {"named": [...]} only when every one of them is named (e18/premature-
    named: the ruling says what becomes of the card already out); {} when any is not."""
    named = []
    for entry in entries[index:]:
        if entry["entry"] == "action" and "posts" not in entry and not entry.get("_void"):
            break
        if entry["entry"] == "street" and entry.get("street") in BOARD_STREETS:
            cards = entry.get("cards") or []
            if not cards:
                return {}
            named += [str(card) for card in cards]
    return {"named": named} if named else {}


def _resume_open_round(entries, seconds, hand: Hand, events) -> bool:
    """A board card the order shows dealt while its betting round was still open (a premature card,
    as _irregular_streets finds it) does not end that round: a player who still owed on it (had not
    acted, or the bet has risen since he acted) and acts after the card acts on the open round, in turn
    there, his call or raise measured on it. Each such action is put back on the earlier street
    until the round is complete or someone who owed nothing acts (the betting then is the new
    street's). Says whether any action was moved (the hand must then be replayed)."""
    if any(e["event"] == "card_dealt_early" for e in events):
        return False                              # a premature card the file states: as written
    actions = hand.data["actions"]
    moved, before = False, 0
    for index, entry in enumerate(entries):
        if entry["entry"] == "action" and "posts" not in entry:
            before += index not in seconds and not entry.get("_void")
            continue
        if entry["entry"] != "street" or entry["street"] not in BOARD_STREETS or not before:
            continue
        earlier = actions[before - 1]["street"]
        if NEXT_BOARD.get(earlier) != entry["street"] or _round_complete(hand, before):
            continue
        for k in range(before, len(actions)):
            if actions[k]["street"] != entry["street"]:
                break
            actions[k]["street"] = earlier            # tried on the open round: the table before him there
            tried = replay_timeline(hand.data, parse_said)
            view = tried.walk(k)
            seat = actions[k].get("seat")
            if not (seat in view.in_hand and (seat not in view.acted_at
                                              or view.acted_at[seat][0] < view.current_bet)):
                actions[k]["street"] = entry["street"]    # he owed nothing there: the new street's betting
                break
            hand, moved = tried, True
            if hand.complete_after[k]:
                break
    return moved


# words about someone else's hand ("he called a flush", "you've got the straight"): not the speaker
# naming his own, when the entry does not say what the words are
_OTHERS = re.compile(r"\b(?:he|he's|his|him|she|she's|her|you|you've|you're|your|they|their)\b", re.IGNORECASE)


_SEAT_NAMED = re.compile(r"\bseat\s*(\d+)\b", re.IGNORECASE)      # words naming a seat: about his hand


def hands_named_in_words(incident_data: dict, entries, streets, events, action_entry, in_hand) -> tuple:
    """A hand named in words at showdown (issue 21/22): a player's `said:` entry of kind hand (or,
    kind left out, words read as a hand) on the showdown, by a player still in the hand, is the
    declaration a hand_declared entry writes: (entry, hand_declared event) with who declared whose
    hand (his own) and the kind named; the ranks the words give ride along (`_named`) for the card
    facts to compare. Not when the timeline writes a hand_declared for that seat itself (one
    declaration, not two). Words that name no hand that can be read, or said by someone not in the
    hand (whose hand is not known), are returned as (entry, reason, what to write) to be named in a warning."""
    from ruling_engine.facts.sequence import said_kind
    from ruling_engine.incident.load import HAND_SIZE
    from ruling_engine.incident.named_hand import read_named_hand
    written = {e.get("hand_of") for e in events if e["event"] == "hand_declared"}
    size = HAND_SIZE.get((incident_data.get("game") or {}).get("variant"), 2)
    named, unread = [], []
    for index, entry in enumerate(entries):
        if entry["entry"] != "said" or entry.get("_void") or streets[index] != "showdown":
            continue
        seat = entry.get("by")
        if not isinstance(seat, int) or isinstance(seat, bool) or said_kind(entry) != "hand" or seat in written:
            continue
        of = entry.get("of")
        about = [int(n) for n in _SEAT_NAMED.findall(str(entry.get("words")))]      # "seat 2 has two pair"
        if isinstance(of, int) and not isinstance(of, bool) and of != seat or of is None and any(n != seat for n in about):
            whose = of if of is not None else next(n for n in about if n != seat)
            unread.append((index, f"the words are about seat {whose}'s hand" + (f" (of: {of})" if of is not None else
                                                                                " (they name his seat)")
                           + f", so they are not read as seat {seat} naming his own",
                           f"- hand_declared: {{hand_of: {whose}, by: other-player, said: KIND}} only if seat {seat} "
                           f"named seat {whose}'s hand for him; a remark needs nothing more", True))
            continue
        hand = read_named_hand(entry.get("words"))
        if hand is None:
            unread.append((index, "no hand that can be read (a kind of hand: flush, straight, two pair, "
                                  "kings full ...)", f"- hand_declared: {{hand_of: {seat}, said: straight}} (the "
                                                     f"kind of hand he named)", False))
            continue
        if entry.get("kind") is None and _OTHERS.search(str(entry.get("words"))):
            unread.append((index, f"the words speak of another player's hand, so they are not read as seat {seat} "
                                  f"naming his own", f"- hand_declared: {{hand_of: SEAT, by: other-player, said: "
                                                     f"{hand.kind}}} if they name a hand (SEAT: whose), or kind: claim",
                           True))
            continue
        if any(e["event"] == "hand_mucked" and e.get("seat") == seat and e.get("_entry", index) < index for e in events):
            unread.append((index, f"seat {seat}'s hand was already in the muck, so the words are no hand named at the "
                                  f"showdown", "kind: claim if they claim his hand back, or a hand_declared entry "
                                               "before his muck where he named it then", False))
            continue
        if in_hand is not None and seat not in in_hand:
            unread.append((index, f"seat {seat} is not in the hand, so whose hand the words name is not known",
                           f"- hand_declared: {{hand_of: SEAT, by: other-player, said: {hand.kind}}} (SEAT: whose "
                           f"hand he named)", False))
            continue
        shown = any(e["event"] == "hand_shown" and e.get("seat") == seat and e.get("_entry", index) < index
                    and isinstance(e.get("face_up"), int) and e["face_up"] >= size for e in events)
        named.append((index, {"event": "hand_declared", "hand_of": seat, "by": "owner", "said": hand.kind,
                              "deliberate": False, "before_shown": not shown,
                              "in_question": bool(entry.get("in_question")), "_named": hand.ranks,
                              "_words": entry.get("words"), "_from_said": True, "_entry": index,
                              "_actions_before": bisect.bisect_left(action_entry, index), "_street": "showdown"}))
    return named, unread


def _objection_to_a_misnamed_push(incident_data: dict, entries, streets, events, board) -> list:
    """A pot pushed on a hand named wrongly, and another player objecting after the push (issue 21/22):
    a marked claim (`kind: claim`, `in_question: true`) by a seat other than the one the pot went to,
    after a money_moved pushed to a seat whose last declaration before it (hand_declared, or his hand
    named in words) the cards show wrong in kind or rank, with no street between the push and the
    claim: a dispute of the finished hand, raised before the next hand, so each club's clauses on
    disputes after the pot is awarded apply (each club's own). Nothing when the timeline
    writes a dispute itself, or the cards are not known."""
    from ruling_engine.facts.hands import best_hand, can_read
    from ruling_engine.incident.named_hand import NamedHand, matches
    if any(e["event"] == "dispute" for e in events):
        return []
    variant = (incident_data.get("game") or {}).get("variant")
    cards = {p.get("seat"): p.get("cards") for p in incident_data.get("players") or () if isinstance(p, dict)}
    out = []
    for index, entry in enumerate(entries):
        if entry["entry"] != "said" or entry.get("kind") != "claim" or not entry.get("in_question") \
                or not isinstance(entry.get("by"), int) or isinstance(entry.get("by"), bool):
            continue
        pushes = [e for e in events if e["event"] == "money_moved" and e.get("did") == "pushed"
                  and e.get("_entry", index) < index and isinstance(e.get("seat"), int)]
        if not pushes or pushes[-1]["seat"] == entry["by"]:
            continue
        push = pushes[-1]
        if any(entries[i]["entry"] == "street" for i in range(push["_entry"] + 1, index)):
            continue
        said = [e for e in events if e["event"] == "hand_declared" and e.get("hand_of") == push["seat"]
                and e.get("_entry", index) < push["_entry"]]
        hole = cards.get(push["seat"])
        if not said or not hole or not can_read(variant, hole, board):
            continue
        named = NamedHand(said[-1]["said"], tuple(said[-1].get("_named") or ()))
        if matches(named, best_hand(push["seat"], hole, board, variant)):
            continue
        out.append((index, {"event": "dispute", "after_next_shuffle": False, "dealer_ruled": False,
                            "facts_disputed": False, "cctv_reviewed": False, "ruling_challenged": False,
                            "ruling_shown_wrong": False, "floor_playing": False, "about_dealer_mistake": False,
                            "in_question": True, "_from_said": True, "_derived": True, "_entry": index,
                            "_actions_before": push.get("_actions_before", 0), "_street": streets[index]}))
    return out


def _deal_out_of_turn(incident_data: dict, entries, events) -> list:
    """A player-dealer (`dealer:`) who is not on the button, in a self-dealt game where the button
    marks whose deal it is: the deal was out of turn (an event at the first deal or street entry).
    Only when that entry is marked `in_question` (the deal is what is asked about): a player-dealer
    on another seat than the button is no irregularity by itself (in league play the dealer is not
    necessarily the button), so a `dealer:` nobody disputes raises no point of its own."""
    dealer, button = incident_data.get("dealer"), incident_data.get("button")
    if not isinstance(dealer, int) or not isinstance(button, int) or dealer == button:
        return []
    if any(e["event"] == "deal_error" for e in events):
        return []
    index = next((i for i, e in enumerate(entries) if e["entry"] == "street"), 0)
    marked = bool(entries and entries[index].get("in_question"))
    if not marked:
        return []
    return [(index, {"event": "deal_error", "kind": "dealt-out-of-turn", "after_deal": False, "acted": False,
                     "seat": dealer, "in_question": marked, "_derived": True})]


POSTED_BLINDS = ("small-blind", "big-blind")


def _posted_out_of_position(data: dict, entries) -> list:
    """A blind the floor marked (`posts: small-blind|big-blind`, `in_question: true`) put up by a
    seat the button does not make that blind (a returning player posting to come straight back in):
    the blinds as posted, the event the clubs' rules on who posts the blinds read, at the post's
    entry and marked as it is (docs/timeline.md: no mark is dropped; a post is otherwise no action
    and no event, so its mark would raise nothing). The other blind is the one posted in the same
    hand, else the seat the button makes it. Added after the replay has read the posts: the chips
    are replayed as written; only the question of who posts is raised. A post on the seat due it is
    no irregularity of position and raises no point here."""
    button = data.get("button")
    seats = sorted(p["seat"] for p in data.get("players", ()) if isinstance(p.get("seat"), int))
    if not isinstance(button, int) or isinstance(button, bool) or len(seats) < 3:
        return []
    order = clockwise_from(seats, button)
    due = {"small-blind": order[0], "big-blind": order[1]}
    out = []
    for index, entry in enumerate(entries):
        blind = entry.get("posts") if entry["entry"] == "action" else None
        if blind not in POSTED_BLINDS or not entry.get("in_question") or entry.get("_void") \
                or entry.get("seat") == due[blind]:
            continue
        posted = dict(due)
        for other in _same_hand(entries, index):
            if entries[other].get("posts") in POSTED_BLINDS and isinstance(entries[other].get("seat"), int):
                posted[entries[other]["posts"]] = entries[other]["seat"]
        posted[blind] = entry["seat"]
        out.append((index, {"event": "blinds_posted", "small_blind": posted["small-blind"],
                            "big_blind": posted["big-blind"], "in_question": True, "_derived": True}))
    return out


def _same_hand(entries, index: int) -> list:
    """The other action entries of the hand the entry at `index` belongs to (no `hand-over:` between)."""
    def over(entry):
        return entry["entry"] == "street" and entry.get("street") == "hand-over"
    start = next((i + 1 for i in range(index - 1, -1, -1) if over(entries[i])), 0)
    end = next((i for i in range(index + 1, len(entries)) if over(entries[i])), len(entries))
    return [i for i in range(start, end) if i != index and entries[i]["entry"] == "action"]


def _round_complete(hand: Hand, actions_before: int) -> bool:
    """Whether, after the first `actions_before` actions, nobody was left to act on their round."""
    return hand.complete_after[actions_before - 1]


def _points(timeline: Timeline, together_kinds) -> list:
    entries = timeline.entries
    events = list(zip(timeline.event_entry, timeline.data["events"]))
    pairs = timeline.pairs or {}
    marked_actions = [i for i in timeline.action_entry
                      if entries[i].get("in_question") or i in pairs and entries[pairs[i]].get("in_question")]
    marked_streets = [i for i, e in enumerate(entries) if e["entry"] == "street" and e.get("in_question")]
    from_said = {i for i, e in events if e.get("_from_said")}     # a hand named in words: its own point
    marked_said = [i for i, e in enumerate(entries) if e["entry"] == "said" and e.get("in_question")
                   and i not in from_said]
    points = []
    if marked_actions or marked_streets or marked_said or any(e.get("in_question") for _, e in events):
        chosen_actions = marked_actions
        chosen_events = [(i, e, i, True) for i, e in events if e.get("in_question")]   # (entry, event, mark, own)
        # what the hand before left for this one (incident/hands.py: the level went up while it was
        # played): a point of this hand, as the floor called about this hand
        chosen_events += [(i, e, i, False) for i, e in events
                          if entries[i].get("_for_this_hand") and not e.get("in_question")]
        for street in marked_streets:
            moment = _moment(entries, street)
            chosen_events += [(i, e, street, False) for i, e in events if i in moment and not e.get("in_question")]
            if not any(i == street for i, _ in events):       # no irregularity the order shows at it
                entry = entries[street]
                points.append(Point((street,), "street", entry.get("line"), _street_label(entry), street, True,
                                    entry["street"] == "showdown"))
        for index in marked_said:
            entry = entries[index]
            if question_of(entry) is not None:      # a question put to the floor: ruled as its own kind
                points.append(Point((index,), "question", entry.get("line"), _question_label(entry), index, True))
                continue
            points.append(Point((index,), "said", entry.get("line"), _said_label(entry), index, True))
        chosen_events += [(i, e, mark, False) for i, e, mark in _closed_early_by(entries, events, marked_actions)
                          if not any(i == c[0] for c in chosen_events)]
        # every other event the timeline records, before, between or after the marks, is a point
        # too (issue 21/20): the floor marks what he was called for, not the only thing that went
        # wrong; it is no marked point ("no irregularity" is not said of it) and raises only what
        # its own facts show (an event that is no irregularity on its own, a concession, raises
        # nothing: the vocabulary's raised_when says so)
        beside = {i for i, e in events if not any(i == c[0] for c in chosen_events)}
        chosen_events += [(i, e, None, False) for i, e in events if i in beside]
        chosen_events.sort(key=lambda c: c[0])
        chosen_actions = sorted(set(chosen_actions) | set(_changed_by_dealer(timeline, marked_actions)))
    else:
        beside = set()
        chosen_actions = timeline.action_entry[-1:]
        chosen_events = [(i, e, None, False) for i, e in events]
    groups: dict = {}
    for index, event, mark, own in chosen_events:
        kind = event["event"]
        if kind in together_kinds:
            groups.setdefault((kind, index in beside), []).append((index, mark, own))
        else:
            points.append(Point((index,), kind, _line(entries, index), _label(kind, event), mark, own,
                                beside=index in beside))
    for (kind, aside), found in groups.items():     # those beside the marks ruled together apart
        indexes = tuple(i for i, _, _ in found)
        owned = [m for _, m, own in found if own]
        points.append(Point(indexes, kind, _line(entries, indexes[0]), _label(kind, None),
                            owned[0] if owned else found[0][1], bool(owned), beside=aside))
    marked = bool(marked_actions or marked_streets or marked_said or any(e.get("in_question") for _, e in events))
    for index in chosen_actions:
        action = entries[index]
        own = (index, pairs[index]) if index in pairs else (index,)
        # a declaration and its chips (two entries, one action): the point of both, at the one marked
        mark = next((i for i in own if entries[i].get("in_question")), index)
        # its own point where it is marked, or where nothing is (the last action is then the point);
        # an unmarked action the dealer gave change for, beside a marked street, is not a marked one
        points.append(Point(own, "action", entries[mark].get("line"), f"seat {action['seat']}'s action",
                            mark, not marked or index in marked_actions))
    for index in statements(timeline):
        # a player's conditional statement in words is ruled as his action (statement facts), in
        # place of the plain words point a mark on it made
        if entries[index].get("in_question") or not marked:
            points = [p for p in points if not (p.kind == "said" and p.entries == (index,))]
            points.append(Point((index,), "action", entries[index].get("line"), f"seat {entries[index]['by']}'s words",
                                index, bool(entries[index].get("in_question"))))
    # the marked points first (what the floor was called for), then those beside the marks, each
    # in timeline order (issue 20/21)
    return sorted(points, key=lambda p: (p.beside, p.entries[0], p.kind != "street"))


def _changed_by_dealer(timeline: Timeline, marked_actions) -> list:
    """The entries of each unmarked action the dealer gave change for: a `money_moved: {did:
    returned}` to the same seat entered after the action, before any other action. The change is
    the dealer's reading of what the chips put in (a call, a bet, a raise), and the money the floor
    rules on rests on it, so how the chips read is a point too (the marked entry is what the floor
    was asked; this is the amount it asks about)."""
    entries, out = timeline.entries, []
    for index in timeline.action_entry:
        if index in marked_actions:
            continue
        seat = entries[index].get("seat")
        for later in range(index + 1, len(entries)):
            entry = entries[later]
            if entry["entry"] == "action":
                break
            if entry["entry"] == "event" and entry.get("event") == "money_moved" \
                    and entry.get("did") == "returned" and entry.get("seat") == seat:
                out.append(index)
                break
    return out


def _closed_early_by(entries, events, marked_actions) -> list:
    """(entry, event, mark) of each board card the order shows dealt while the betting was open
    (a derived card_dealt_early) that is the first card after a marked action: the action in
    question is what the round was open on, so whether the card came too early is part of what
    the floor was called about, and is ruled on the hand as that action's ruling left it."""
    out = []
    for index, event in events:
        if event["event"] != "card_dealt_early" or not event.get("_derived"):
            continue
        before = [j for j in marked_actions if j < index
                  and not any(entries[k]["entry"] == "street" for k in range(j + 1, index))]
        if before:
            out.append((index, event, before[-1]))
    return out


def _moment(entries, street: int) -> range:
    """The entries at a street's moment: those after it, before the next action or street."""
    end = next((i for i in range(street + 1, len(entries)) if entries[i]["entry"] in ("action", "street")),
               len(entries))
    return range(street + 1, end)


def _street_label(entry) -> str:
    name = entry["street"].replace("-", " ")
    cards = entry.get("cards")
    return f"the {name}" + (f" ({' '.join(map(str, cards))})" if cards else "")


def question_of(entry) -> dict | None:
    """A `said:` entry that is a question a player put to the floor: `kind: question`, or (no kind
    given) a player's words that ask something ("Can I raise?"). {seat, about, words, asker, if}:
    `about` is the entry's own, else read from the words (None when it cannot be read); `seat` is
    the player whose options are asked (`of:`, else the asker), `if` the asker's own action the
    question supposes ("if I shove, ...")."""
    if entry.get("entry") != "said" or not isinstance(entry.get("by"), int) or isinstance(entry.get("by"), bool):
        return None
    if entry.get("kind") != "question" and not (entry.get("kind") is None and is_question(entry.get("words"))
                                                 and read_question(entry.get("words")) is not None):
        return None
    return {"seat": entry.get("of", entry["by"]), "asker": entry["by"], "words": entry.get("words", ""),
            "about": entry.get("about") or read_question(entry.get("words")), "if": entry.get("if")}


def _question_label(entry) -> str:
    question = question_of(entry)
    about, seat = question["about"], question["seat"]
    asked = QUESTION_WORDS[about] if about else ""
    if about and seat != entry["by"]:
        asked = asked.replace("he", f"seat {seat}", 1)
    if about and question["if"]:
        asked = f"if seat {entry['by']} {SUPPOSED_WORDS[question['if']]}, " + asked
    return f"seat {entry['by']}'s question" + (f" ({asked})" if about else " (not read)")


def supposed_timeline(timeline: Timeline, index: int, together_kinds=frozenset()):
    """(timeline, point) of a question put to the floor that supposes an action of the asker ("if I
    shove, can seat 5 come back over the top?", `if: all-in`): the hand as it stood when he asked,
    with his supposed action added just before the question (never played: what came after the
    question is left out). None when the question supposes nothing."""
    entry = timeline.entries[index]
    question = question_of(entry)
    if question is None or not question.get("if") or timeline.source is None:
        return None
    supposed = {"entry": "action", "line": entry.get("line"), "seat": question["asker"], "did": question["if"],
                "in_turn": True, "in_question": False, "gesture": "none", "heard": "all", "fold_comment": False,
                "prompted_by_dealer": False, "deliberate": False, "_supposed": True}
    asked = {k: v for k, v in entry.items() if k != "if"}
    source = {**timeline.source, "timeline": list(timeline.source["timeline"][:index]) + [supposed, asked]}
    hypothetical = read_timeline(source, together_kinds)
    point = next((p for p in hypothetical.points if p.kind == "question" and p.entries == (index + 1,)), None)
    return None if point is None else (hypothetical, point)


QUESTION_WORDS = {"raise": "may he raise?", "all-in": "may he go all in?", "call": "may he call?",
                  "check": "may he check?", "card": "does the card play?", "show": "must the hand be shown?",
                  "button": "who has the button, who posts?", "fee": "is a fee due?"}


def _said_label(entry) -> str:
    by = entry.get("by")
    who = f"seat {by}" if isinstance(by, int) else f"the {by}"
    return f"what {who} said"


def statements(timeline: Timeline) -> list:
    """The `said:` entries that are a player's conditional statement about his own future action
    ("If you bet, I'm raising"), said while his hand was live: the declaration the clauses on
    conditional statements speak of, made in words outside an action. Each is a point like an
    action (marked, or with no mark when nothing is), ruled on the hand as it stood then."""
    out = []
    for index, entry in enumerate(timeline.entries):
        if entry["entry"] != "said" or not isinstance(entry.get("by"), int) or entry.get("kind") not in (None, "other"):
            continue
        if read_said(entry["words"]).conditional and entry["by"] in statement_state(timeline, index).in_hand:
            out.append(index)
    return out


def statement_state(timeline: Timeline, index: int):
    """The betting state when the `said:` entry at `index` was said (after the actions before it)."""
    return timeline.hand.replay(sum(1 for i in timeline.action_entry if i < index))


def _line(entries, index):
    return entries[index].get("line") if index < len(entries) else None


def _label(kind: str, event) -> str:
    words = kind.replace("_", " ")
    if event and isinstance(event.get("seat"), int):
        return f"{words} (seat {event['seat']})"
    return words


def point_view(timeline: Timeline, point: Point) -> tuple[dict, int | None]:
    """The incident as the facts read it for one point: the events (the point's own entries for
    its kind, every entry of the other kinds as context) and the index of the action in question
    (the point's, or the marked action, or the last action before the point)."""
    data = dict(timeline.data)
    own = set(point.entries)
    events = [e for e, i in zip(timeline.data["events"], timeline.event_entry)
              if e["event"] != point.kind or i in own]
    data["events"] = events
    entry = timeline.entries[point.entries[0]] if point.entries and point.entries[0] < len(timeline.entries) else {}
    if point.kind == "action" and entry.get("entry") == "said":
        # a player's statement in words: the speaker at that moment, no action of the log in question
        data["_statement"] = {"seat": entry["by"], "words": entry["words"],
                              "actions_before": sum(1 for i in timeline.action_entry if i < point.entries[0])}
        data["_entries"], data["_point_entries"], data["_action_entry"] = timeline.entries, point.entries, None
        return data, None
    if point.kind == "question":
        supposed = supposed_timeline(timeline, point.entries[0])
        if supposed is not None:        # "if I shove, ...": the hand with his supposed action added
            return point_view(*supposed)
        # a question put to the floor: the asker at that moment, no action of the log in question
        data["_question"] = {**question_of(entry),
                             "actions_before": sum(1 for i in timeline.action_entry if i < point.entries[0])}
        data["_entries"], data["_point_entries"], data["_action_entry"] = timeline.entries, point.entries, None
        return data, None
    if point.kind == "action":
        index = timeline.action_entry.index(point.entries[0])
    else:
        marked = [n for n, a in enumerate(timeline.data["actions"]) if a.get("in_question")]
        before = [n for n, i in enumerate(timeline.action_entry) if i < point.index
                  and not (point.kind == "said" and hand_over_between(timeline.entries, i, point.index))]
        index = marked[-1] if marked else (before[-1] if before else None)
    data["_entries"] = timeline.entries
    data["_point_entries"] = point.entries
    data["_action_entry"] = timeline.action_entry[index] if index is not None else None
    data["_chips_entry"] = timeline.data["actions"][index].get("_chips_entry") if index is not None else None
    return data, index


def hand_over_between(entries: list, start: int, end: int) -> bool:
    """Whether the hand ended (`hand-over:`) between two entries: marked words said after it are
    not about that hand's last action nor its irregularities (e24/objection, blind O703: a complaint
    after the hand is not a question on how its last fold was thrown)."""
    return any(e.get("entry") == "street" and e.get("street") == "hand-over" for e in entries[start + 1:end])


def hand_point(timeline: Timeline) -> Point:
    """The point of an incident that marks nothing and has no event or action: the hand itself."""
    last = len(timeline.entries) - 1
    return Point((max(last, 0),), "hand", _line(timeline.entries, last) if last >= 0 else None, "the hand")


def deal_state(entries: list, data: dict) -> str:
    """Where the last hand of the timeline stands (e19/numbers, issue 20): "complete" once its deal is
    done (a betting street or a later one is reached, or a player acted), "dealing" while the
    timeline reaches only its `deal:` (the deal begun, no betting yet: one stud card out, the shuffle
    for the next hand after `hand-over:`), "between" where nothing of a hand happened (data
    `_no_hand`), "none" where the timeline holds no street and no action but some event of a hand.
    A Now names a player to act only in a hand whose deal is complete."""
    if data.get("_no_hand"):
        return "between"
    state = None
    for entry in entries:
        if entry["entry"] == "street":
            if entry["street"] == "deal":
                state = "dealing"             # a deal begins (after hand-over: the next hand's)
            elif entry["street"] != "hand-over":
                state = "complete"
        elif entry["entry"] == "action" and ("posts" not in entry or state is None):
            state = "complete"                # a blind posted before any deal: read as before (cards out)
    return state or "none"

