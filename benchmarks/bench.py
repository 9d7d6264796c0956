"""floorcall benchmark: rerun with `python benchmarks/bench.py` (after the README's setup).

(a) whole-process time of `rule-on` on a case, cold (a new process each time);
(b) club-rulings per second over all cases x all clubs in one process: the full pipeline, the
    durable-rules matching alone, and a naive pure-Python matcher over the same compiled patterns;
(c) whole-process time of `floorcall report` building the full comparison report, HTML and Markdown.
"""
from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from naive_matcher import match  # noqa: E402
from ruling_engine.engine.compiler import IssueGroups, compile_rules, durable_field  # noqa: E402
from ruling_engine.engine.host import _durable_value  # noqa: E402
from ruling_engine.facts.derive import incident_facts  # noqa: E402
from ruling_engine.incident.load import load_incident  # noqa: E402
from ruling_engine.knowledge.load import load_knowledge  # noqa: E402
from ruling_engine.rulings.resolve import raised_issues  # noqa: E402
from ruling_engine.rulings.rule_on import engine_for, rule_incident  # noqa: E402


def cold_rule_on(case: Path, runs: int) -> list:
    """A new process per run, as a user runs it: one untimed first run writes Python's bytecode
    cache and floorcall's knowledge cache, as any user's first run does."""
    exe = Path(sys.executable).parent / "rule-on"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    subprocess.run([str(exe), str(case)], check=True, capture_output=True, env=env)
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run([str(exe), str(case)], check=True, capture_output=True, env=env)
        times.append(time.perf_counter() - start)
    return times


def report_build(runs: int) -> dict:
    import tempfile
    exe = Path(sys.executable).parent / "floorcall"
    times = {"html": [], "markdown": []}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            for fmt in times:
                start = time.perf_counter()
                subprocess.run([str(exe), "report", "--format", fmt, "--out", f"{folder}/report.{fmt}"],
                               check=True, capture_output=True)
                times[fmt].append(time.perf_counter() - start)
    return times


def throughput(seconds: float = 3.0) -> dict:
    """Club-rulings per second. Both matchers get the same work: for each case and club, the rules
    of the issues the case raises (each with the definitions it relies on), compiled once."""
    kb = load_knowledge()
    incidents = [load_incident(p, kb.vocabulary, kb.clubs) for p in sorted((ROOT / "cases").glob("*.yaml"))]
    engine = engine_for(kb)
    facts = [incident_facts(i, kb.vocabulary) for i in incidents]     # every point's facts, later over earlier
    raised = [raised_issues(kb.vocabulary, f) for f in facts]
    groups = {club: IssueGroups(rules, kb.vocabulary) for club, rules in kb.rules.items()}
    compiled = {}
    for club, group in groups.items():
        for issue in group.issues:
            compiled[club, issue] = compile_rules(group.group(issue), kb.vocabulary)
    clubs = list(kb.clubs)

    def timed(work):
        count, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds:
            count += work()
        return count / (time.perf_counter() - start)

    def full():
        for incident in incidents:
            rule_incident(incident, kb, with_precedents=False)
        return len(incidents) * len(clubs)

    def durable_only():
        for f, issues in zip(facts, raised):
            for club in clubs:
                engine.run(club, f, issues)
        return len(facts) * len(clubs)

    def naive(club, f, issues):
        fired = []
        for issue in issues:
            if (club, issue) in compiled:
                definitions, branches, fields = compiled[club, issue]
                # the incident fact as the engine asserts it (engine/host.py): a dotted fact travels flat
                fact = {"t": "i", **{durable_field(k): _durable_value(f[k]) for k in fields if k in f}}
                got = match(definitions, branches, fact)[0]
                fired += [r for r in got if r not in fired]
        return fired

    def naive_only():
        for f, issues in zip(facts, raised):
            for club in clubs:
                naive(club, f, issues)
        return len(facts) * len(clubs)

    # the two matchers must agree before their speeds mean anything
    for f, issues in zip(facts, raised):
        for club in clubs:
            ours = engine.run(club, f, issues)
            assert sorted(naive(club, f, issues)) == sorted(ours[0]), (club, issues)
    return {"cases": len(incidents), "clubs": len(clubs), "rules": sum(len(r) for r in kb.rules.values()),
            "full pipeline": timed(full), "durable-rules matching": timed(durable_only),
            "naive pure-Python matching": timed(naive_only)}


def main():
    case = ROOT / "cases" / "undercall-heads-up-turn.yaml"
    cold = cold_rule_on(case, runs=int(os.environ.get("BENCH_RUNS", "10")))
    rates = throughput()
    report = report_build(runs=max(3, int(os.environ.get("BENCH_RUNS", "10")) // 3))
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo") if line.startswith("model name")), "?") \
        if Path("/proc/cpuinfo").exists() else platform.processor()
    print(f"machine: {os.cpu_count()} cores, {cpu}, Python {platform.python_version()}, {platform.system()}")
    print(f"(a) rule-on {case.relative_to(ROOT)}, cold process: median {statistics.median(cold)*1000:.0f} ms, "
          f"min {min(cold)*1000:.0f} ms, max {max(cold)*1000:.0f} ms over {len(cold)} runs")
    print(f"(b) {rates['cases']} cases x {rates['clubs']} clubs, {rates['rules']} rules, one process:")
    for key in ("full pipeline", "durable-rules matching", "naive pure-Python matching"):
        print(f"    {key:28} {rates[key]:8.0f} club-rulings/s")
    for fmt, times in report.items():
        print(f"(c) floorcall report --format {fmt}, whole process: median {statistics.median(times):.2f} s, "
              f"max {max(times):.2f} s over {len(times)} runs")


if __name__ == "__main__":
    main()
