"""Loading the knowledge base: clubs, clause indexes, the vocabulary and the rule files.

Everything a rule file says is checked here, in the rule file's own terms (file, line, a
suggestion), before anything reaches the engine.
"""
from __future__ import annotations

import functools
from pathlib import Path

from ruling_engine.knowledge.cache import DeferredValues, cached
from ruling_engine.knowledge.conditions import Any_, ConditionParser
from ruling_engine.errors import FloorcallError, did_you_mean
from ruling_engine.model import BRACED, TEMPLATE_NAME, Clause, Club, Outcome, Rule
from ruling_engine.knowledge.vocabulary import NO_LIVE_CONTENDER, Vocabulary, parse_vocabulary
from ruling_engine.incident.yaml_source import load_file
from ruling_engine.locations import check_knowledge_root, default_knowledge_root, knowledge_root
from ruling_engine.records import dataclass

DEFAULT_ROOT = default_knowledge_root()
RULE_KEYS = {"id", "clause", "quote", "topic", "when", "issue", "then", "basis", "reading",
             "overrides", "defines", "otherwise", "conflicts_with", "escalation"}
THEN_KEYS = {"outcome", "decision", "do", "effects", "discretion"}


@dataclass(eq=False)
class KnowledgeBase:
    """The checked knowledge base: clubs, clause indexes, the vocabulary and the rules."""

    root: Path
    clubs: dict          # short name -> Club
    clauses: dict        # club -> {clause id -> Clause}
    vocabulary: Vocabulary
    rules: dict          # club -> [Rule], in file order
    facts_read: frozenset | None = None   # what rulings/unread.py works out from every rule, once

    def clause(self, clause_id: str) -> Clause:
        club = clause_id.split(".", 1)[0]
        return self.clauses[club][clause_id]

    def source_text(self, club: str) -> str:
        return (self.root / self.clubs[club].source).read_text(encoding="utf-8")

    def all_rules(self):
        return [rule for club in self.clubs for rule in self.rules.get(club, [])]


def _require(node, key, file, expected):
    if key not in node or node[key] in (None, "", []):
        raise FloorcallError(file, getattr(node, "line", None), f"`{key}:` ({expected})", "none")
    return node[key]


def load_club(path: Path) -> Club:
    node = load_file(path, what="a club description")
    file = str(path)
    return Club(short=_require(node, "short", file, "the club's short name"),
                title=_require(node, "title", file, "the club's name in a sentence"),
                floor_long=node.get("floor_long", node.get("floor", "")),
                name=_require(node, "name", file, "the club's full name"),
                governs=tuple(_require(node, "governs", file, "formats: cash and/or tournament")),
                games=_require(node, "games", file, "what the rulebook governs, in words"),
                floor=_require(node, "floor", file, "what the club calls its floor person"),
                discretion=tuple(_require(node, "discretion", file, "clause ids of its discretion clauses")),
                source=_require(node, "source", file, "path of the source text"),
                topic_discretion=tuple((topic, tuple(ids)) for topic, ids in (node.get("topic_discretion") or {}).items()),
                dealt_by=_dealt_by(node, file), **_cash_max_bet(node, file),
                **_min_raise(node, file))


def _cash_max_bet(node, file) -> dict:
    """`cash_max_bet: {amount: 5, session: 2, clause: <club>.<clause id>}`: the largest bet the
    club's own text allows in its cash game (and the session of its nights that game is, when it
    has sessions): read where the incident is a cash game that states no cap of its own and no
    other session (issue 20)."""
    value = node.get("cash_max_bet")
    if value is None:
        return {}
    amount, session = (value.get("amount"), value.get("session")) if isinstance(value, dict) else (None, None)
    if not isinstance(amount, (int, float)) or isinstance(amount, bool) or amount <= 0 \
            or not isinstance(value.get("clause"), str) \
            or not (session is None or isinstance(session, int) and not isinstance(session, bool)):
        raise FloorcallError(file, getattr(node, "line_of", lambda _k: None)("cash_max_bet"),
                             "`cash_max_bet: {amount: N, session: N (optional), clause: <the clause stating it>}`",
                             repr(value), "give the largest bet, the session it is played in, and the clause that says so")
    return {"cash_max_bet": amount, "cash_session": session, "cash_max_bet_clause": value["clause"]}


MIN_RAISE_BASES = {
    "big-blind-floor": "the last full bet or raise of the round, never less than the big blind",
    "largest-bet-or-raise": "the largest bet or raise of the round (the big blind before the flop), "
                            "with no big-blind floor on a raise after the flop",
}


