"""From the rules a club's engine fired to that club's ruling on each issue of the incident.

express: a clause says so.  reading: a clause applied by interpretation (the rule says why).
conflict: the club's own clauses give different outcomes; all are shown, the floor chooses.
not covered: no clause of the club speaks to it; its discretion clause is cited, and no other
club's rule is borrowed.
"""
from __future__ import annotations


import dataclasses

from ruling_engine.knowledge.conditions import disjuncts, facts_used, holds
from ruling_engine.model import TEMPLATE_NAME
from ruling_engine.numbers import allowed_deduction, tidy, whole
from ruling_engine.model import Citation, ClubRuling



def raised_issues(vocabulary, facts: dict, point_kind: str | None = None, last: bool = True,
                  own: frozenset = frozenset()) -> list:
    """The issues raised at a point: its `raised_when` condition (parsed at load) holds for the
    point's facts on facts that belong to the point's entry (`hand_mucked.*` for a hand_mucked
    entry, `action.*` for an action, and `own`: the facts of the words and chips of the action in
    question that have no prefix, words_chips_differ, chips_over_call). An issue raised by facts
    of the hand alone (the cards read at showdown) is raised once, at the last point. With no
    point kind, every issue that holds."""
    out = []
    for issue_id, conjunctions in _issue_conjunctions(vocabulary):
        for conjunction, owners in conjunctions:
            if not all(leaf.holds(facts) for leaf in conjunction):
                continue
            if point_kind is None or point_kind in owners or (not owners and last) or \
                    (own and any(leaf.fact in own for leaf in conjunction)):
                out.append(issue_id)
                break
    return out


_CONJUNCTIONS: dict = {}


def _issue_conjunctions(vocabulary) -> list:
    """[(issue, [(conjunction, owner kinds)])] of a vocabulary, worked out once per process."""
    cached = _CONJUNCTIONS.get(id(vocabulary))
    if cached is None or cached[0] is not vocabulary:
        table = [(issue_id, [(conj, {leaf.fact.split(".", 1)[0] for leaf in conj if "." in leaf.fact})
                             for conj in disjuncts(issue["condition"])])
                 for issue_id, issue in vocabulary.issues.items()]
        cached = _CONJUNCTIONS[id(vocabulary)] = (vocabulary, table)
    return cached[1]


def format_value(value, spec_type: str, currency: str) -> str:
    from ruling_engine.numbers import Approx
    if isinstance(value, Approx):     # a figure the incident gives only approximately, or as a bound
        return f"{value.words()} {format_value(float(value), spec_type, currency)}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, (int, float)):
        text = f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"
        return f"{currency}{text}" if spec_type == "amount" else text
    return str(value)


def missing_words(vocabulary, name: str) -> str:
    """What a do-line says where a number the incident does not give would go: which fact is
    missing, as its vocabulary question asks it (issue 24: never a bare placeholder)."""
    spec = vocabulary.facts.get(name)
    question = (spec.question if spec is not None else "") or name
    return "not in the incident: " + question[:1].lower() + question[1:]


class Filler:
    """Fills `{fact}` templates with an incident's facts, amounts with the game's currency."""

    def __init__(self, vocabulary, facts: dict, currency: str):
        self.vocabulary, self.facts, self.currency = vocabulary, facts, currency
        self.used: dict = {}

    def text(self, template: str) -> str:
        def sub(match):
            name = match.group(1)
            if name not in self.facts:
                words = missing_words(self.vocabulary, name)
                whole, start, end = match.string, match.start(), match.end()
                enclosed = start > 0 and whole[start - 1] == "(" and whole[end:end + 1] == ")"
                return words if enclosed else f"({words})"
            self.used[name] = self.facts[name]
            return format_value(self.facts[name], self.vocabulary.facts[name].type, self.currency)
        return TEMPLATE_NAME.sub(sub, template)

    def param(self, value):
        if isinstance(value, str):
            whole = TEMPLATE_NAME.fullmatch(value)
            if whole and whole.group(1) in self.facts:
                self.used[whole.group(1)] = self.facts[whole.group(1)]
                return self.facts[whole.group(1)]
            return self.text(value)
        return value

    def names_nobody(self, value) -> bool:
        """Whether a do-line or an effect names a fact whose absence means there is nobody (`absent:
        nobody`, e.g. the next player to act when nobody is to act): such a line is left out, never
        filled with a placeholder (issue 20)."""
        if isinstance(value, dict):
            return any(self.names_nobody(v) for v in value.values())
        if not isinstance(value, str):
            return False
        for name in TEMPLATE_NAME.findall(value):
            spec = self.vocabulary.facts.get(name)
            if name not in self.facts and spec is not None and spec.absent_nobody:
                return True
        return False

    def _unknown(self, value) -> bool:
        whole = TEMPLATE_NAME.fullmatch(value) if isinstance(value, str) else None
        return bool(whole) and whole.group(1) not in self.facts

    def effects(self, effect: dict) -> list:
        """The effect with its templates filled; `each: "{fact}"` repeats it for every player a list
        fact names (each item's seat and numbers), so a ruling tells every player it affects."""
        if "each" not in effect:        # a number nobody knows is left out, not written as text
            return [{k: self.param(v) for k, v in effect.items() if not self._unknown(v)}]
        items = self.param(effect["each"])
        rest = {k: self.param(v) for k, v in effect.items() if k != "each"}
        return [{**rest, **item} for item in items] if isinstance(items, list) else []


