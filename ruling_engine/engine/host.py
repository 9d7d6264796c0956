"""Running incidents through durable-rules: the only module that talks to the engine.

Guards, each pinned by a test in tests/test_durable_traps.py:
- the Host's background threads are never started (batch asserts would run actions later);
- facts are asserted one at a time and derived facts are asserted by this module, not from
  inside actions, so an unmatched or repeated fact is caught here (MessageNotHandled/Observed);
- actions take exactly one argument and only record which branch fired (closure factory);
- the session state is checked for a stored exception after every incident, then deleted;
- each ruleset is registered once per process, from a copy of the compiled definitions;
- every ruleset accepts every fact (two catch-all rules): deleting the state of a session whose
  only fact went unhandled crashes the C core (double free), as measured here.
"""
from __future__ import annotations

import itertools
import math
import warnings

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from durable import engine as durable

from ruling_engine.engine.compiler import Branch, IssueGroups, compile_rules, durable_field, shard_rules


def _durable_value(value):
    """A fact's value as durable-rules' JSON reader takes it. It reads no exponent and no infinity
    (a fact of 1e-05, 1e+16 or inf fails the assert, and the session's state cannot be deleted
    after): a float of 1e16 or more is a whole number and travels as the int it is; a smaller
    fraction than 0.0001 travels rounded to four places, as the ratio facts are; infinity travels as
    NaN, a number that matches no comparison (an amount nobody knows). The incident's own numbers
    are kept in range by the loader (incident/load.py); this covers what is computed from them."""
    if isinstance(value, float):
        if value in (math.inf, -math.inf):
            return math.nan
        if abs(value) >= 1e16:
            return int(value)
        if 0 < abs(value) < 1e-4:
            return round(value, 4)
    return value


class EngineError(RuntimeError):
    """durable-rules reported a failure inside a rule action."""


class _SyncHost(durable.Host):
    """A Host whose dispatch threads never start: everything runs inside the assert call."""

    def _run(self):
        return None


ACCEPT_ALL = {
    "floorcall#accept-incident": {"all": [{"i": {"t": "i"}}]},
    "floorcall#accept-derived": {"all": [{"d": {"t": "d"}}]},
}


def _ignore(c):
    return None


def _recorder(sink: list, name: str):
    def action(c):
        sink.append(name)
    return action


class ClubEngine:
    """Every club's compiled rules on one durable-rules host, registered issue by issue.

    A club's rules are grouped by the issue they settle, each group with the definitions it relies
    on (compiler.IssueGroups); a group is compiled and registered the first time an incident
    raises its issue. A group whose rules read more incident facts than one durable fact holds is
    split into several rulesets (compiler.shard_rules, trap 10). The incident goes to every ruleset
    of the issues raised, and each fact a definition derives goes to all of them, so definitions
    chain across rulesets.
    """

    def __init__(self, kb):
        self.kb = kb
        self.host = _SyncHost()
        self._fired: list = []
        self._groups = {club: IssueGroups(rules, kb.vocabulary) for club, rules in kb.rules.items()}
        self._branches: dict = {club: {} for club in kb.rules}
        self._rulesets: dict = {}      # (club, issue) -> [(ruleset name, incident fields it reads)]
        self._reads: dict = {}
        self._sids = itertools.count(1)

    @staticmethod
    def ruleset_name(club: str, issue: str, index: int = 0) -> str:
        return f"floorcall_{club}_{issue}" + (f"_{index}" if index else "")

    def _registered(self, club: str, issue: str) -> list:
        """The rulesets of one club's issue, compiled and registered on first use."""
        key = (club, issue)
        if key not in self._rulesets:
            shards, rulesets = [], {}
            for index, shard in enumerate(shard_rules(self._groups[club].group(issue), self.kb.vocabulary)):
                definitions, branches, fields = compile_rules(shard, self.kb.vocabulary)
                self._branches[club].update(branches)
                name = self.ruleset_name(club, issue, index)
                shards.append((name, fields))
                # register_rulesets deletes each rule's `run` key: hand it fresh rule mappings
                ruleset = {n: {**rule, "run": _recorder(self._fired, n)} for n, rule in definitions.items()}
                ruleset.update({n: {**rule, "run": _ignore} for n, rule in ACCEPT_ALL.items()})
                rulesets[name] = ruleset
            self.host.register_rulesets(rulesets)
            self._rulesets[key] = shards
        return self._rulesets[key]

    def reads(self, club: str, issues) -> tuple:
        """The computed facts a club's rulings on these issues can turn on: those its rules'
        and definitions' conditions read and those their decisions, do-lines and effects name.
        Two points (or two combinations of unknown answers) that agree on them get the same
        rulings from the club."""
        key = (club, tuple(issues))
        if key not in self._reads:
            names = set()
            known = self._groups[club].issues
            for issue in issues:
                if issue not in known:
                    continue
                names.update(f for _name, fields in self._registered(club, issue) for f in fields)
                for rule in self._groups[club].group(issue):
                    if rule.then is not None:
                        names.update(rule.then.template_facts())
            self._reads[key] = tuple(sorted(names))
        return self._reads[key]

    def run(self, club: str, facts: dict, issues=None) -> tuple[list, dict]:
        """Match one incident's computed facts against a club's rules on the given issues (all of
        the club's issues when None).

        Returns (rule ids in firing order, facts the club's definitions derived).
        """
        known = self._groups[club].issues
        wanted = known if issues is None else [i for i in issues if i in known]
        shards = [shard for issue in wanted for shard in self._registered(club, issue)]
        branches = self._branches[club]
        sid = str(next(self._sids))
        fired, derived, asserted = [], {}, set()
        self._fired.clear()
        try:
            for name, fields in shards:
                incident_fact = {"sid": sid, "t": "i"}
                incident_fact.update({durable_field(k): _durable_value(facts[k]) for k in fields if k in facts})
                self._assert(name, incident_fact)
            while self._fired:
                new = []
                for branch_name in self._fired:
                    branch: Branch = branches[branch_name]
                    if branch.rule_id not in fired:
                        fired.append(branch.rule_id)
                    if branch.derives and branch.derives not in asserted:
                        asserted.add(branch.derives)
                        new.append(branch.derives)
                self._fired.clear()
                for fact, value in new:      # forward chaining: what a definition derived
                    derived.setdefault(fact, []).append(value)
                    for name, _fields in shards:
                        self._assert(name, {"sid": sid, "t": "d", "n": fact, "v": value})
            for name, _fields in shards:
                state = self.host.get_state(name, sid)
                if state.get("exception"):
                    raise EngineError(f"a rule action failed in {club}: {state['exception']}")
        finally:
            for name, _fields in shards:
                self.host.delete_state(name, sid)
        derived = {k: v[0] if len(v) == 1 else v for k, v in derived.items()}
        return fired, derived

    def _assert(self, ruleset: str, fact: dict) -> None:
        try:
            self.host.assert_fact(ruleset, fact)
        except durable.MessageNotHandledException:
            pass      # no rule of this club looks at such a fact: nothing follows from it
        except durable.MessageObservedException:
            pass      # the same fact is already in the session
