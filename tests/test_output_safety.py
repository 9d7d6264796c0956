"""What an incident file says is printed, never obeyed: no escape code reaches the terminal, no
field forges a line or a section, no link, image or HTML in Markdown is live, file names included.

The reproducers are ../shared/robustness/injection/ (in the old incident format). Where that
folder is not beside the checkout, the tests build the same files.
"""
import json
import re
import shutil
from pathlib import Path

import pytest

from conftest import ROOT, run_cli
from ruling_engine.render.safe import code_span, markdown_text, plain

INJECTION = ROOT.parent / "shared" / "robustness" / "injection"
CASE = (ROOT / "cases" / "undercall-heads-up-turn.yaml").read_text(encoding="utf-8")
ESC = "\x1b"
PAYLOAD = ("<script>alert(1)</script> {{7*7}} [x](javascript:alert(1)) ![p](http://attacker.example/p.png) "
           "&lt;b&gt; `tick` | pipe |")


def _incident(tmp_path, name="incident.yaml", title="t", currency="£", said=None) -> Path:
    text = re.sub(r"^title: .*$", lambda _: "title: " + json.dumps(title), CASE, flags=re.M)
    text = text.replace("game: {format: cash, variant: NLHE, blinds: [1, 2]}",
                        "game: {format: cash, variant: NLHE, blinds: [1, 2], currency: " + json.dumps(currency) + "}")
    if said is not None:
        text = text.replace("- {seat: 7, chips: [10]}", "- {seat: 7, chips: [10], said: " + json.dumps(said) + "}")
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _reproducer(tmp_path, name, **fallback) -> Path:
    """The shared reproducer (written in the old format: upgraded as `floorcall upgrade` does)."""
    if (INJECTION / name).exists():
        from ruling_engine.incident.upgrade import upgrade_text
        path = tmp_path / name
        path.write_text(upgrade_text((INJECTION / name).read_text(encoding="utf-8"), name), encoding="utf-8")
        return path
    return _incident(tmp_path, name, **fallback)


def _controls(text: str) -> list:
    return [c for c in text if (ord(c) < 32 and c not in "\n") or 0x7f <= ord(c) <= 0x9f]


def test_escape_codes_in_a_title_and_the_currency_are_shown_not_obeyed(tmp_path):
    path = _reproducer(tmp_path, "ansi-title.yaml",
                       title="\x1b[2J\x1b[HRULING (edp): Seat 7 wins the pot.\x1b[8m",
                       currency="\x1b]0;owned\x07£")
    result = run_cli("rule-on", path, "--explain")
    assert result.returncode == 0, result.stderr
    assert _controls(result.stdout) == []
    assert result.stdout.splitlines()[0] == r"\x1b[2J\x1b[HRULING (edp): Seat 7 wins the pot.\x1b[8m"
    assert r"\x1b]0;owned\x07£5" in result.stdout            # the currency in a do-line, visible
    # the forged ruling never starts a line of its own
    assert not any(line.lstrip().startswith("RULING (edp): Seat 7 wins") for line in result.stdout.splitlines())


def test_a_newline_in_a_title_forges_no_line_in_text_or_section_in_markdown(tmp_path):
    path = _reproducer(tmp_path, "newline-title.yaml",
                       title="Harmless title\n\n## Chips short of a call\n\n**Ruling (edp):** Seat 7 wins the whole pot; "
                             "no call is owed.\n\n<!--")
    text = run_cli("rule-on", path).stdout
    assert text.splitlines()[0].startswith("Harmless title  ## Chips short of a call  **Ruling (edp):**")
    assert not any(line.startswith(("## Chips", "**Ruling")) for line in text.splitlines())
    markdown = run_cli("rule-on", path, "--format", "markdown").stdout
    headings = [line for line in markdown.splitlines() if line.startswith("#")]
    assert headings[0].startswith("# Harmless title ## Chips short of a call \\*\\*Ruling (edp):\\*\\*")
    assert headings[1:].count("## Chips short of a call") == 1   # the real issue, once
    assert not any("wins the whole pot" in h for h in headings[1:])
    assert "<!--" not in markdown and "&lt;!--" in markdown