def _discretion(kb, club: str, issue: str) -> list:
    """The citations of the club's discretion clauses that speak to this issue's topic."""
    topic = kb.vocabulary.issues[issue].get("topic")
    return [Citation(club=club, clause=cid, locator=kb.clause(cid).locator, quote=kb.clause(cid).text, rule="")
            for cid in kb.clubs[club].discretion_for(topic)]


def _cite(kb, rule) -> Citation:
    clause = kb.clause(rule.clause)
    return Citation(club=rule.club, clause=clause.id, locator=clause.locator, quote=rule.quote, rule=rule.id)


def _one_each(citations: list) -> list:
    """Citations, each clause's same words once (two rules of one clause cite it once)."""
    seen, out = set(), []
    for c in citations:
        if (c.clause, c.quote) not in seen:
            seen.add((c.clause, c.quote))
            out.append(c)
    return out


def _with_discretion(cited: list, discretion: list) -> list:
    """The rules' citations, then the discretion clauses a silent rule leaves the call to, each clause
    once (a silent rule may itself quote part of the discretion clause)."""
    return cited + [c for c in discretion if c.clause not in {x.clause for x in cited}]


def _unique(items):
    out = []
    for item in items:
        if item not in out:
            out.append(item)
    return out


def _who_acts_next(group: dict, filler: Filler) -> None:
    """A ruling that has the betting round completed says whose turn it is (and what he has to
    call), unless it names the next player itself: the floor's next words at the table."""
    kinds = {e.get("effect") for e in group["effects"]}
    if "betting-completed" not in kinds or "acts-next" in kinds or "next_to_act_seat" not in filler.facts:
        return
    seat = filler.param("{next_to_act_seat}")
    group["effects"].append({"effect": "acts-next", "seat": seat})
    call = filler.text(", {next_to_act_call} to call") if "next_to_act_call" in filler.facts else ""
    group["do"].append(f"Seat {seat} is next to act{call}.")


def _deduction_allowed(group: dict, filler: Filler) -> None:
    """A ruling that limits a deduction to a share of the pot (`deduction-capped`) says the numbers:
    the share, what the deduction may keep, what was taken and what goes back (issue 20)."""
    money = lambda x: format_value(x, "amount", filler.currency)
    for e in group["effects"]:
        if e.get("effect") != "deduction-capped":
            continue
        num = lambda k: e.get(k) if isinstance(e.get(k), (int, float)) and not isinstance(e.get(k), bool) else None
        pot, taken, percent, cap, chip = num("pot"), num("taken"), num("percent"), num("cap"), num("round_to")
        share, rounded = allowed_deduction(pot, percent, None, chip)
        if rounded is None or taken is None:
            continue
        allowed = rounded if cap is None else min(rounded, cap)
        words = f"{whole(percent)}% of the {money(pot)} pot is {filler.currency}{share:g}"
        if chip:
            words += f", rounded to the nearest {money(chip)} chip {money(rounded)}"
        if cap is not None and cap < rounded:
            words += f", held to the {money(cap)} cap"
        back = tidy(max(0, taken - allowed))
        words += (f": the deduction may keep {money(allowed)} of the {money(taken)} taken; "
                  + (f"{money(back)} goes back into the pot." if back > 0 else "nothing goes back into the pot."))
        group["do"].append(words)


def _button_of_the_blinds(group: dict, filler: Filler) -> None:
    """A ruling that moves the small blind to another seat than the one that posted it places the
    button with it, unless it names the button itself or has no small blind: heads-up the button is
    the small blind, otherwise the seat just right of it (the game's order, every club's: the small
    blind sits left of the button). A ruling that keeps the blinds as posted moves no button."""
    kinds = {e.get("effect") for e in group["effects"]}
    if "button-to" in kinds or "dead-small-blind" in kinds:
        return
    small = [e.get("seat") for e in group["effects"] if e.get("effect") == "post-blind"
             and str(e.get("blind", "")).startswith("small") and isinstance(e.get("seat"), int)]
    facts = filler.facts
    if len(set(small)) != 1 or "button_seat" not in facts:
        return
    ring = [facts.get(name) for name in ("button_seat", "left_of_button_seat", "second_left_of_button_seat",
                                         "third_left_of_button_seat")]
    seat = small[0]
    if seat == facts.get("blinds_posted.sb_seat"):
        return
    if facts.get("players_dealt") == 2 and seat in ring[:2]:
        button = seat
    elif seat in ring[1:]:
        button = ring[ring.index(seat, 1) - 1]
    else:
        return
    group["effects"].append({"effect": "button-to", "seat": button})