def _min_raise(node, file) -> dict:
    """`min_raise: {basis: <MIN_RAISE_BASES>, clause: <club>.<clause id>}`: what a raise must add at
    least, as the club's own clause says it (default big-blind-floor, the engine's usual sizing)."""
    value = node.get("min_raise")
    if value is None:
        return {}
    if not isinstance(value, dict) or value.get("basis") not in MIN_RAISE_BASES \
            or not isinstance(value.get("clause"), str) or not isinstance(value.get("reading", ""), str):
        raise FloorcallError(file, getattr(node, "line_of", lambda _k: None)("min_raise"),
                             "`min_raise: {basis: " + " | ".join(MIN_RAISE_BASES) + ", clause: <the clause saying it>, reading: <optional>}`",
                             repr(value), "name the basis the club's clause states and the id of that clause")
    return {"min_raise_basis": value["basis"], "min_raise_clause": value["clause"],
            "min_raise_reading": value.get("reading") or None}


def _dealt_by(node, file) -> tuple:
    value = node.get("dealt_by") or ["house"]
    if not isinstance(value, list) or not value or any(v not in ("house", "players") for v in value):
        raise FloorcallError(file, getattr(node, "line_of", lambda _k: None)("dealt_by"),
                             "`dealt_by:` a list of house and/or players", repr(value))
    return tuple(value)


def load_clauses(path: Path, club: str) -> dict:
    node = load_file(path, what="a clause index")
    file = str(path)
    out = {}
    for raw in _require(node, "clauses", file, "the list of clauses"):
        cid = _require(raw, "id", file, "a stable clause id")
        if cid in out:
            raise FloorcallError(file, raw.line, "unique clause ids", f"{cid!r} twice")
        if not cid.startswith(club + "."):
            raise FloorcallError(file, raw.line_of("id"), f"an id starting with '{club}.'", repr(cid))
        out[cid] = Clause(id=cid, club=club, locator=_require(raw, "locator", file, "where to find it"),
                          kind=raw.get("kind", ""), topic=raw.get("topic", ""),
                          text=_require(raw, "text", file, "the clause's full text"),
                          normative=raw.get("normative", True), reason=raw.get("reason", ""))
    return out


