"""The knowledge base keeps its promises; broken knowledge files are reported in their own terms."""
import json
import os

import jsonschema
import pytest
import yaml

from ruling_engine.knowledge.checks import check_knowledge, fold
from ruling_engine.knowledge.coverage import coverage
from ruling_engine.errors import FloorcallError
from ruling_engine.knowledge.load import load_knowledge
from ruling_engine.knowledge.schema import incident_schema

from conftest import CASES, run_cli


def test_floorcall_check_passes():
    result = run_cli("floorcall", "check")
    assert result.returncode == 0, result.stderr
    assert "knowledge ok" in result.stdout


def test_every_quote_and_clause_text_is_verbatim(kb):
    for club in kb.clubs:
        source = fold(kb.source_text(club))
        for clause in kb.clauses[club].values():
            assert fold(clause.text) in source, clause.id
        for rule in kb.rules[club]:
            assert fold(rule.quote) in source, rule.id


def test_no_python_module_names_a_club():
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    for path in list((root / "ruling_engine").glob("*.py")) + [root / "cli.py"]:
        text = path.read_text(encoding="utf-8").lower()
        for club in ("edp", "gala", "fpc", "ppl"):
            assert f'"{club}"' not in text and f"'{club}'" not in text, (path.name, club)


def test_every_case_validates_against_the_published_schema(kb):
    # jsonschema.validate checks the schema and builds a validator on every call; checked and
    # built once here, the same validation of every case takes a fraction of the time
    schema = incident_schema(kb)
    validator_class = jsonschema.validators.validator_for(schema)
    validator_class.check_schema(schema)
    validator = validator_class(schema, format_checker=validator_class.FORMAT_CHECKER)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    cases = sorted(CASES.glob("*.yaml"))
    assert len(cases) > 200
    for path in cases:
        error = jsonschema.exceptions.best_match(validator.iter_errors(yaml.load(path.read_text(encoding="utf-8"), Loader=loader)))
        assert error is None, f"{path.name}: {error.message} at {list(error.absolute_path)}"


def test_check_catches_a_quote_that_is_not_verbatim(knowledge_copy):
    path = knowledge_copy / "rules" / "edp" / "undercall.yaml"
    text = path.read_text(encoding="utf-8").replace("is a mandatory full call if made", "is a mandatory call if made")
    path.write_text(text, encoding="utf-8")
    problems = check_knowledge(load_knowledge(knowledge_copy))
    assert any("not verbatim" in p for p in problems)


def test_unknown_fact_in_a_rule_is_reported_with_file_line_and_suggestion(knowledge_copy):
    path = knowledge_copy / "rules" / "edp" / "undercall.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("action.short_of_call: true", "action.short_of_cal: true", 1),
                    encoding="utf-8")
    with pytest.raises(FloorcallError) as info:
        load_knowledge(knowledge_copy)
    message = str(info.value)
    assert "undercall.yaml:" in message and "did you mean 'action.short_of_call'" in message


def test_a_template_that_is_not_a_fact_name_is_reported_not_printed_raw(knowledge_copy):
    """{Side pot 1} would otherwise reach the floor as literal braces."""
    path = knowledge_copy / "rules" / "edp" / "undercall.yaml"
    text = path.read_text(encoding="utf-8")
    assert "{call_shortfall}" in text
    path.write_text(text.replace("{call_shortfall}", "{Call shortfall}", 1), encoding="utf-8")
    with pytest.raises(FloorcallError) as info:
        load_knowledge(knowledge_copy)
    assert "undercall.yaml:" in str(info.value) and "{Call shortfall}" in str(info.value)


def test_unreachable_rule_is_reported(knowledge_copy):
    path = knowledge_copy / "rules" / "edp" / "undercall.yaml"
    text = path.read_text(encoding="utf-8").replace(
        "      undercall: true\n      action.in_turn: true\n      any:",
        "      undercall: true\n      action.in_turn: true\n      street: flop\n      all: [{street: turn}]\n      any:", 1)
    path.write_text(text, encoding="utf-8")
    problems = check_knowledge(load_knowledge(knowledge_copy))
    assert any("can never fire" in p for p in problems)


def test_check_command_fails_on_a_broken_knowledge_base(knowledge_copy):
    (knowledge_copy / "schema" / "incident.schema.json").write_text("{}", encoding="utf-8")
    result = run_cli("floorcall", "check", env={**os.environ, "FLOORCALL_KNOWLEDGE": str(knowledge_copy)})
    assert result.returncode == 1 and "out of date" in result.stderr


def test_coverage_json_shape():
    result = run_cli("floorcall", "coverage", "--format", "json")
    assert result.returncode == 0
    data = json.loads(result.stdout)
    for club in ("edp", "gala", "fpc", "ppl"):
        row = data["clubs"][club]
        assert row["encoded"] + len(row["missing"]) == row["clauses"]
        assert row["encoded"] > 0


def test_coverage_is_closed_every_clause_is_encoded_or_marked_non_normative(kb):
    """Issue 5: coverage stays closed. A clause added to an index without a rule fails here."""
    missing = {club: row["missing"] for club, row in coverage(kb)["clubs"].items() if row["missing"]}
    assert missing == {}
    for club, clauses in kb.clauses.items():
        assert all(c.reason for c in clauses.values() if not c.normative), club


def test_coverage_require_complete_fails_when_a_clause_is_not_encoded(knowledge_copy):
    rules = knowledge_copy / "rules" / "fpc"
    dress = next(p for p in rules.glob("*.yaml") if "fpc.36" in p.read_text(encoding="utf-8"))
    kept = [block for block in dress.read_text(encoding="utf-8").split("\n  - id: ") if "clause: fpc.36\n" not in block]
    dress.write_text("\n  - id: ".join(kept), encoding="utf-8")
    result = run_cli("floorcall", "coverage", "--require-complete",
                     env={**os.environ, "FLOORCALL_KNOWLEDGE": str(knowledge_copy)})
    assert result.returncode == 1, result.stderr
    assert "fpc.36" in result.stdout and "not complete" in result.stderr
    assert run_cli("floorcall", "coverage", "--require-complete").returncode == 0


def test_coverage_counts_cited_clauses(kb):
    data = coverage(kb)
    cited = {r.clause for r in kb.rules["edp"]}
    assert not cited & set(data["clubs"]["edp"]["missing"])