def _level_of_the_hand(group: dict, filler: Filler) -> None:
    """A ruling that sets the level of the next hand (blinds-level old or new) carries its number
    when the incident states the level it was on (game.level, the level before the change): the
    old level is that one, the new level the one after it."""
    level = filler.facts.get("game_level")
    if not isinstance(level, int) or isinstance(level, bool):
        return
    for effect in group["effects"]:
        if effect.get("effect") == "blinds-level" and effect.get("level") in ("old", "new") and "number" not in effect:
            effect["number"] = level + (effect["level"] == "new")


_BY_ID: dict = {}


def _overridden(kb, club: str, rules: list) -> set:
    """The rules the fired ones are exceptions to, followed along chains: an exception to an
    exception to C is more specific than C too (A overrides B, B overrides C: A sets C aside)."""
    key = (id(kb), club)
    if key not in _BY_ID or _BY_ID[key][0] is not kb:
        _BY_ID[key] = (kb, {rule.id: rule for rule in kb.rules.get(club, [])})
    by_id = _BY_ID[key][1]
    out, todo = set(), [target for rule in rules for target in rule.overrides]
    while todo:
        target = todo.pop()
        if target not in out:
            out.add(target)
            todo += list(getattr(by_id.get(target), "overrides", ()) or ())
    return out


def _escalation_step(group: dict, rules: list, filler: Filler, club_info, kb=None) -> None:
    """Of a club's scale of penalties (rules marked `escalation: true`, each step's penalty-option
    kept open by the rule's own conditions on the player's earlier warnings), the steps still open
    are those from the next after what he has had. Whether one of them is decided is what the
    club's rules say (issue 21):
    - where the rules decide the step (an outcome other than options-at-discretion, such as the
      warning a first offence gets), the lowest step open applies (a penalty-step effect and a
      do-line); the higher steps stay as the range the floor may go to where the text leaves it
      to his discretion;
    - where the rules leave the step to the floor (options-at-discretion with discretion), no step
      is decided: the floor chooses, and the ruling names the step next on the scale (the lowest
      open, issue 20) as the floor's choice within the range of steps open and the clause, never
      as if it were decided (no penalty-step effect);
    - where a rule on the conduct names the step its clause gives for it (a penalty-named effect:
      soft play 'may include ... disqualification'), the ruling says the range up to that step with
      that clause, not the next step on the scale (e24/conduct);
    - options-at-discretion without discretion is a ladder applied in order: the lowest step open
      applies and the higher steps are dropped."""
    ladder: dict = {}
    clauses: dict = {}
    named: dict = {}        # seat -> (step, penalty, clause): the step the clause on the conduct names
    for rule in rules:
        for each in rule.then.effects:
            for effect in filler.effects(each):
                if effect.get("effect") == "penalty-named" and isinstance(effect.get("step"), int):
                    named.setdefault(effect.get("seat"), (effect["step"], effect.get("penalty"), rule.clause))
        if rule.escalation:
            for each in rule.then.effects:
                for effect in filler.effects(each):
                    if effect.get("effect") == "penalty-option" and isinstance(effect.get("step"), int):
                        ladder.setdefault(effect.get("seat"), {}).setdefault(effect["step"], effect)
                        clauses.setdefault(effect.get("seat"), [])
                        if rule.clause not in clauses[effect.get("seat")]:
                            clauses[effect.get("seat")].append(rule.clause)
    if not ladder:
        return
    steps_only = [line for r in rules if r.escalation and
                  sum(e.get("effect") == "penalty-option" if isinstance(e, dict) else False
                      for e in r.then.effects) <= 1 for line in (filler.text(t) for t in r.then.do)]
    at = min((i for i, line in enumerate(group["do"]) if line in steps_only), default=len(group["do"]))
    group["do"] = [line for line in group["do"] if line not in steps_only]
    floor_chooses = group["outcome"] == "options-at-discretion" and group["discretion"]
    lines = []
    for seat, steps in ladder.items():
        numbers = sorted(steps)
        first = steps[numbers[0]]
        if floor_chooses and len(numbers) > 1:
            where = ", ".join(_locator(kb, c) for c in clauses[seat])
            passed = (f"; the steps below step {numbers[0]} are passed after his earlier warnings"
                      if numbers[0] > 1 else "")
            nxt = ("the first step of the scale" if numbers[0] == 1 else
                   "the lowest step still open after his earlier warnings")
            if seat in named:       # the clause on this conduct names a step: the range up to it, not the lowest
                step, penalty, clause = named[seat]
                tail = (f". For this conduct {_locator(kb, clause)} names {penalty} (step {step}): the "
                        f"{club_info.floor} chooses within the range up to it, not the lowest step by default.")
            else:
                tail = (f". Next on the scale is step {numbers[0]}, {first.get('penalty')} "
                        f"({nxt}), the {club_info.floor}'s to choose within that range.")
            lines.append(f"Seat {seat}: the {club_info.floor} chooses the penalty at his discretion ({where}), "
                         f"from step {numbers[0]} up to step {numbers[-1]}: "
                         + "; ".join(f"step {n}, {steps[n].get('penalty')}" for n in numbers)
                         + f"{passed}{tail}")
            continue
        why = ("the first step of the scale" if numbers[0] == 1 else
               "the lowest step still open after his earlier warnings: the steps below it are passed")
        group["effects"].append({"effect": "penalty-step", "seat": seat, "step": numbers[0],
                                 "penalty": first.get("penalty")})
        lines.append(f"Seat {seat}: step {numbers[0]} applies, {first.get('penalty')} ({why}).")
        if len(numbers) > 1 and group["discretion"]:
            lines.append(f"The {club_info.floor} may go further at his discretion, up to step {numbers[-1]}: "
                         + "; ".join(f"step {n}, {steps[n].get('penalty')}" for n in numbers[1:]) + ".")
        elif len(numbers) > 1:
            group["effects"] = [e for e in group["effects"] if not (
                e.get("effect") == "penalty-option" and e.get("seat") == seat and e.get("step") != numbers[0])]
    group["do"][at:at] = lines


