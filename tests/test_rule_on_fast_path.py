"""`rule-on FILE...` runs without importing click (a quarter of a cold start) and prints exactly
what the click command prints: rulings, several files, a folder, stdin, errors, exit codes."""
import subprocess
import sys

from conftest import CASES, ROOT

CLICK_PATH = "import sys; sys.argv = ['rule-on'] + sys.argv[1:]; import cli; cli.main_rule_on()"
FAST_PATH = ("import sys; sys.argv = ['rule-on'] + sys.argv[1:]; from ruling_engine.rule_on_cli import main\n"
             "try:\n    main()\nfinally:\n    sys.stderr.write('click imported: %s' % ('click' in sys.modules))")


def _run(code, *args, stdin=None):
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, cwd=ROOT,
                          input=stdin, timeout=120)


def test_the_plain_call_prints_what_the_click_command_prints_without_importing_click(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("house: edp\ngame: {format: cash}\nplayers: [{seat: 1}]\ntimeline:\n  - {seat: 9, said: call}\n")
    case = str(CASES / "undercall-heads-up-turn.yaml")
    for args, stdin in (([case], None), ([case, str(bad), str(tmp_path / "missing.yaml")], None),
                        (["-"], (CASES / "premature-flop.yaml").read_text())):
        fast, slow = _run(FAST_PATH, *args, stdin=stdin), _run(CLICK_PATH, *args, stdin=stdin)
        assert fast.stderr.endswith("click imported: False"), fast.stderr
        assert (fast.returncode, fast.stdout) == (slow.returncode, slow.stdout), args
        assert fast.stderr.removesuffix("click imported: False") == slow.stderr, args


def test_options_help_and_version_go_to_click():
    for args in (["--help"], [str(CASES / "premature-flop.yaml"), "--format", "json"]):
        fast, slow = _run(FAST_PATH, *args), _run(CLICK_PATH, *args)
        assert fast.stderr.endswith("click imported: True")
        assert (fast.returncode, fast.stdout) == (slow.returncode, slow.stdout), args
