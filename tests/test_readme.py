"""The README's examples are what the commands really print (issue 15): every shell example that
shows a command and its output is run, and each line it shows must appear in the real output, in
order ('...' in a line stands for text left out; a line of only '...' for lines left out)."""
import re
import shlex

import pytest

from conftest import ROOT, run_cli

README = (ROOT / "README.md").read_text(encoding="utf-8")
BLOCK = re.compile(r"```\n\$ (?P<command>[^\n]+)\n(?P<output>.*?)```", re.S)
EXAMPLES = [(m.group("command"), m.group("output")) for m in BLOCK.finditer(README)
            if m.group("command").split()[0] in ("rule-on", "floorcall") and "bad.yaml" not in m.group("command")
            and m.group("command").split()[1:2] not in (["ask"], ["serve"])]   # interactive: shown, not replayed


def _norm(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("command, shown", EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example_is_the_real_output(command, shown):
    args = shlex.split(command.split("  #")[0])
    done = run_cli(*args)
    real = _norm(done.stdout + done.stderr)
    at = 0
    for line in shown.splitlines():
        for part in (p for p in line.split("...") if p.strip()):
            wanted = _norm(part)
            found = real.find(wanted, at)
            assert found >= 0, f"README shows {wanted!r}, which `{command}` does not print (after position {at})"
            at = found + len(wanted)


def test_the_bad_incident_example_is_the_real_error(tmp_path):
    match = re.search(r"```\n\$ rule-on bad\.yaml\n(?P<output>.*?)```", README, re.S)
    assert match, "the README shows an error example"
    shown = match.group("output").strip().splitlines()
    line = int(re.search(r"bad\.yaml:(\d+):", shown[0]).group(1))
    text = (ROOT / "cases" / "undercall-heads-up-turn.yaml").read_text(encoding="utf-8").split("\n# The ruling")[0]
    lines = text.splitlines()
    wrong = re.search(r"found '([^']+)'", shown[0]).group(1)
    right = re.search(r"did you mean '([^']+)'", shown[1]).group(1)
    assert right in lines[line - 1], "the error example's line holds the word it misspells"
    lines[line - 1] = lines[line - 1].replace(right, wrong, 1)
    bad = tmp_path / "bad.yaml"
    bad.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = run_cli("rule-on", "bad.yaml", cwd=tmp_path)
    assert done.returncode == 2
    assert _norm("\n".join(shown)) == _norm(done.stderr)