def _locator(kb, clause_id: str) -> str:
    """A clause as the ruling names it: its locator in the club's rulebook, else its id."""
    try:
        clause = kb.clause(clause_id) if kb is not None else None
    except KeyError:        # an id the knowledge does not hold: named as written
        clause = None
    return (getattr(clause, "locator", "") or clause_id) if clause is not None else clause_id


def resolve_issue(kb, club: str, issue: str, rules: list, filler: Filler) -> ClubRuling:
    """One club's ruling on one issue from the ruling rules it fired on that issue."""
    club_info = kb.clubs[club]
    overridden = _overridden(kb, club, rules)
    standing = [r for r in rules if r.id not in overridden]
    set_aside = [r.id for r in rules if r.id in overridden]
    if not standing:
        citations = _discretion(kb, club, issue)
        title = kb.vocabulary.issues[issue]["title"].lower()
        # a club with clauses on the issue, none of whose conditions the facts meet, has clauses that
        # do not reach this case: not "no clause" (P601: a muck clause that kills cards that touch it)
        has_rules = any(r.issue == issue and not r.is_definition for r in kb.rules.get(club, []))
        said = (f"{club_info.title}'s clauses on this ({title}) do not reach these facts: none of "
                f"their conditions is met here." if has_rules else
                f"{club_info.title}'s rulebook has no clause on this ({title}).")
        return ClubRuling(
            club=club, issue=issue, basis="not covered", outcome="floor-decides",
            decision=(f"{said} The {club_info.floor} decides, in the best interest of the game "
                      f"and fairness."),
            do=[f"Call the {club_info.floor}; rule on the circumstances (discretion clause cited)."],
            effects=[{"effect": "floor-decides"}], discretion=True, citations=citations)
    by_outcome: dict = {}
    for rule in standing:
        by_outcome.setdefault(rule.then.outcome, []).append(rule)
    filler.used = {}
    groups = []
    for outcome, group in by_outcome.items():
        groups.append({
            "outcome": outcome,
            "decision": " ".join(_unique(r.then.decision for r in group)),
            "do": _unique(filler.text(line) for r in group for line in r.then.do if not filler.names_nobody(line)),
            "effects": _unique(e for r in group for each in r.then.effects if not filler.names_nobody(each)
                               for e in filler.effects(each)),
            "discretion": any(r.then.discretion for r in group),
            "citations": _with_discretion(_one_each([_cite(kb, r) for r in group]),
                                          _discretion(kb, club, issue) if all(r.basis == "silent" for r in group) else []),
            "basis": ("express" if any(r.basis == "express" for r in group) else
                      "reading" if any(r.basis == "reading" for r in group) else "not covered"),
            "readings": [{"rule": r.id, "reading": r.reading} for r in group if r.basis in ("reading", "silent")],
            "rules": [r.id for r in group],
        })
    for g, (outcome, group) in zip(groups, by_outcome.items()):
        _who_acts_next(g, filler)
        _deduction_allowed(g, filler)
        _button_of_the_blinds(g, filler)
        _level_of_the_hand(g, filler)
        _escalation_step(g, group, filler, club_info, kb)
    numbers = dict(filler.used)
    if len(groups) == 1:
        g = groups[0]
        return ClubRuling(club=club, issue=issue, basis=g["basis"], outcome=g["outcome"],
                          decision=g["decision"], do=g["do"], effects=g["effects"], numbers=numbers,
                          discretion=g["discretion"], citations=g["citations"], readings=g["readings"],
                          set_aside=set_aside, rules_fired=g["rules"])
    return ClubRuling(
        club=club, issue=issue, basis="conflict", outcome="conflict",
        decision=(f"{club_info.title}'s own clauses disagree here: "
                  + " / ".join(f"{g['outcome']}: {g['decision']}" for g in groups)
                  + f" The {club_info.floor} must choose between them."),
        do=[f"Call the {club_info.floor}: the rulebook gives {len(groups)} different answers (both shown)."],
        effects=[{"effect": "floor-decides"}], numbers=numbers, discretion=True,
        citations=[c for g in groups for c in g["citations"]],
        readings=[r for g in groups for r in g["readings"]],
        alternatives=groups, set_aside=set_aside, rules_fired=[r for g in groups for r in g["rules"]])


