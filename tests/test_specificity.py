"""`floorcall check` warns of rules on one issue that fire together with different outcomes and no
declared relation (issue 13: specificity explicit and checked), found as the report finds its
conflicts inside one rulebook."""
import os
import re

from conftest import run_cli

PAIR = """club: edp
rules:
  - id: edp.1-21.test-general
    clause: edp.1-21
    quote: you warrant to us that you are at least 18 (eighteen) years of age
    topic: admission
    issue: age-check
    when: {{wants_to_play.age: {{at_most: 18}}}}
    then:
      outcome: may-not-play
      decision: General test rule.
  - id: edp.1-21.test-exact
    clause: edp.1-21
    quote: you warrant to us that you are at least 18 (eighteen) years of age
    topic: admission
    issue: age-check
    when: {{wants_to_play.age: {{at_least: 18}}}}
{overrides}    then:
      outcome: may-play
      decision: Exact test rule.
"""


def _check(knowledge, cache):
    env = {**os.environ, "FLOORCALL_KNOWLEDGE": str(knowledge), "FLOORCALL_CACHE": str(cache)}
    return run_cli("floorcall", "check", env=env)


def _count(stderr: str) -> int:
    found = re.findall(r"^(\d+) specificity warnings?: ", stderr, re.M)
    assert len(found) == 1, stderr[-2000:]
    return int(found[0])


def test_check_warns_of_a_pair_without_a_declared_relation_and_not_once_overrides_declares_one(knowledge_copy, tmp_path):
    rules = knowledge_copy / "rules" / "edp" / "zz-specificity-test.yaml"
    rules.write_text(PAIR.format(overrides=""), encoding="utf-8")
    result = _check(knowledge_copy, tmp_path / "cache")
    assert result.returncode == 0, result.stderr[-2000:]        # warnings, not problems
    assert "knowledge ok" in result.stdout
    blocks = result.stderr.split("\nwarning: ")
    ours = [b for b in blocks if "edp.1-21.test-general and edp.1-21.test-exact" in b.splitlines()[0]
            or "edp.1-21.test-exact and edp.1-21.test-general" in b.splitlines()[0]]
    assert len(ours) == 1, result.stderr[-2000:]
    lines = ours[0].splitlines()
    assert "(issue age-check) fire together with different outcomes and no declared relation (overrides:)" in lines[0]
    general = next(line for line in lines if line.strip().startswith("edp.1-21.test-general "))
    exact = next(line for line in lines if line.strip().startswith("edp.1-21.test-exact "))
    assert "zz-specificity-test.yaml:" in general and "clause edp.1-21 (edp 1 ¶21) -> may-not-play" in general
    assert "zz-specificity-test.yaml:" in exact and "clause edp.1-21 (edp 1 ¶21) -> may-play" in exact
    assert any("both fire when" in line and "wants_to_play.age: 18" in line for line in lines)   # the one age both hold at
    assert not any("no fact in common" in line for line in lines)    # both test the age, beyond its being known
    before = _count(result.stderr)
    heads = [line for line in result.stderr.splitlines() if line.startswith("warning: ")]
    assert before == len(heads)
    naming_ours = [h for h in heads if "edp.1-21.test-" in h]     # ours, and one of ours against a rule there already

    rules.write_text(PAIR.format(overrides="    overrides: [edp.1-21.test-general]\n"), encoding="utf-8")
    result = _check(knowledge_copy, tmp_path / "cache")
    assert result.returncode == 0, result.stderr[-2000:]
    assert "edp.1-21.test-general" not in result.stderr and "edp.1-21.test-exact" not in result.stderr
    # the exception settles our pair, and at the one age they share the general rule is set aside,
    # so it no longer meets the rule there already either
    assert _count(result.stderr) == before - len(naming_ours)


def test_check_and_report_list_the_same_pairs(kb):
    """One finder, two front ends: the warnings are the report's conflicts inside one rulebook."""
    from ruling_engine.report.comparison import conflict_scan
    from ruling_engine.report.specificity import specificity_warnings
    lines, summary = specificity_warnings(kb)
    scan = conflict_scan(kb)
    undeclared = [x for x in scan.conflicts if x.relation != "declared-conflict"]   # conflicts_with: known, shown
    assert len(undeclared) < len(scan.conflicts)          # the report still lists the declared ones
    heads = [line for line in lines if line.startswith("warning: ")]
    assert summary.startswith(f"{len(undeclared)} specificity warning") and len(heads) == len(undeclared)
    assert sorted(heads) == sorted(f"warning: {x.club}: {x.first.id} and {x.second.id} (issue {x.issue}) fire together "
                                   f"with different outcomes and no declared relation (overrides:)"
                                   for x in undeclared)