class _RuleReader:
    def __init__(self, kb: KnowledgeBase, club: str, file: str):
        self.kb, self.club, self.file = kb, club, file
        self.parser = ConditionParser(kb.vocabulary, file)

    def read(self, raw) -> Rule:
        file = self.file
        for key in raw:
            if key not in RULE_KEYS:
                raise FloorcallError(file, raw.line_of(key), "a rule field", repr(key), did_you_mean(key, RULE_KEYS))
        rid = _require(raw, "id", file, "club.clause.name")
        clause = _require(raw, "clause", file, "the id of the clause it encodes")
        if clause not in self.kb.clauses.get(self.club, {}):
            raise FloorcallError(file, raw.line_of("clause"), f"a clause id of {self.club}'s index",
                                 repr(clause), did_you_mean(clause, self.kb.clauses.get(self.club, {})))
        if not rid.startswith(clause + "."):
            raise FloorcallError(file, raw.line_of("id"), f"a rule id of the form {clause}.<name>", repr(rid))
        when = self.parser.parse(_require(raw, "when", file, "the fact pattern"), line=raw.line_of("when"))
        common = dict(id=rid, club=self.club, clause=clause,
                      quote=_require(raw, "quote", file, "the clause's words, verbatim"),
                      topic=_require(raw, "topic", file, "a topic"), when=when,
                      file=file, line=raw.line, overrides=tuple(raw.get("overrides") or ()),
                      conflicts_with=tuple(raw.get("conflicts_with") or ()))
        if "defines" in raw:
            return self._definition(raw, common)
        return self._ruling(raw, common)

    def _definition(self, raw, common) -> Rule:
        defines = raw["defines"]
        if not isinstance(defines, dict) or len(defines) != 1:
            raise FloorcallError(self.file, raw.line_of("defines"), "defines: {fact: value}", repr(defines))
        (fact, value), = defines.items()
        spec = self.kb.vocabulary.facts.get(fact)
        if spec is None or spec.source != "defined":
            raise FloorcallError(self.file, raw.line_of("defines"), "a fact declared with source: defined",
                                 repr(fact), did_you_mean(fact, [n for n, s in self.kb.vocabulary.facts.items()
                                                                 if s.source == "defined"]))
        spec.check_value(value, self.file, raw.line_of("defines"))
        otherwise = raw.get("otherwise")
        if otherwise is not None:
            spec.check_value(otherwise, self.file, raw.line_of("otherwise"))
        return Rule(**common, defines=(fact, value), otherwise=otherwise)

    def _ruling(self, raw, common) -> Rule:
        file = self.file
        issue = _require(raw, "issue", file, "the issue this rule settles")
        issues = self.kb.vocabulary.issues
        if issue not in issues:
            raise FloorcallError(file, raw.line_of("issue"), "an issue declared in the vocabulary",
                                 repr(issue), did_you_mean(issue, issues))
        then = _require(raw, "then", file, "what follows: outcome, decision, do, effects")
        for key in then:
            if key not in THEN_KEYS:
                raise FloorcallError(file, then.line_of(key), "a `then:` field", repr(key), did_you_mean(key, THEN_KEYS))
        outcome = _require(then, "outcome", file, "an outcome key of the issue")
        if outcome not in issues[issue]["outcomes"]:
            raise FloorcallError(file, then.line_of("outcome"), f"an outcome of issue {issue}",
                                 repr(outcome), did_you_mean(outcome, issues[issue]["outcomes"]))
        do = tuple(then.get("do") or ())
        effects = tuple(self._effect(e, then.line_of("effects")) for e in then.get("effects") or ())
        for text in do + tuple(str(v) for e in effects for v in e.values()):
            self._check_template(text, then.line)
        basis = raw.get("basis", "express")
        if basis not in ("express", "reading", "silent"):
            raise FloorcallError(file, raw.line_of("basis"), "basis: express, reading or silent", repr(basis),
                                 "silent: the clause states what should happen, but names no consequence")
        if basis == "silent" and (not raw.get("reading") or then.get("outcome") != "floor-decides"):
            raise FloorcallError(file, raw.line, "a silent rule with outcome floor-decides and a `reading:`",
                                 "something else", "say what the clause states and that it names no consequence")
        if basis == "reading" and not raw.get("reading"):
            raise FloorcallError(file, raw.line, "a `reading:` saying why the clause applies", "none",
                                 "a rule applied by interpretation must say which reading it takes")
        escalation = raw.get("escalation", False)
        if not isinstance(escalation, bool) or escalation and not any(
                e["effect"] == "penalty-option" and "step" in e for e in effects):
            raise FloorcallError(file, raw.line_of("escalation") if "escalation" in raw else raw.line,
                                 "escalation: true on a rule whose effects give a penalty-option with its step",
                                 repr(escalation), "escalation marks one step of the club's scale of penalties")
        return Rule(**common, issue=issue, basis=basis, reading=raw.get("reading", ""), escalation=escalation,
                    then=Outcome(outcome=outcome, decision=_require(then, "decision", file, "the decision in words"),
                                 do=do, effects=effects, discretion=bool(then.get("discretion", False))))

    def _effect(self, raw, line) -> dict:
        name, params = (raw, {}) if isinstance(raw, str) else next(iter(raw.items())) if isinstance(raw, dict) and len(raw) == 1 else (None, None)
        effects = self.kb.vocabulary.effects
        if name not in effects:
            raise FloorcallError(self.file, getattr(raw, "line", line), "an effect declared in the vocabulary",
                                 repr(raw), did_you_mean(name, effects))
        params = dict(params or {})
        for key in params:
            if key == "each":
                continue          # one effect per player a list fact names (its items give the parameters)
            if key not in effects[name]["params"]:
                raise FloorcallError(self.file, getattr(raw, "line", line), f"a parameter of effect {name}",
                                     repr(key), did_you_mean(key, effects[name]["params"]))
        return {"effect": name, **params}

    def _check_template(self, text, line):
        for inside in BRACED.findall(text):
            if not TEMPLATE_NAME.fullmatch("{" + inside + "}"):
                raise FloorcallError(self.file, line, "{fact} templates: a fact name in lower case, digits and _",
                                     "{" + inside + "}", "write the fact's name, e.g. {to_call}")
        for name in TEMPLATE_NAME.findall(text):
            if name not in self.kb.vocabulary.facts:
                raise FloorcallError(self.file, line, "{fact} names declared in the vocabulary",
                                     "{" + name + "}", did_you_mean(name, self.kb.vocabulary.facts))


