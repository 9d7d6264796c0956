"""Each durable-rules trap the engine can meet (shared/notes/durable-rules.md), pinned by a test."""
import inspect
import json
import os
import subprocess
import sys
import threading
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore", DeprecationWarning)
    from durable import engine as durable

from ruling_engine.engine.compiler import MAX_FACT_PROPERTIES, compile_conjunction, compile_rules, shard_rules
from ruling_engine.knowledge.conditions import ConditionParser, Leaf
from ruling_engine.engine.host import ClubEngine, EngineError, _recorder, _SyncHost
from ruling_engine.errors import FloorcallError
from ruling_engine.model import Rule
from ruling_engine.knowledge.vocabulary import FieldSpec, Vocabulary

from conftest import CASES, ROOT


def _compiled_json(kb):
    return json.dumps({club: compile_rules(rules, kb.vocabulary)[0] for club, rules in kb.rules.items()})


def test_trap7_no_background_threads_and_actions_run_inside_assert():
    before = threading.active_count()
    host = _SyncHost()
    fired = []
    host.register_rulesets({"t7": {"r": {"all": [{"m": {"t": "i"}}], "run": lambda c: fired.append(1)}}})
    host.assert_fact("t7", {"sid": "1", "t": "i"})
    assert fired == [1]
    assert threading.active_count() == before


def test_register_deletes_run_so_engine_registers_copies(kb):
    definitions, _, _ = compile_rules(kb.rules["edp"], kb.vocabulary)
    snapshot = json.dumps(definitions, sort_keys=True)
    ClubEngine(kb)
    ClubEngine(kb)       # a second host with the same rulesets (trap 9: fresh hosts are independent)
    assert json.dumps(definitions, sort_keys=True) == snapshot


def test_actions_take_exactly_one_argument():
    action = _recorder([], "x")
    assert len(inspect.signature(action).parameters) == 1


def test_a_two_argument_action_never_completes_in_durable():
    host = _SyncHost()
    fired = []

    def two(c, complete=None):
        fired.append(complete)
    host.register_rulesets({"t2": {"r": {"all": [{"m": {"t": "i"}}], "run": two}}})
    host.assert_fact("t2", {"sid": "1", "t": "i"})
    # the trap: a second parameter makes durable treat the action as asynchronous, handing it a
    # completion callback that must be called before the rule completes
    assert len(fired) == 1 and callable(fired[0])


def test_compiler_never_emits_in_not_or_joins(kb):
    text = _compiled_json(kb)
    assert '"$in"' not in text          # error 202
    assert '"$not"' not in text and "$not" not in text   # order-dependent negation (trap 3)
    assert '"$l"' not in text           # no cross-fact arithmetic or joins (trap 2)


def test_every_pattern_starts_with_a_positive_kind_test(kb):
    for rules in kb.rules.values():
        definitions, _, _ = compile_rules(rules, kb.vocabulary)
        for rule in definitions.values():
            for pattern in rule["all"]:
                (test,) = pattern.values()
                assert test["$and"][0] in ({"t": "i"}, {"t": "d"})   # trap 1: never a lone $nex


def test_known_false_compiles_to_nex_beside_the_kind_test(kb):
    parser = ConditionParser(kb.vocabulary, "test")
    leaf = parser.parse({"action.declared_amount": {"known": False}})
    (pattern,) = compile_conjunction((leaf,), kb.vocabulary)
    assert pattern["i"]["$and"] == [{"t": "i"}, {"$nex": {"action__declared_amount": 1}}]   # a dot would be a path