def _unruled(kb, issue: str, facts: dict) -> bool:
    """An issue its vocabulary raises for every club where it `unruled_when`, but that a club whose
    rules set nothing on it leaves out (issue 22: the seconds a player has faced a bet with no clock
    called; a club with no time limit has nothing to say, not a floor decision to call for)."""
    condition = kb.vocabulary.issues[issue].get("unruled")
    return condition is not None and any(all(leaf.holds(facts) for leaf in conj) for conj in disjuncts(condition))


def resolve_club(kb, club: str, issues: list, fired: list, facts: dict, currency: str) -> list:
    """A club's rulings, one per raised issue, from the rule ids its engine fired."""
    by_id = {rule.id: rule for rule in kb.rules.get(club, [])}
    filler = Filler(kb.vocabulary, facts, currency)
    rulings = []
    for issue in issues:
        rules = [by_id[rid] for rid in fired if not by_id[rid].is_definition and by_id[rid].issue == issue]
        if not rules and _unruled(kb, issue, facts):
            words = kb.vocabulary.issues[issue].get("unruled_words")
            rulings.append(ClubRuling(
                club=club, issue=issue, basis="does not arise", outcome="does-not-arise",
                decision=(f"Nothing to rule: {kb.clubs[club].title}'s rulebook sets no limit here "
                          f"({_title(kb, issue)}, no clock called)." if not words else
                          f"Nothing to rule on {_title(kb, issue)} ({kb.clubs[club].title}): {words}.")))
            continue
        if not rules:
            rules = _concluded_by_definition(kb, club, issue, issues, by_id, fired, facts)
        rulings.append(resolve_issue(kb, club, issue, rules, filler))
    rulings = [_with_deciding_definitions(kb, club, r, by_id, fired, facts) for r in rulings]
    seat = facts.get("action.seat")
    rulings = [_governed(kb, club, r, rulings, by_id, seat) for r in rulings]
    rulings = [_answered_elsewhere(kb, r, rulings, seat) for r in rulings]
    return [_hand_left_to_floor(kb, club, r, facts, rulings) for r in rulings]


def _concluded_by_definition(kb, club: str, issue: str, issues: list, by_id: dict, fired: list,
                             facts: dict) -> list:
    """A conclusion a club's definition drew at the point reaches the ruling (e29/fired, P503: a
    club's definition made the chips "assumed as a call", yet the point read "no clause"): where none
    of the club's rules on `issue` fired, its rules that decide from what a definition it fired
    derived, on an issue of the same topic not raised at the point, whose conditions hold and whose
    outcome is one of `issue`'s outcomes, answer it. The same clause, the same facts: one answer,
    never "no clause" beside a clause that matched."""
    defined = {by_id[rid].defines[0] for rid in fired if rid in by_id and by_id[rid].is_definition
               and by_id[rid].defines[0] in facts}
    if not defined:
        return []
    spec = kb.vocabulary.issues.get(issue, {})
    outcomes, topic = spec.get("outcomes") or {}, spec.get("topic")
    out = []
    for rule in kb.rules.get(club, []):
        if rule.is_definition or rule.then is None or rule.when is None or rule.issue == issue \
                or rule.issue in issues or rule.then.outcome not in outcomes \
                or kb.vocabulary.issues.get(rule.issue, {}).get("topic") != topic:
            continue
        if facts_used(rule.when) & defined and holds(rule.when, facts):
            out.append(rule)
    overridden = _overridden(kb, club, out)
    return [r for r in out if r.id not in overridden]


