"""The third robustness round's files through the real `rule-on` (issue 23): time and memory.

    .venv/bin/python benchmarks/hostile_turn3.py [RUNS]

Each file of tests/hostile/turn3/ that is an incident, RUNS times (default 3), each in a new
process: `rule-on FILE > /dev/null`, its wall time, its CPU (user + system, from the kernel: the
part of the wall time that is not waiting for a busy machine) and its peak memory (max RSS).
A private knowledge cache is written by one untimed run first, as by any user's first run, so no
other checkout sharing ~/.cache/floorcall can make a run rebuild it. The aims (issue 23): an
accepted file within 2 s and 300 MB, a refused one within 0.5 s and 100 MB; the line `bare start`
is a file refused at its first bytes (a control character): what any rule-on costs.
"""
from __future__ import annotations

import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TURN3 = ROOT / "tests" / "hostile" / "turn3"
RULE_ON = Path(sys.executable).parent / "rule-on"
FILES = [("bare start (refused at once)", "noline-control-char.yaml", 0.5, 100),
         ("2 MB, a million values (refused)", "values-1M-flow-ones.yaml", 0.5, 100),
         ("2,000 entries, 100 points", "scale-2000-entries-100-points.yaml", 2.0, 300),
         ("10,000 raises, 100 points", "combo-10000-raises-100-points.yaml", 2.0, 300)]


def run(path: Path, env: dict) -> tuple[int, float, float, float]:
    """(exit code, wall s, CPU s, max RSS MB) of one rule-on process."""
    start = time.perf_counter()
    with open(os.devnull, "wb") as null:
        proc = subprocess.Popen([str(RULE_ON), str(path)], stdout=null, stderr=null, env=env)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    return proc.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    cache = tempfile.mkdtemp(prefix="floorcall-bench-cache-")
    env = dict(os.environ, FLOORCALL_CACHE=cache)
    run(ROOT / "cases" / "undercall-heads-up-turn.yaml", env)          # the knowledge cache written
    print(f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}; {runs} runs each")
    print(f"{'file':36} exit  wall median (min-max)   CPU median (min-max)   max RSS   aim")
    for label, name, seconds, megabytes in FILES:
        results = [run(TURN3 / name, env) for _ in range(runs)]
        codes = {r[0] for r in results}
        walls, cpus, rss = [r[1] for r in results], [r[2] for r in results], max(r[3] for r in results)
        print(f"{label:36} {','.join(map(str, sorted(codes))):4}  "
              f"{statistics.median(walls):5.2f} ({min(walls):.2f}-{max(walls):.2f})    "
              f"{statistics.median(cpus):5.2f} ({min(cpus):.2f}-{max(cpus):.2f})    {rss:5.0f} MB   "
              f"{seconds:g} s, {megabytes} MB: "
              + ("met" if statistics.median(cpus) <= seconds and rss <= megabytes else "NOT met"))


if __name__ == "__main__":
    main()