def test_negation_is_pushed_to_leaves_and_fires_correctly():
    code = """
import sys, warnings
warnings.simplefilter('ignore')
from ruling_engine.engine.host import _SyncHost
from ruling_engine.engine.compiler import compile_conjunction, leaf_terms
from ruling_engine.knowledge.conditions import Leaf
host = _SyncHost(); fired = []
pattern = {"$and": [{"t": "i"}] + leaf_terms(Leaf("x", "known", False), "x")}
host.register_rulesets({"neg": {"r": {"all": [{"m": pattern}], "run": lambda c: fired.append(1)}}})
host.assert_fact("neg", {"sid": "1", "t": "i", "y": 1})
from durable import engine as d
try:
    host.assert_fact("neg", {"sid": "2", "t": "i", "x": 1})
except d.MessageNotHandledException:
    pass
print(len(fired))
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=20, cwd=ROOT)
    assert out.returncode == 0 and out.stdout.strip() == "1"


def test_trap5_action_exceptions_are_stored_in_state_not_raised():
    host = _SyncHost()

    def boom(c):
        raise ValueError("boom")
    host.register_rulesets({"t5": {"r": {"all": [{"m": {"t": "i"}}], "run": boom}}})
    host.assert_fact("t5", {"sid": "1", "t": "i"})           # no exception reaches the caller
    assert "boom" in json.dumps(host.get_state("t5", "1"))


def test_engine_raises_when_session_state_holds_an_exception(kb, monkeypatch):
    engine = ClubEngine(kb)
    monkeypatch.setattr(engine.host, "get_state", lambda rs, sid: {"exception": "Traceback: boom"})
    with pytest.raises(EngineError):
        engine.run("edp", {"action.short_of_call": True})


def test_trap6_identical_fact_raises_observed_so_engine_asserts_each_derived_fact_once(kb):
    host = _SyncHost()
    host.register_rulesets({"t6": {"r": {"all": [{"m": {"t": "d"}}], "run": lambda c: None}}})
    host.assert_fact("t6", {"sid": "1", "t": "d", "n": "x", "v": True})
    with pytest.raises(durable.MessageObservedException):
        host.assert_fact("t6", {"sid": "1", "t": "d", "n": "x", "v": True})
    # the engine: a definition with several disjuncts firing at once derives its fact once
    engine = ClubEngine(kb)
    fired, derived = engine.run("edp", {"facing_bet": True, "street": "flop", "bets_this_round": 1,
                                        "action.short_of_call": True, "action.declared": "none"})
    assert derived["facing_opening_bet"] is True and derived["undercall"] is True


def test_unhandled_session_delete_crashes_durable_but_not_the_engine():
    crash = """
import warnings; warnings.simplefilter('ignore')
from ruling_engine.engine.host import _SyncHost
from durable import engine as d
h = _SyncHost()
h.register_rulesets({"rs": {"r": {"all": [{"m": {"$and": [{"t": "i"}, {"$lt": {"x": 0.2}}]}}], "run": lambda c: None}}})
try: h.assert_fact("rs", {"sid": "1", "t": "i", "y": 1})
except d.MessageNotHandledException: pass
h.delete_state("rs", "1")
"""
    # The double free corrupts the heap; whether that crashes at once depends on the heap's layout
    # (it did not in one shell whose only difference was PYTHONDONTWRITEBYTECODE). Routing Python's
    # allocations through glibc malloc and poisoning freed memory makes it crash every time.
    strict = {**os.environ, "PYTHONMALLOC": "malloc", "MALLOC_PERTURB_": "165"}
    raw = subprocess.run([sys.executable, "-c", crash], capture_output=True, text=True, timeout=20, cwd=ROOT,
                         env=strict)
    assert raw.returncode != 0          # the trap: double free in the C core
    safe = """
import warnings; warnings.simplefilter('ignore')
from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.engine.host import ClubEngine
e = ClubEngine(load_knowledge())
for club in e.kb.clubs:
    e.run(club, {"street": "flop"})      # a fact no rule of the club matches