def _hand_left_to_floor(kb, club: str, ruling: ClubRuling, facts: dict, rulings: list) -> ClubRuling:
    """A breach that bears on a hand's result (the issue's `hand_at_stake_when`), ruled on a clause
    that says nothing of the hand or the pot (none of its `hand_settled_by` effects, in this ruling
    or the club's others at the point, such as a penalty clause's forfeit): the ruling
    says the floor decides them, the discretion clause cited, rather than leaving the hand as the
    breach left it; no consequence is made up (e24/conduct)."""
    spec = kb.vocabulary.issues.get(ruling.issue, {})
    condition = spec.get("hand_at_stake")
    if condition is None or ruling.basis not in ("express", "reading") or \
            not any(all(leaf.holds(facts) for leaf in conj) for conj in disjuncts(condition)):
        return ruling
    settled = set(spec.get("hand_settled_by") or ())
    if any(e.get("effect") in settled for r in rulings for e in r.effects):
        return ruling
    info = kb.clubs[club]
    seat = facts.get("conduct.seat")
    whose = f"seat {seat}'s hand" if seat is not None else "the hand"
    line = (f"{info.title}'s clause on this breach does not say what it does to {whose} and the pot: the "
            f"{info.floor} decides, in the best interest of the game and fairness (discretion clause cited).")
    cited = {c.clause for c in ruling.citations}
    extra = [c for c in _discretion(kb, club, ruling.issue) if c.clause not in cited]
    ruling.do = list(ruling.do) + [line]
    ruling.effects = list(ruling.effects) + [{"effect": "hand-left-to-floor", "seat": seat}]
    ruling.citations = list(ruling.citations) + extra
    ruling.discretion = True
    return ruling


def _defined_values(by_id: dict, fired: list, facts: dict) -> dict:
    """fact -> (value, the definition rules that set it) for this club's definitions that fired:
    the defined value when the rule's condition holds, its `otherwise` value when not."""
    out: dict = {}
    for rid in fired:
        rule = by_id.get(rid)
        if rule is None or not rule.is_definition or rule.when is None:
            continue
        fact, value = rule.defines[0], rule.defines[1]
        if not holds(rule.when, facts):
            value = rule.otherwise
        if value is None:
            continue
        out.setdefault(fact, (value, []))[1].append(rule)
    return out


def _with_deciding_definitions(kb, club: str, ruling: ClubRuling, by_id: dict, fired: list,
                               facts: dict) -> ClubRuling:
    """A clause that decides the point through a fact it defines is cited with the ruling (issue 20,
    B204: "a mis-deal can only be called prior to three players acting": the limit not reached is
    why the listed mis-deal stands): only when the ruling's outcome turns on the value it set, that
    is, an exception to the ruling's rules does not apply with the value set and would apply with
    the other one, its other conditions (facts of the incident, e.g. a dealing error) holding. A
    definition an exception tests alone (nothing of the incident brings the exception to the point),
    or the ruling's own rules test, is not cited."""
    if ruling.basis not in ("express", "reading") or not ruling.rules_fired:
        return ruling
    defined = _defined_values(by_id, fired, facts)
    if not defined:
        return ruling
    values = {**facts, **{fact: value for fact, (value, _) in defined.items()}}
    mine = set(ruling.rules_fired)
    deciding = []
    for rule in kb.rules.get(club, []):
        if rule.issue != ruling.issue or rule.id in mine or not set(rule.overrides) & mine or rule.when is None:
            continue
        if holds(rule.when, values) or not facts_used(rule.when) - set(defined):
            continue            # it applies, or nothing of the incident itself brings it to the point
        for fact in sorted(facts_used(rule.when) & set(defined)):
            value = defined[fact][0]
            if isinstance(value, bool) and holds(rule.when, {**values, fact: not value}):
                deciding += defined[fact][1]
    have = {(c.clause, c.quote) for c in ruling.citations}
    extra = [c for c in _one_each([_cite(kb, d) for d in deciding]) if (c.clause, c.quote) not in have]
    if not extra:
        return ruling
    return dataclasses.replace(ruling, citations=list(ruling.citations) + extra)


def _seats(ruling: ClubRuling) -> set:
    return {e.get("seat") for e in ruling.effects if isinstance(e.get("seat"), int)}


def _named_seats(ruling: ClubRuling) -> set:
    """The seats a ruling speaks of: those its effects name, else the seat facts it was ruled on."""
    return _seats(ruling) or {v for k, v in ruling.numbers.items()
                              if k.split(".")[-1] == "seat" and isinstance(v, int)}


def _about(other: ClubRuling, seat) -> bool:
    """Whether a ruling that names seats in its effects speaks of the player who acts at the point
    (a ruling on no seat, or a point with no acting seat, is not set against him)."""
    seats = _seats(other)
    return not seats or not isinstance(seat, int) or seat in seats


def governed_across(kb, club: str, rulings: list) -> list:
    """A club's whole answer (every point's rulings) with the specific clause governing the general
    one across points, as `_governed` does within one point (issue 20, e17/specific): an absent
    entry's clause ruled on at one point ("their chips shall not be placed in play") and the general
    absent-player clause ruled on at another ("their chips shall remain in play") are one answer
    about one seat's chips, never two opposite orders. Only a ruling that names the same seat as
    the governing one is set aside (a restriction applies only to whom its words name); the
    governed ruling keeps its own point."""
    by_id = {rule.id: rule for rule in kb.rules.get(club, [])}
    out = []
    for ruling in rulings:
        governed = _governed(kb, club, ruling, rulings, by_id, None, same_seat=True)
        if governed is ruling:
            governed = _governed_on_issue(kb, club, ruling, rulings, by_id)
        if governed is not ruling:
            governed.point = ruling.point
        out.append(governed)
    return out


