"""Cold `rule-on` against a bare Python start, measured in the same run (issue 15, speed).

    .venv/bin/python benchmarks/cold_start.py [RUNS] [CASE]

Each run starts a new process, alternating: `python -c "import durable.lang"` (a bare start plus
the engine's import: the floor no rule-on can go below) and `rule-on CASE`. Both are timed by the
wall clock (what the floor waits for) and by the CPU the process used (user + system, from the
kernel: the part of the wall time that is not waiting for a busy machine). One untimed run first
writes Python's bytecode cache and floorcall's knowledge cache, as any user's first run does;
PYTHONDONTWRITEBYTECODE is dropped from the environment, as it is for a user.

With --phases it also prints where one rule-on process spends its CPU (imports, the knowledge
cache, the incident, the ruling, the output), the median of RUNS processes.

With --against=DIR it also times, in the same alternation, the `rule-on` of another checkout's
code (DIR holding its ruling_engine/ and knowledge/, e.g. `git archive main | tar -x -C DIR`),
run by this virtualenv with DIR first on PYTHONPATH and its own knowledge cache
($FLOORCALL_CACHE-against): a side-by-side of a change and what it started from.
"""
from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
PHASES = r"""
import time
T = time.process_time
marks = [("start", T())]
import durable.lang
marks.append(("durable", T()))
import ruling_engine.rule_on_cli
from ruling_engine.rulings.rule_on import rule_incident
from ruling_engine.render.output import render_text
from ruling_engine.incident.load import load_incident
from ruling_engine.knowledge.load import load_knowledge
marks.append(("imports", T()))
kb = load_knowledge()
marks.append(("knowledge", T()))
incident = load_incident(CASE, kb.vocabulary, kb.clubs)
marks.append(("incident", T()))
report = rule_incident(incident, kb)
marks.append(("ruling", T()))
render_text(report, False)
marks.append(("output", T()))
print(" ".join(f"{name}={1000 * (t - marks[i][1]):.1f}" for i, (name, t) in enumerate(marks[1:])),
      f"interpreter={1000 * marks[0][1]:.1f}")
"""


def _run(command: list, env: dict) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, capture_output=True, env=env, cwd=ROOT)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def _summary(label: str, samples: list) -> str:
    walls = [w * 1000 for w, _ in samples]
    cpus = [c * 1000 for _, c in samples]
    return (f"{label:<44} wall median {statistics.median(walls):5.0f} ms, min {min(walls):4.0f} ms; "
            f"CPU median {statistics.median(cpus):5.0f} ms, min {min(cpus):4.0f} ms")


def main() -> None:
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    runs = int(args[0]) if args else 20
    case = args[1] if len(args) > 1 else "cases/undercall-heads-up-turn.yaml"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    bare = [str(BIN / "python"), "-c", "import durable.lang"]
    rule_on = [str(BIN / "rule-on"), case]
    against = next((a.split("=", 1)[1] for a in sys.argv[1:] if a.startswith("--against=")), None)
    other_env = None
    if against:
        cache = os.environ.get("FLOORCALL_CACHE") or str(Path.home() / ".cache" / "floorcall")
        other_env = {**env, "PYTHONPATH": str(Path(against).resolve()), "FLOORCALL_CACHE": cache + "-against"}
        _run(rule_on, other_env)
    _run(rule_on, env)                               # writes the bytecode and knowledge caches
    _run(bare, env)
    samples = {"bare": [], "rule-on": [], "against": []}
    for _ in range(runs):
        samples["bare"].append(_run(bare, env))
        samples["rule-on"].append(_run(rule_on, env))
        if other_env:
            samples["against"].append(_run(rule_on, other_env))
    load = os.getloadavg()[0]
    print(f"{runs} runs each, alternating; load average {load:.1f} on {os.cpu_count()} cores")
    print(_summary('python -c "import durable.lang"', samples["bare"]))
    print(_summary(f"rule-on {case}", samples["rule-on"]))
    if other_env:
        print(_summary(f"rule-on, code of {Path(against).name}", samples["against"]))
    for name in ("rule-on", "against")[:2 if other_env else 1]:
        cpu = [c for _, c in samples[name]]
        bare_cpu = [c for _, c in samples["bare"]]
        print(f"{'rule-on' if name == 'rule-on' else Path(against).name} / bare by CPU: median "
              f"{statistics.median(cpu) / statistics.median(bare_cpu):.2f}, minima {min(cpu) / min(bare_cpu):.2f}")
    if "--phases" in sys.argv:
        rows = []
        for _ in range(runs):
            out = subprocess.run([str(BIN / "python"), "-c", f"CASE = {case!r}\n" + PHASES], check=True,
                                 capture_output=True, text=True, env=env, cwd=ROOT).stdout
            rows.append(dict(part.split("=") for part in out.split()))
        print("CPU of one rule-on by phase (median ms): " +
              ", ".join(f"{name} {statistics.median(float(r[name]) for r in rows):.1f}" for name in rows[0]))


if __name__ == "__main__":
    main()