print("ok")
"""
    ours = subprocess.run([sys.executable, "-c", safe], capture_output=True, text=True, timeout=30, cwd=ROOT,
                          env=strict)
    assert ours.returncode == 0 and ours.stdout.strip() == "ok", ours.stderr


def test_trap8_sessions_are_deleted_so_more_than_1024_incidents_run(kb):
    """durable keeps at most 1,024 live sessions per ruleset; the engine deletes each incident's.
    The limit is per ruleset, so one issue's ruleset (short-call) meets it as all of edp's would,
    at a seventh of the time (all 72 issues' rulesets took 21 s of the suite)."""
    engine = ClubEngine(kb)
    facts = {"action.short_of_call": True, "action.declared": "none", "heads_up": True,
             "action.in_turn": True, "facing_bet": True, "street": "turn", "bets_this_round": 1}
    for _ in range(1100):
        fired, derived = engine.run("edp", facts, issues=["short-call"])
    assert len(engine._rulesets) == 1      # one ruleset took all 1,100 incidents
    assert "edp.8-5-s2-6.undercall-heads-up-or-opening-bet" in fired and derived["undercall"] is True


def test_trap10_durable_refuses_a_fact_with_more_than_255_properties():
    host = _SyncHost()
    host.register_rulesets({"trap10": {"r": {"all": [{"m": {"$and": [{"t": "i"}, {"f299": 1}]}}], "run": _ignore_c}}})
    fact = {"sid": "1", "t": "i", **{f"f{i}": 1 for i in range(300)}}
    with pytest.raises(Exception, match="302"):
        host.assert_fact("trap10", fact)


def _ignore_c(c):
    return None


def _wide_rules(count, file, start=0):
    return [Rule(id=f"x.1.r{i}", club="x", clause="x.1", quote="q", topic="t", when=Leaf(f"f{i}", "eq", True),
                 file=file, line=1, issue="i") for i in range(start, start + count)]


def test_trap10_one_rule_file_reading_too_many_facts_is_a_knowledge_error():
    vocab = Vocabulary(facts={f"f{i}": FieldSpec(f"f{i}", "bool", source="computed") for i in range(MAX_FACT_PROPERTIES)})
    with pytest.raises(FloorcallError, match="split the file"):
        shard_rules(_wide_rules(MAX_FACT_PROPERTIES, "rules/x/t.yaml"), vocab)


def test_trap10_a_club_reading_more_facts_than_one_durable_fact_holds_runs_as_several_rulesets():
    """400 incident facts over two files: two rulesets; a definition in the first feeds a ruling
    in the second, and the last fact of the second still matches."""
    from types import SimpleNamespace
    facts = {f"f{i}": FieldSpec(f"f{i}", "bool", source="computed") for i in range(400)}
    facts["wide"] = FieldSpec("wide", "bool", source="defined")
    vocab = Vocabulary(facts=facts)
    rules = _wide_rules(200, "rules/x/a.yaml") + _wide_rules(200, "rules/x/b.yaml", start=200)
    rules[0] = Rule(id="x.1.def", club="x", clause="x.1", quote="q", topic="t", when=Leaf("f0", "eq", True),
                    file="rules/x/a.yaml", line=1, defines=("wide", True))
    rules.append(Rule(id="x.1.uses-def", club="x", clause="x.1", quote="q", topic="t",
                      when=Leaf("wide", "eq", True), file="rules/x/b.yaml", line=1, issue="i"))
    assert len(shard_rules(rules, vocab)) == 2
    engine = ClubEngine(SimpleNamespace(rules={"x": rules}, vocabulary=vocab))
    fired, derived = engine.run("x", {"f0": True, "f399": True})
    assert fired == ["x.1.def", "x.1.r399", "x.1.uses-def"]
    assert derived == {"wide": True}


def test_firing_order_is_deterministic(kb):
    from ruling_engine.rulings.rule_on import rule_on
    first = [rule_on(p, kb=kb).answers for p in sorted(CASES.glob("*.yaml"))[:6]]
    second = [rule_on(p, kb=kb).answers for p in sorted(CASES.glob("*.yaml"))[:6]]
    assert [{c: a.fired for c, a in x.items()} for x in first] == [{c: a.fired for c, a in x.items()} for x in second]
