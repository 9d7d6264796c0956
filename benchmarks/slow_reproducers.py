"""The slowest hostile reproducers through the real `rule-on`: time and memory.

    .venv/bin/python benchmarks/slow_reproducers.py [RUNS]

The three reproducers of tests/hostile/crashes/ that are ruled every way over many unknown answers
(15 and 17 at the cap of 256 combinations, 16 with a stack of 200 as tests/test_hostile_input.py
rules it), each upgraded to the timeline as that test does, then ruled RUNS times (default 1), each
in a new process: exit code, wall time, CPU (user + system: the part of the wall time that is not
waiting for a busy machine) and peak memory. The test suite asserts no seconds on them (it checks
that they are ruled, and the work limits by count); this is where their time is measured.
"""
from __future__ import annotations

import os
import platform
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from hostile_turn3 import ROOT, run                      # noqa: E402  (one rule-on process, measured)

from ruling_engine.incident.upgrade import upgrade_text  # noqa: E402

CRASHES = ROOT / "tests" / "hostile" / "crashes"
SLOW = [("15: 256 unknown combinations", "15-slow-256-unknown-combinations.yaml", {}),
        ("16: 240 combinations, stack 200", "16-slow-m00318-240-combinations.yaml",
         {"9223372036854775808": "200"}),
        ("17: 256 combinations x many events", "17-slow-256-combinations-x-many-events.yaml", {})]


def upgraded(name: str, replace: dict, folder: Path) -> Path:
    """The reproducer in the timeline format, as the test rules it."""
    text = (CRASHES / name).read_text(encoding="utf-8")
    for old, new in replace.items():
        text = text.replace(old, new)
    path = folder / name
    path.write_text(upgrade_text(text, str(path)), encoding="utf-8")
    return path


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    folder = Path(tempfile.mkdtemp(prefix="floorcall-slow-"))
    env = dict(os.environ, FLOORCALL_CACHE=str(folder / "cache"))
    run(ROOT / "cases" / "undercall-heads-up-turn.yaml", env)          # the knowledge cache written
    print(f"machine: {os.cpu_count()} cores, {platform.processor() or platform.machine()}, Python "
          f"{platform.python_version()}, load average {os.getloadavg()[0]:.2f}; {runs} run(s) each")
    print(f"{'file':36} exit  wall median (min-max)   CPU median (min-max)   max RSS")
    for label, name, replace in SLOW:
        path = upgraded(name, replace, folder)
        results = [run(path, env) for _ in range(runs)]
        walls, cpus = [r[1] for r in results], [r[2] for r in results]
        print(f"{label:36} {','.join(sorted({str(r[0]) for r in results})):4}  "
              f"{statistics.median(walls):5.2f} ({min(walls):.2f}-{max(walls):.2f})    "
              f"{statistics.median(cpus):5.2f} ({min(cpus):.2f}-{max(cpus):.2f})    "
              f"{max(r[3] for r in results):5.0f} MB")


if __name__ == "__main__":
    main()