def load_rules(kb: KnowledgeBase, club: str) -> list:
    rules, seen = [], {}
    folder = kb.root / "rules" / club
    for path in sorted(folder.glob("*.yaml")):
        node = load_file(path, what="a rule file with `club:` and `rules:`")
        file = str(path)
        if node.get("club") != club:
            raise FloorcallError(file, node.line_of("club"), f"club: {club} (the folder it is in)",
                                 repr(node.get("club")))
        reader = _RuleReader(kb, club, file)
        for raw in _require(node, "rules", file, "a list of rules"):
            rule = reader.read(raw)
            if rule.id in seen:
                raise FloorcallError(file, raw.line, "unique rule ids", f"{rule.id!r}, already in {seen[rule.id]}")
            seen[rule.id] = file
            rules.append(rule)
    return rules


@functools.lru_cache(maxsize=4)
def load_knowledge(root: Path | None = None) -> KnowledgeBase:
    """Load and check the whole knowledge base.

    Parsing the YAML with line numbers takes a few hundred milliseconds, so the checked result is
    kept on disk (cache.py) until any knowledge file changes.
    """
    root = Path(root or knowledge_root()).resolve()
    check_knowledge_root(root)
    return cached("knowledge", [root], lambda: _with_derived(_load_knowledge(root)))


def _with_derived(kb: KnowledgeBase) -> KnowledgeBase:
    """The knowledge base as the cache keeps it: with what every ruling would otherwise work out
    from all its rules (and so decode them all), and with the declared facts, the incident
    records' fields and the clauses as mappings whose values the cache decodes when looked up
    (a ruling reads a few hundred of some 2,000)."""
    from ruling_engine.rulings.unread import facts_read_by
    kb.facts_read = facts_read_by(kb)
    vocabulary = kb.vocabulary
    vocabulary.facts = DeferredValues(vocabulary.facts, "facts")
    vocabulary.records = {name: DeferredValues(fields, f"records/{name}") for name, fields in vocabulary.records.items()}
    kb.clauses = {club: DeferredValues(clauses, f"clauses/{club}") for club, clauses in kb.clauses.items()}
    return kb


MARKED_ONLY = "marked-only"     # an issue's raised_when: raised at a marked point nothing else raises
ENGINE_RAISED = (MARKED_ONLY, NO_LIVE_CONTENDER)    # raised by the engine, never by facts


def _load_knowledge(root: Path) -> KnowledgeBase:
    vocab_file = root / "vocabulary.yaml"
    vocabulary = parse_vocabulary(load_file(vocab_file, what="the vocabulary"), str(vocab_file))
    clubs = {}
    for path in sorted((root / "clubs").glob("*.yaml")):
        club = load_club(path)
        clubs[club.short] = club
    if not clubs:
        raise FloorcallError(str(root / "clubs"), None, "one YAML file per club", "none")
    issue_parser = ConditionParser(vocabulary, str(vocab_file))
    for issue in vocabulary.issues.values():     # checked once here, not on every incident
        # `marked-only` / `no-live-contender`: raised by the engine alone, at a marked point no other
        # issue is raised at, or from a club's settlement (rulings/rule_on.py): a condition no facts satisfy
        issue["condition"] = (Any_(()) if issue["raised_when"] in ENGINE_RAISED else
                              issue_parser.parse(issue["raised_when"], line=getattr(issue, "line", None)))
        if issue.get("hand_at_stake_when") is not None:     # rulings/resolve.py _hand_left_to_floor
            issue["hand_at_stake"] = issue_parser.parse(issue["hand_at_stake_when"], line=getattr(issue, "line", None))
        if issue.get("unruled_when") is not None:
            # raised for every club, but a club none of whose rules speak to it says nothing
            issue["unruled"] = issue_parser.parse(issue["unruled_when"], line=getattr(issue, "line", None))
    kb = KnowledgeBase(root=root, clubs=clubs, clauses={}, vocabulary=vocabulary, rules={})
    for short in clubs:
        kb.clauses[short] = load_clauses(root / "clauses" / f"{short}.yaml", short)
    for short, club in clubs.items():
        for cid in list(club.discretion) + [c for _, ids in club.topic_discretion for c in ids] + \
                ([club.cash_max_bet_clause] if club.cash_max_bet_clause else []) + \
                ([club.min_raise_clause] if club.min_raise_clause else []):
            if cid not in kb.clauses[short]:
                raise FloorcallError(str(root / "clubs" / f"{short}.yaml"), None,
                                     f"clauses from {short}'s clause index (discretion, cash_max_bet, min_raise)", repr(cid),
                                     did_you_mean(cid, kb.clauses[short]))
        kb.rules[short] = load_rules(kb, short)
    return kb