def _governed_on_issue(kb, club: str, ruling: ClubRuling, rulings: list, by_id: dict) -> ClubRuling:
    """One club's two rulings on the same issue about the same seat at two points (e23/headline: a
    phone "permitted, nothing to penalise" under the phone-use entry, "off the table, verbal
    warning" under the device-on-table entry) are one answer: when a rule fired at the other point
    is declared the exception (`overrides:`) to every rule this ruling rests on, the other point's
    ruling on this issue governs, and this one is set aside, never shown as a second answer."""
    if ruling.basis not in ("express", "reading") or not ruling.rules_fired or not _named_seats(ruling):
        return ruling
    for other in rulings:
        if other is ruling or other.issue != ruling.issue or other.point == ruling.point \
                or other.basis not in ("express", "reading") or other.outcome == ruling.outcome:
            continue
        fired = [by_id[r] for at in rulings if at.point == other.point for r in at.rules_fired if r in by_id]
        if not set(ruling.rules_fired) <= _overridden(kb, club, fired):
            continue
        if set(ruling.rules_fired) & set(other.set_aside):
            continue          # the general rule met the exception at that entry too: each entry is its own
                              # conduct (casebook Q401: cards shown, then advice asked), ruled where it is
        if not _named_seats(ruling) <= _named_seats(other):
            continue          # the governing clause speaks of another seat: this one's ruling stands
        where = "Governed by the ruling on the same question at the entry its clause was written for"
        return _taken_from(ruling, other, other.outcome, where,
                           f"{where}: the clause written for this player's situation governs the general "
                           f"one, set aside.",
                           set_aside=list(ruling.set_aside) + list(ruling.rules_fired))
    return ruling


def _governed(kb, club: str, ruling: ClubRuling, rulings: list, by_id: dict, seat,
              same_seat: bool = False) -> ClubRuling:
    """A specific clause governs a general one on another issue at the same point (issue 21): a
    rule whose `overrides:` names rules that fired on another issue (the out-of-turn clause that
    limits a player to calling or folding, over the declaration clauses that would commit him to
    a raise) sets those rules aside for the player it rules on. The ruling they made is then
    answered by the governing ruling (the vocabulary's answered_by maps its outcome), never shown
    beside it as a contradiction; the corrections stay with the governing ruling."""
    if ruling.basis not in ("express", "reading") or not ruling.rules_fired:
        return ruling
    for other in rulings:
        if other is ruling or other.issue == ruling.issue or other.basis not in ("express", "reading"):
            continue
        if not set(ruling.rules_fired) <= _overridden(kb, club, [by_id[r] for r in other.rules_fired if r in by_id]):
            continue
        if not _about(other, seat):
            continue
        if same_seat and not (_seats(ruling) and _seats(ruling) <= _seats(other)):
            continue          # the governing clause speaks of another seat: this one's ruling stands
        outcome = kb.vocabulary.answered_by.get(ruling.issue, {}).get(other.issue, {}).get(other.outcome)
        if outcome is None:
            continue
        where = f"Governed by the ruling on {_title(kb, other.issue)}"
        return _taken_from(ruling, other, outcome, where,
                           f"{where}: the clause written for this player's situation governs the general "
                           f"one, set aside.",
                           set_aside=list(ruling.set_aside) + list(ruling.rules_fired))
    return ruling


def _title(kb, issue: str) -> str:
    title = kb.vocabulary.issues[issue]["title"]
    return title[:1].lower() + title[1:]


def _taken_from(ruling: ClubRuling, other: ClubRuling, outcome: str, where: str, reading: str,
                set_aside=None) -> ClubRuling:
    """`ruling`'s question answered by `other`, a ruling on another issue at the same point: the
    mapped outcome with the other's basis, decision and clauses, saying where the answer comes
    from; the corrections stay with the other ruling (made once, in one place)."""
    return ClubRuling(
        club=ruling.club, issue=ruling.issue, basis=other.basis, outcome=outcome,
        decision=other.decision,
        do=[f"{where}: " + (" ".join(other.do) if other.do else other.decision)],
        effects=[], numbers=dict(other.numbers), discretion=other.discretion,
        citations=list(other.citations),
        readings=[{"rule": rule, "reading": reading} for rule in other.rules_fired],
        set_aside=list(set_aside or []), rules_fired=list(other.rules_fired))


