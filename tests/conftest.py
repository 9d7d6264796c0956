import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

# Every ruling floorcall makes in the suite, in this process and in the commands it runs, is
# checked to be one answer (ruling_engine/corrected/invariants.py); a violation is an error.
os.environ["FLOORCALL_CHECK_INVARIANTS"] = "1"

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "cases"


def pytest_configure(config):
    """The run's shared memo of rulings (tests/rulings_memo.py), made once by the process that
    starts the workers (they inherit its environment) and removed when the run ends."""
    from rulings_memo import SHARED
    if not hasattr(config, "workerinput") and SHARED not in os.environ:
        import tempfile
        config._floorcall_memo = os.environ[SHARED] = tempfile.mkdtemp(prefix="floorcall-test-memo-")


def pytest_unconfigure(config):
    folder = getattr(config, "_floorcall_memo", None)
    if folder:
        shutil.rmtree(folder, ignore_errors=True)
        os.environ.pop("FLOORCALL_TEST_MEMO", None)


@pytest.fixture(scope="session")
def kb():
    from ruling_engine.knowledge.load import load_knowledge
    return load_knowledge()


@pytest.fixture
def knowledge_copy(tmp_path):
    """A private copy of the knowledge folder that a test may break."""
    target = tmp_path / "knowledge"
    shutil.copytree(ROOT / "knowledge", target)
    return target


def run_cli(*args, env=None, cwd=None):
    """Run a console command as a user would, returning the CompletedProcess. The timeout only
    stops a hung command; it asserts no speed (`floorcall casebook` rules every case file and took
    over 60 s on a machine loaded 15 deep on 2 cores)."""
    exe = Path(sys.executable).parent / args[0]
    return subprocess.run([str(exe), *args[1:]], capture_output=True, text=True, env=env,
                          cwd=cwd or ROOT, timeout=600)


def answer_every_question(session, number, limit: int = 60) -> list:
    """Answer what the questionnaire asks until it is done, as a hurried floor person would: no
    point marked, the first choice offered, `number` for a number (blank where blank is allowed).
    The names asked, in order (at most `limit`)."""
    asked = []
    while (question := session.next_question()) is not None and len(asked) < limit:
        asked.append(question.name)
        if question.name == "marked":
            session.answer("marked", [])
        elif question.choices:
            session.answer(question.name, question.choices[0][0])
        else:
            session.answer(question.name, None if question.allow_blank else number)
    return asked


def docs_timeline_example(kb, heading: str, header: str = "title: t\n"):
    """docs/timeline.md's section under `heading`: its text, its first YAML example, and that example
    ruled (with `header` before it) as a user's file would be. (section, example, report)"""
    import re
    from ruling_engine.incident.load import parse_incident_text
    from ruling_engine.rulings.rule_on import rule_incident
    doc = (ROOT / "docs" / "timeline.md").read_text(encoding="utf-8")
    section = doc.split(heading, 1)[1].split("\n## ", 1)[0]
    example = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    report = rule_incident(parse_incident_text(header + example, "doc.yaml", kb.vocabulary, kb.clubs), kb,
                           with_precedents=False)
    return section, example, report

