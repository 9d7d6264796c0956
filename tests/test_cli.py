"""rule-on as the floor uses it: house ruling first, other clubs marked where they differ."""
import json

from conftest import run_cli

CASE = "cases/undercall-multiway-facing-raise.yaml"


def test_text_puts_house_first_and_marks_differences():
    result = run_cli("rule-on", CASE)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert out.index("RULING (gala)") < out.index("Other clubs:")
    assert "DIFFERS" in out
    assert "Cites:" in out


def test_club_option_changes_the_house():
    result = run_cli("rule-on", CASE, "--club", "edp")
    assert "RULING (edp)" in result.stdout and "£2" in result.stdout


def test_json_structure_is_stable():
    data = json.loads(run_cli("rule-on", CASE, "--format", "json").stdout)
    assert set(data) == {"floorcall", "incident", "points", "issues", "warnings", "clubs"}
    assert data["floorcall"] == 2 and list(data["clubs"])[0] == data["incident"]["house"]
    assert all({"point", "kind", "line", "label", "marked", "beside", "note"} == set(p) for p in data["points"])
    assert all({"id", "title", "point", "secondary"} == set(i) for i in data["issues"])
    for club in data["clubs"].values():
        assert set(club) == {"name", "floor", "house", "rulings", "settlement", "contradictions", "now", "trace"}
        assert {"void", "moves", "owes", "next", "then", "live", "dead", "restricted"} <= set(club["now"])
        assert [(r["point"], r["issue"]) for r in club["rulings"]] == [(i["point"], i["id"]) for i in data["issues"]]
        for ruling in club["rulings"]:
            assert {"issue", "point", "outcome", "basis", "decision", "do", "effects", "numbers", "citations",
                    "discretion", "precedents", "differs_from_house"} <= set(ruling)
            for c in ruling["citations"]:
                assert set(c) == {"club", "clause", "locator", "quote", "rule"}


def test_explain_shows_the_trace():
    out = run_cli("rule-on", CASE, "--club", "edp", "--explain").stdout
    assert "== Trace ==" in out and "edp.8-5-s2-6.undercall-defined" in out and "to_call = 7" in out


def test_markdown_renders_a_comparison_table():
    out = run_cli("rule-on", CASE, "--format", "markdown").stdout
    assert out.startswith("# ") and "| Club | Outcome |" in out