def test_markdown_keeps_no_link_image_or_html_live(tmp_path):
    path = _reproducer(tmp_path, "payload.yaml", title=PAYLOAD, currency="<img src=x onerror=alert(1)>",
                       said="<script>alert(1)</script> call")
    result = run_cli("rule-on", path, "--format", "markdown")
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "<" not in out.replace("&lt;", "")                   # no raw tag anywhere
    assert "](" not in out.replace("\\](", "")                  # no link or image
    assert "&lt;script&gt;" in out and "&amp;lt;b&amp;gt;" in out
    assert "\\[x\\](javascript:alert(1))" in out and "!\\[p\\]" in out


def test_a_file_name_with_markup_and_control_characters_is_escaped(tmp_path):
    path = _incident(tmp_path, "x`<img src=x onerror=alert(1)>`\x1b[31m.yaml")
    markdown = run_cli("rule-on", path, "--format", "markdown").stdout
    incident_line = next(line for line in markdown.splitlines() if line.startswith("*Incident:*"))
    assert "``" + str(path).replace("\x1b", "\\x1b") + "``" in incident_line   # a code span its backticks cannot close
    text = run_cli("rule-on", path, _incident(tmp_path)).stdout           # several files: headed by name
    assert _controls(text) == []
    assert "==> " + str(path).replace("\x1b", "\\x1b") + " <==" in text
    several = run_cli("rule-on", path, _incident(tmp_path), "--format", "markdown").stdout
    assert "**File:** ``" + str(path).replace("\x1b", "\\x1b") + "``" in several.splitlines()


def test_an_error_naming_a_hostile_file_or_value_is_plain_too(tmp_path):
    path = tmp_path / "bad\x1b[2J\nerror: forged.yaml"
    path.write_text("house: edp\nstret: turn\n", encoding="utf-8")
    result = run_cli("rule-on", path)
    assert result.returncode == 2
    assert _controls(result.stderr) == []
    assert not any(line.startswith("error: forged") for line in result.stderr.splitlines())


def test_json_output_keeps_the_data_and_escapes_what_a_terminal_would_act_on(tmp_path):
    title = "a\x1b[2Jb\x9bc\u202ed"
    result = run_cli("rule-on", _incident(tmp_path, title=title), "--format", "json")
    assert _controls(result.stdout) == [] and "\u202e" not in result.stdout
    assert json.loads(result.stdout)["incident"]["title"] == title     # the same data, escaped


@pytest.mark.parametrize("text, expected", [
    ("\x1b[2Jhi", r"\x1b[2Jhi"), ("a\nb\r\tc", "a b  c"), ("\x9b31m", r"\x9b31m"), ("rtl\u202e", r"rtl\u202e"),
    ("£ and é stay", "£ and é stay"),
])
def test_plain(text, expected):
    assert plain(text) == expected


@pytest.mark.parametrize("text, expected", [
    ("[x](javascript:y)", r"\[x\](javascript:y)"), ("![i](u)", r"!\[i\](u)"), ("<b>&", "&lt;b&gt;&amp;"),
    ("a | b", r"a \| b"), ("*b* _i_ `c`", r"\*b\* \_i\_ \`c\`"), ("# h", r"\# h"), ("1. x", r"1\. x"),
    ("- x", r"\- x"), ("two\nlines", "two lines"),
])
def test_markdown_text(text, expected):
    assert markdown_text(text) == expected


def test_code_span_cannot_be_closed_by_its_content():
    assert code_span("a`b") == "``a`b``"
    assert code_span("`x`") == "`` `x` ``"


def test_a_pot_one_seat_contends_for_names_one_seat():
    """The pot line reads as English: 'seat 6' for a pot only he contends for, 'seats 3, 8' for two."""
    from ruling_engine.render.output import _money_text
    assert _money_text({"effect": "pot", "pot": "main", "amount": 3000, "seats": [6]}) == "Main pot: 3,000 (seat 6)"
    assert _money_text({"effect": "pot", "pot": "main", "amount": 620, "seats": [3, 8]}) == "Main pot: 620 (seats 3, 8)"
