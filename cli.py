"""Command line: `rule-on` and the `floorcall` group. Thin: parse, call, print, exit code.

Exit codes: 0 ruled / all checks pass; 1 a check found problems; 2 bad input (a message naming
file, line, what was expected and a suggestion — never a traceback).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from ruling_engine.errors import FloorcallError, did_you_mean

FORMATS = ("text", "json", "markdown")
RULE_ON_HELP = """Rule on an incident file under its house club and the three others.

\b
Examples:
  rule-on cases/undercall-heads-up-turn.yaml
  rule-on cases/premature-turn-cash.yaml --club fpc --explain
  rule-on my-incident.yaml --format json > ruling.json
"""


def _fail(error: FloorcallError):
    click.echo(f"error: {error}", err=True)
    sys.exit(2)


def _rule_on(file, club, fmt, explain):
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.render.output import render_json, render_markdown, render_text
    from ruling_engine.rulings.rule_on import rule_on
    try:
        kb = load_knowledge()
        if club and club not in kb.clubs:
            raise FloorcallError("--club", None, "a club short name", repr(club), did_you_mean(club, kb.clubs))
        report = rule_on(file, house=club, kb=kb)
    except FloorcallError as error:
        _fail(error)
    if fmt == "json":
        click.echo(render_json(report))
    elif fmt == "markdown":
        click.echo(render_markdown(report, explain), nl=False)
    else:
        click.echo(render_text(report, explain), nl=False)


def _rule_on_options(func):
    func = click.option("--explain", is_flag=True, help="Show the trace: facts given, derived, rules fired.")(func)
    func = click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True)(func)
    func = click.option("--club", metavar="CLUB", help="Rule as if this club were the house (edp, gala, fpc, ppl).")(func)
    func = click.argument("file", type=click.Path(dir_okay=False, path_type=Path))(func)
    return func


@click.command("rule-on", help=RULE_ON_HELP)
@_rule_on_options
def rule_on_command(file, club, fmt, explain):
    _rule_on(file, club, fmt, explain)


@click.group(help="floorcall: poker floor rulings grounded in four clubs' rulebooks.")
def floorcall():
    pass


floorcall.add_command(click.command("rule-on", help=RULE_ON_HELP)(_rule_on_options(
    lambda file, club, fmt, explain: _rule_on(file, club, fmt, explain))))


@floorcall.command(help="Validate the knowledge base: quotes verbatim, ids unique, facts declared, rules reachable.")
def check():
    from ruling_engine.knowledge.checks import check_knowledge
    from ruling_engine.knowledge.load import load_knowledge
    try:
        kb = load_knowledge()
    except FloorcallError as error:
        _fail(error)
    problems = check_knowledge(kb)
    for problem in problems:
        click.echo(problem, err=True)
    rules = sum(len(r) for r in kb.rules.values())
    clauses = sum(len(c) for c in kb.clauses.values())
    if problems:
        click.echo(f"check failed: {len(problems)} problem(s)", err=True)
        sys.exit(1)
    click.echo(f"knowledge ok: {len(kb.clubs)} clubs, {clauses} clauses, {rules} rules, "
               f"{len(kb.vocabulary.facts)} facts")


@floorcall.command(help="Per club: clauses in the index, clauses encoded by a rule, and those not yet encoded.")
@click.option("--format", "fmt", type=click.Choice(("text", "json")), default="text", show_default=True)
@click.option("--require-complete", is_flag=True,
              help="Exit 1 unless every clause is encoded (or marked non-normative with a reason).")
def coverage(fmt, require_complete):
    from ruling_engine.knowledge.coverage import coverage as compute, coverage_text
    from ruling_engine.knowledge.load import load_knowledge
    try:
        data = compute(load_knowledge())
    except FloorcallError as error:
        _fail(error)
    click.echo(json.dumps(data, indent=2) if fmt == "json" else coverage_text(data), nl=fmt == "json")
    missing = sum(len(row["missing"]) for row in data["clubs"].values())
    if require_complete and missing:
        click.echo(f"coverage is not complete: {missing} clause(s) not encoded (listed above)", err=True)
        sys.exit(1)


@floorcall.command(help="Print the incident JSON Schema (or --write it to knowledge/schema/).")
@click.option("--write", is_flag=True, help="Write knowledge/schema/incident.schema.json.")
def schema(write):
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.knowledge.schema import schema_path, schema_text
    try:
        kb = load_knowledge()
    except FloorcallError as error:
        _fail(error)
    if write:
        path = schema_path(kb)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(schema_text(kb), encoding="utf-8")
        click.echo(f"wrote {path}")
    else:
        click.echo(schema_text(kb), nl=False)


@floorcall.command(help="Build the comparison report of the four rulebooks (HTML or Markdown).")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (default: print to standard output).")
@click.option("--format", "fmt", type=click.Choice(("html", "markdown")), default=None,
              help="Default: from the --out suffix (.md is Markdown), else html.")
@click.option("--force", is_flag=True, help="Replace --out even if it is not an earlier floorcall report.")
def report(out, fmt, force):
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.report.build import is_generated_report, render_report
    fmt = fmt or ("markdown" if out and out.suffix.lower() in (".md", ".markdown") else "html")
    if out and out.exists() and not force and not is_generated_report(out):
        _fail(FloorcallError(str(out), None, "a new file, or an earlier floorcall report to replace",
                             "an existing file floorcall did not write",
                             "choose another --out, or add --force to replace it"))
    try:
        text = render_report(load_knowledge(), fmt)
    except FloorcallError as error:
        _fail(error)
    if not out:
        click.echo(text, nl=False)
        return
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as exc:
        _fail(FloorcallError(str(out), None, "a writable file", exc.strerror or str(exc),
                             "check the folder exists and you may write to it"))
    click.echo(f"wrote {out} ({fmt}, {len(text) // 1024} KB)")


@floorcall.command(help="The floor questionnaire: asks only what the rules need, then gives every club's ruling.")
@click.option("--club", metavar="CLUB", envvar="FLOORCALL_HOUSE",
              help="The house club (or set FLOORCALL_HOUSE); asked otherwise.")
@click.option("--answers", "answers_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Answers by question name (YAML). Required when standard input is not a terminal.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path),
              help="With --answers: save the incident to this file.")
@click.option("--force", is_flag=True, help="With --save: replace an existing file.")
def ask(club, answers_file, save, force):
    from ruling_engine.ask.terminal import run_interactive, run_scripted
    from ruling_engine.ask.answers import load_answers
    from ruling_engine.knowledge.load import load_knowledge
    try:
        kb = load_knowledge()
        if club and club not in kb.clubs:
            raise FloorcallError("--club", None, "a club short name", repr(club), did_you_mean(club, kb.clubs))
        if not sys.stdin.isatty() or save:
            if not answers_file:
                raise FloorcallError("<stdin>", None, "a terminal, or --answers FILE",
                                     "standard input is not a terminal",
                                     "run it in a terminal, or give the answers with --answers FILE")
            click.echo(run_scripted(kb, answers_file, club, save, force), nl=False)
            if save:
                click.echo(f"saved {save}")
            return
        given = load_answers(answers_file) if answers_file else None
        sys.exit(run_interactive(kb, club, given, str(answers_file) if answers_file else None))
    except FloorcallError as error:
        _fail(error)


def main_rule_on():
    _guarded(rule_on_command)


def main():
    _guarded(floorcall)


def _guarded(command):
    """Run a click command; an unexpected internal error is reported in one line, not a traceback."""
    try:
        command(standalone_mode=True)
    except SystemExit:
        raise
    except FloorcallError as error:
        _fail(error)
    except Exception as exc:  # noqa: BLE001 - last line of defence for the user's terminal
        click.echo(f"internal error: {type(exc).__name__}: {exc} (please report it with the incident file)", err=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