def _answered_elsewhere(kb, ruling: ClubRuling, rulings: list, seat=None) -> ClubRuling:
    """A question the club's own rules leave open (not covered) is answered by its ruling on
    another issue at the same point when the vocabulary's answered_by says that ruling's outcome
    settles it (issue 20/21: a clause that fired is never reported as "no clause"). The ruling
    takes the mapped outcome and the other ruling's basis, clauses and decision, and says where the
    answer comes from; the corrections stay with the other ruling (made once, in one place)."""
    if ruling.basis != "not covered":
        return ruling
    for other in rulings:
        outcome = kb.vocabulary.answered_by.get(ruling.issue, {}).get(other.issue, {}).get(other.outcome)
        if outcome is None or other.basis not in ("express", "reading") or not _about(other, seat):
            continue          # a ruling on another player does not answer this one's question
        where = f"Answered by the ruling on {_title(kb, other.issue)}"
        return _taken_from(ruling, other, outcome, where, f"{where}, which settles this question.")
    return ruling


def read_under_restriction(kb, rulings: list, held: list, streets: dict) -> list:
    """A club's rulings with each bet or raise of a player its answer holds to call or fold read
    under that restriction (issue 20/21, e22/undone: "may only call or fold" and "his push is a raise
    that reopens the betting" are never two answers). `held`: the corrected hand's Held records (a
    raise it read as his call of `call_total`, under the restriction (issue, effect, clauses)). A
    ruling on an issue listed in the vocabulary's `held_to_call:` that makes that seat's action a bet
    or raise (an effect with `raise: true`) at the restriction's point or a later one on that round
    takes the listed outcome: it rests on its own clauses (what his chips or words are) and the
    restriction's (he may only call), and says so; his action is a call of what he faced
    (`ruled-call`), the reopening it gave others is gone (a call reopens nothing), the chips over
    the call go back (the corrected hand). A seat the restriction names only; a raise after the
    betting was reopened to him is not held by the corrected hand, so not here either."""
    vocab = kb.vocabulary
    out = list(rulings)
    for hold in held:
        seat, (issue, effect, _clauses) = hold.seat, hold.restriction
        restricting = [r for r in rulings if r.issue == issue and r.basis in ("express", "reading")
                       and any(e.get("effect") == effect and e.get("seat") == seat for e in r.effects)]
        if not restricting:
            continue
        by = min(restricting, key=lambda r: r.point)
        for index, ruling in enumerate(out):
            outcome = vocab.held_to_call.get(ruling.issue)
            if outcome is None or ruling.issue == by.issue or ruling.basis not in ("express", "reading"):
                continue
            if ruling.point < by.point or streets.get(ruling.point) != streets.get(by.point):
                continue
            if not any(e.get("seat") == seat and vocab.effects.get(e.get("effect"), {}).get("raise")
                       for e in ruling.effects):
                continue
            out[index] = _held_to_call(kb, ruling, by, seat, outcome, hold.call_total)
    return out


def _held_to_call(kb, ruling: ClubRuling, by: ClubRuling, seat: int, outcome: str, call_total) -> ClubRuling:
    where = f"Read under the ruling on {_title(kb, by.issue)}"
    do = (f"{where}: seat {seat} may only call or fold, so his action is his call of the bet he faced; "
          "the chips over the call go back to him, and the betting is reopened to nobody.")
    reading = (f"{where}: that ruling holds seat {seat} to calling or folding, so what this clause would make "
               "a raise is read on the hand it left: the most he may do is call.")
    # the rules that made his action a raise stay (what his chips or words would be); those that only
    # followed from the raise (the betting reopened to others) do not arise: a call reopens nothing
    by_id = {rule.id: rule for rule in kb.rules.get(ruling.club, [])}
    raising = [rid for rid in ruling.rules_fired if rid in by_id and by_id[rid].then is not None and any(
        kb.vocabulary.effects.get(e.get("effect"), {}).get("raise") for e in by_id[rid].then.effects)]
    if raising:
        kept = {(by_id[rid].clause, by_id[rid].quote) for rid in raising}
        own = [c for c in ruling.citations if (c.clause, c.quote) in kept] or list(ruling.citations)
        readings = [r for r in ruling.readings if r.get("rule") in raising]
    else:
        own, readings, raising = list(ruling.citations), list(ruling.readings), list(ruling.rules_fired)
    have = {(c.clause, c.quote) for c in own}
    citations = own + [c for c in by.citations if (c.clause, c.quote) not in have]
    effects = [{"effect": "ruled-call", "seat": seat, "total": tidy(call_total)}] if call_total is not None else []
    return dataclasses.replace(
        ruling, basis="reading", outcome=outcome,
        decision=kb.vocabulary.issues[ruling.issue]["outcomes"][outcome], do=[do], effects=effects,
        citations=citations, readings=readings + [{"rule": r, "reading": reading} for r in by.rules_fired],
        rules_fired=raising, set_aside=list(ruling.set_aside) + [r for r in ruling.rules_fired if r not in raising])
