"""The generated run of issue 20: the invariant check (ruling_engine/corrected/invariants.py) on
every ruling floorcall makes for N generated and N mutated incidents (the strategies of
tests/test_properties.py: incidents drawn from the vocabulary, and the bundled cases mutated),
with a fixed seed so anyone can rerun it. Prints the counts; exits 1 on any violation.

    .venv/bin/python benchmarks/invariants_run.py 6000      # 6,000 of each: 12,000 incidents
"""
import collections
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]
from hypothesis import HealthCheck, given, settings  # noqa: E402

import test_properties as props  # noqa: E402
from ruling_engine.corrected.invariants import violations  # noqa: E402
from ruling_engine.errors import FloorcallError  # noqa: E402
from ruling_engine.facts.timeline import read_timeline  # noqa: E402
from ruling_engine.incident.load import parse_incident_text  # noqa: E402
from ruling_engine.rulings.rule_on import _rule_complete, _Shared  # noqa: E402
from ruling_engine.incident.unknowns import choice_paths, combinations  # noqa: E402
from ruling_engine.incident.load import Incident  # noqa: E402

os.environ.pop("FLOORCALL_CHECK_INVARIANTS", None)       # (conftest sets it) checked here, counted, not raised
KB = props.KB
COUNTS = collections.Counter()
FOUND = []


def _one(text: str) -> None:
    try:
        incident = parse_incident_text(text, "<run>", KB.vocabulary, KB.clubs)
        paths = choice_paths(incident.data, KB.vocabulary) if incident.unknowns else []
        choices = combinations(incident.data, KB.vocabulary, "<run>", paths) if paths else [({}, incident.data)]
    except FloorcallError:
        COUNTS["refused"] += 1
        return
    for _, data in choices[:16]:
        try:
            report = _rule_complete(Incident("<run>", data, incident.unknowns), KB, None, False, _Shared(KB))
        except FloorcallError:
            COUNTS["refused"] += 1
            continue
        COUNTS["ruled"] += 1
        COUNTS["club answers"] += len(report.answers)
        found = violations(report, read_timeline(data, KB.vocabulary.together_kinds))
        for v in found:
            COUNTS[v.invariant] += 1
            if len(FOUND) < 20:
                FOUND.append((v.text(), text))


def main(n: int) -> int:
    run = settings(max_examples=n, derandomize=True, database=None, deadline=None,
                   suppress_health_check=list(HealthCheck))
    start = time.time()
    given(props.generated_incidents())(run(lambda data: _one(props._dump(data))))()
    given(props.mutated_cases())(run(lambda case: _one(props._dump(case[1]))))()
    print(f"{2 * n:,} incidents ({n:,} generated, {n:,} mutated) in {time.time() - start:.0f} s")
    for key, value in sorted(COUNTS.items()):
        print(f"  {key}: {value:,}")
    violated = sum(v for k, v in COUNTS.items() if k not in ("ruled", "refused", "club answers"))
    print(f"  violations: {violated}")
    for text, incident in FOUND:
        print("\n" + text + "\n" + incident)
    return 1 if violated else 0


if __name__ == "__main__":
    sys.exit(main(int(sys.argv[1]) if len(sys.argv) > 1 else 6000))
