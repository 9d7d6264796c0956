"""Command line: `rule-on` and the `floorcall` group. Thin: parse, call, print, exit code.

Exit codes: 0 ruled / all checks pass; 1 a check found problems; 2 bad input (a message naming
file, line, what was expected and a suggestion — never a traceback).
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import textwrap

import click

from ruling_engine.errors import FloorcallError, did_you_mean
from ruling_engine.rule_on_cli import error_text as _error_text, open_log as _open_log, rule_on_files

FORMATS = ("text", "json", "markdown")
CONTEXT = {"help_option_names": ["-h", "--help"]}
RULE_ON_SHORT = "Rule on incident files under each one's house club and the three others."
RULE_ON_HELP = """Rule on incident files under each one's house club and the three others.

FILES are incident files (YAML), folders (every *.yaml in them, in name order) or - for standard
input. With more than one, each ruling is headed by its file; a bad file is reported (exit 2) and
the others are still ruled. `floorcall events` lists what an incident may describe.

\b
Examples:
  rule-on cases/undercall-heads-up-turn.yaml
  rule-on cases/premature-turn-cash.yaml --club fpc --explain
  rule-on my-incident.yaml --format json > ruling.json
  rule-on cases/                      every case in the folder
  cat incident.yaml | rule-on -
"""
FLOORCALL_HELP = """floorcall: poker floor rulings grounded in four clubs' rulebooks.

Every ruling rests on the verbatim clauses of the house club's rulebook (edp, gala, fpc, ppl) and
says how the other three would rule. Exit codes: 0 done, 1 a check found problems, 2 bad input
(the message names the file, the line, what was expected and what to try).

\b
Examples:
  floorcall rule-on cases/undercall-heads-up-turn.yaml     (the same as rule-on)
  floorcall ask --club edp                                 the floor questionnaire
  floorcall events exposed                                 event kinds about exposed cards
  floorcall cases undercall                                bundled example incidents
  floorcall report --out report.html                       the four rulebooks compared
  floorcall check                                          validate the knowledge base

The knowledge base is the one floorcall ships with, or the folder FLOORCALL_KNOWLEDGE names (its
cases are the cases/ folder beside it).
"""


def _fail(error: FloorcallError):
    click.echo(_error_text(error), err=True)
    sys.exit(2)


def _rule_on(files, club, fmt, explain, log=False, db=None):
    rule_on_files(files, club, fmt, explain, click.echo, log, db)


def _rule_on_options(func):
    func = click.option("--db", type=click.Path(dir_okay=False, path_type=Path),
                        help="With --log: the ruling log file (default $FLOORCALL_DB or the state folder's).")(func)
    func = click.option("--log", is_flag=True,
                        help="Record each ruling in the ruling log (the one floorcall serve shows).")(func)
    func = click.option("--explain", is_flag=True, help="Show the trace: facts given, derived, rules fired.")(func)
    func = click.option("--format", "fmt", type=click.Choice(FORMATS), default="text", show_default=True,
                        help="text for the floor; json (a list of objects for several files); markdown for records.")(func)
    func = click.option("--club", metavar="CLUB", help="Rule as if this club were the house (edp, gala, fpc, ppl).")(func)
    func = click.argument("files", nargs=-1, required=True, metavar="FILES...",
                          type=click.Path(path_type=str, allow_dash=True))(func)
    return func


def _version(ctx, _param, value):
    if not value or ctx.resilient_parsing:
        return
    from ruling_engine.locations import knowledge_root
    try:
        from importlib.metadata import PackageNotFoundError, version
        number = version("floorcall")
    except PackageNotFoundError:
        number = "(not installed)"
    click.echo(f"floorcall {number}\nknowledge: {knowledge_root()}")
    ctx.exit()


version_option = click.option("--version", is_flag=True, expose_value=False, is_eager=True,
                              callback=_version, help="Show the version and the knowledge folder in use, and exit.")


@click.command("rule-on", help=RULE_ON_HELP, context_settings=CONTEXT)
@version_option
@_rule_on_options
def rule_on_command(files, club, fmt, explain, log, db):
    _rule_on(files, club, fmt, explain, log, db)


@click.group(help=FLOORCALL_HELP, context_settings=CONTEXT)
@version_option
def floorcall():
    pass


floorcall.add_command(click.command("rule-on", help=RULE_ON_HELP, short_help=RULE_ON_SHORT, context_settings=CONTEXT)(
    _rule_on_options(lambda files, club, fmt, explain, log, db: _rule_on(files, club, fmt, explain, log, db))))


def _command(text: str, **kw):
    """A floorcall subcommand whose whole first paragraph is shown in `floorcall --help`."""
    return floorcall.command(help=text, short_help=text.split("\n\n")[0].replace("\n", " "), **kw)


@_command("Validate the knowledge base: quotes verbatim, ids unique, facts declared, rules reachable, rules compile. "
          "Warn of rules on one issue that fire together with different outcomes and no declared relation (overrides:).")
def check():
    from ruling_engine.knowledge.checks import check_knowledge
    from ruling_engine.knowledge.load import load_knowledge
    try:
        kb = load_knowledge()
    except FloorcallError as error:
        _fail(error)
    # issue 13: specificity, found as the report finds its conflicts (and kept in the same cache);
    # after a knowledge change a forked process works it out while this one checks the rest
    from ruling_engine.report.parallel import Job
    from ruling_engine.report.specificity import pairs_kept, specificity_warnings, unrelated_pairs
    job = None if pairs_kept(kb) else Job(lambda: unrelated_pairs(kb))
    try:
        problems = check_knowledge(kb)
    except BaseException:
        if job is not None:
            job.discard()
        raise
    for problem in problems:
        click.echo(problem, err=True)
    rules = sum(len(r) for r in kb.rules.values())
    clauses = sum(len(c) for c in kb.clauses.values())
    if problems:
        if job is not None:
            job.discard()
        click.echo(f"check failed: {len(problems)} problem(s)", err=True)
        sys.exit(1)
    warnings, summary = specificity_warnings(kb, job.result() if job is not None else None)
    for line in warnings:
        click.echo(line, err=True)
    click.echo(summary, err=True)
    click.echo(f"knowledge ok: {len(kb.clubs)} clubs, {clauses} clauses, {rules} rules, "
               f"{len(kb.vocabulary.facts)} facts")


@_command("Per club: clauses in the index, clauses encoded by a rule, and those not yet encoded.")
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


@_command("Print the incident JSON Schema (or --write it to knowledge/schema/).")
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


@_command("Build the comparison report of the four rulebooks (HTML or Markdown): the clubs x topics matrix, topics, cases, conflicts, gaps.")
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path),
              help="File to write (default: print to standard output).")
@click.option("--format", "fmt", type=click.Choice(("html", "markdown")), default=None,
              help="Default: from the --out suffix (.md is Markdown), else html.")
@click.option("--club", metavar="CLUB", help="The house club the others are compared against (edp, gala, fpc, ppl); "
              "the page can switch it. Default: each club against the others.")
@click.option("--force", is_flag=True, help="Replace --out even if it is not an earlier floorcall report.")
def report(out, fmt, club, force):
    from ruling_engine.files import target, write_file, written_by_floorcall
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.render.safe import plain
    from ruling_engine.report.build import render_report
    fmt = fmt or ("markdown" if out and out.suffix.lower() in (".md", ".markdown") else "html")
    try:
        if out:      # before the work: a folder that is missing or read-only, a file not ours
            real = target(out, "the report")
            if real.exists() and not force and not written_by_floorcall(real):
                raise FloorcallError(str(out), None, "a new file, or an earlier floorcall report to replace",
                                     "an existing file floorcall did not write (or that was changed since)",
                                     "choose another --out, or add --force to replace it")
        kb = load_knowledge()
        if club and club not in kb.clubs:
            raise FloorcallError("--club", None, "a club short name", repr(club), did_you_mean(club, kb.clubs))
        text = render_report(kb, fmt, house=club)
        if not out:
            click.echo(text, nl=False)
            return
        write_file(out, text, "the report", force=force, replace_own=True)
    except FloorcallError as error:
        _fail(error)
    click.echo(f"wrote {plain(out)} ({fmt}, {len(text) // 1024} KB)")


@_command("The floor questionnaire: asks only what the rules need, then gives every club's ruling.")
@click.option("--club", metavar="CLUB", envvar="FLOORCALL_HOUSE",
              help="The house club (or set FLOORCALL_HOUSE); asked otherwise.")
@click.option("--answers", "answers_file", type=click.Path(dir_okay=False, path_type=Path),
              help="Answers by question name (YAML). Required when standard input is not a terminal.")
@click.option("--save", type=click.Path(dir_okay=False, path_type=Path),
              help="With --answers: save the incident to this file.")
@click.option("--force", is_flag=True, help="With --save: replace an existing file.")
@click.option("--log", is_flag=True, help="Record the ruling in the ruling log (the one floorcall serve shows).")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path),
              help="With --log: the ruling log file (default $FLOORCALL_DB or the state folder's).")
def ask(club, answers_file, save, force, log, db):
    from ruling_engine.ask.terminal import run_interactive, run_scripted
    from ruling_engine.render.safe import plain
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
            ruling_log = _open_log(log, db)
            text, saved, problem = run_scripted(kb, answers_file, club, save, force, log=ruling_log)
            click.echo(text, nl=False)
            if problem:
                click.echo(_error_text(problem), err=True)
                click.echo(f"  the incident was saved to {plain(saved)} instead", err=True)
                sys.exit(2)
            if save:
                click.echo(f"saved {plain(save)}")
            if ruling_log:
                click.echo(f"recorded in the ruling log {plain(ruling_log.path)}")
            return
        given = load_answers(answers_file) if answers_file else None
        sys.exit(run_interactive(kb, club, given, str(answers_file) if answers_file else None,
                                 log=_open_log(log, db)))
    except FloorcallError as error:
        _fail(error)


@_command("""The floor app in the browser: the questionnaire, the rulings, the ruling log.

Serves http://127.0.0.1:8765 by default (printed on start). On 127.0.0.1 no login is asked; to
serve beyond this computer (--host 0.0.0.0, a LAN address) set a password first with
--set-password. Every ruling is recorded in the ruling log (--db, else $FLOORCALL_DB, else
~/.local/state/floorcall/rulings.sqlite3), the same file `rule-on --log` and `floorcall ask --log`
write to.

\b
Examples:
  floorcall serve                                  then open http://127.0.0.1:8765
  floorcall serve --set-password                   asks for the password (stored hashed)
  floorcall serve --host 0.0.0.0 --port 8080       tablets on the card room's network
  floorcall serve --host 0.0.0.0 --allow-host floor.local   ... reached by that name too
""")
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on.")
@click.option("--port", default=8765, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
@click.option("--db", type=click.Path(dir_okay=False, path_type=Path), help="The ruling log file.")
@click.option("--set-password", "set_pw", is_flag=True, help="Set the floor password (asked twice), then exit.")
@click.option("--allow-host", "names", multiple=True, metavar="NAME",
              help="A host name the tablets use to reach the app (requests naming any other are refused; "
                   "IP addresses, and localhost on 127.0.0.1, always work).")
def serve(host, port, db, set_pw, names):
    from ruling_engine.render.safe import plain
    from ruling_engine.serve import auth
    try:
        ruling_log = _open_log(True, db)
        if set_pw:
            password = click.prompt("New floor password", hide_input=True, confirmation_prompt=True)
            if len(password) < 8:
                raise FloorcallError("--set-password", None, "a password of 8 characters or more",
                                     f"{len(password)} characters")
            auth.set_password(ruling_log, password)
            click.echo(f"password set (stored hashed in {plain(ruling_log.path)})")
            return
        beyond = not auth.is_loopback(host)
        if beyond and not auth.stored_password(ruling_log):
            raise FloorcallError("--host", None, "a password before serving beyond this computer",
                                 f"{host} with no password set", "run: floorcall serve --set-password")
        from ruling_engine.knowledge.load import load_knowledge
        from ruling_engine.serve.app import serve as run
        kb = load_knowledge()
    except FloorcallError as error:
        _fail(error)

    def ready(server):
        shown = f"[{host}]" if ":" in host else host
        click.echo(f"floorcall serve: http://{shown}:{server.effective_port}/"
                   + (" (login required)" if beyond else "")
                   + f"\n  ruling log: {plain(ruling_log.path)}\n  Ctrl-C to stop", err=False)
        sys.stdout.flush()

    try:
        run(kb, ruling_log, host, port, require_login=beyond, ready=ready, names=names)
    except OSError as error:
        _fail(FloorcallError(f"{host}:{port}", None, "an address and port free to listen on", str(error),
                             "choose another with --port"))
    except KeyboardInterrupt:
        click.echo("stopped")


@_command("""List the event kinds an incident may hold, with their fields and an example each.

WORD shows only the kinds whose name, help, fields or allowed values mention it; a record name
(action, player, game) shows that record's fields. Read from knowledge/vocabulary.yaml.

\b
Examples:
  floorcall events                  all of them
  floorcall events muck             hand_mucked, muck_handled, ...
  floorcall events action           the fields of an action
""")
@click.argument("word", required=False)
def events(word):
    from ruling_engine.knowledge.events import events_text
    from ruling_engine.knowledge.load import load_knowledge
    try:
        click.echo(events_text(load_knowledge(), word), nl=False)
    except FloorcallError as error:
        _fail(error)


@_command("""Convert an incident file in the old format (street:, actions:, events:, board:) to the timeline,
and write in the conclusions an older file left to a default.

The converted incident means the same thing: the streets go where the action log changes street,
with the board's cards on them, the events after the last action. A field the floor concludes
(conduct on purpose? brief? a muck misled by whom?) left out now means "not stated" and is ruled
every way; an older file meant the former default by leaving it out, so the upgrade writes that
value in, on the entry's line, with a comment (`floorcall events` marks such fields). It is printed, or written with
--out (a new file, never over an existing one without --force) or --in-place (the original is kept
beside it as FILE.orig). An `expected:` block and the comments before it are kept as written.

\b
Examples:
  floorcall upgrade old.yaml                 print it
  floorcall upgrade old.yaml --out new.yaml
  floorcall upgrade old.yaml --in-place
""")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--out", type=click.Path(dir_okay=False, path_type=Path), help="Write the upgraded incident here.")
@click.option("--in-place", is_flag=True, help="Replace FILE, keeping the original as FILE.orig.")
@click.option("--force", is_flag=True, help="With --out: replace an existing file.")
def upgrade(file, out, in_place, force):
    from ruling_engine.files import write_file
    from ruling_engine.incident.upgrade import upgrade_text
    from ruling_engine.incident.yaml_source import read_text
    try:
        text = read_text(file)
        new = upgrade_text(text, str(file))
        if in_place:
            write_file(Path(str(file) + ".orig"), text, "the original incident")
            write_file(file, new, "the upgraded incident", force=True)
            click.echo(f"upgraded {file} (the original is {file}.orig)")
        elif out:
            write_file(out, new, "the upgraded incident", force=force)
            click.echo(f"wrote {out}")
        else:
            click.echo(new, nl=False)
    except FloorcallError as error:
        _fail(error)


@_command("""Rule on the independent casebook and count how many club-rulings agree with it.

The casebook (cases/casebook/, one file per floor call, from ../shared/casebook/) holds floor calls
whose expected rulings under all four clubs were written from the rulebooks by readers who had not
seen floorcall's rules. A club-ruling agrees when floorcall rules on each expected issue with the
expected outcome, the same kind of basis, one of the expected clauses and every expected effect.

\b
Examples:
  floorcall casebook                 the count, and each club-ruling that does not agree
  floorcall casebook --club gala     one club only
  floorcall casebook --case D101 -v  one case, with what agrees too
  floorcall casebook --clauses       per club, the normative clauses no independent call rests on
""")
@click.option("--club", "clubs", multiple=True, metavar="CLUB", help="Only these clubs' rulings.")
@click.option("--case", "cases_", multiple=True, metavar="ID", help="Only these cases (e.g. D101).")
@click.option("-v", "--verbose", is_flag=True, help="List the club-rulings that agree as well.")
@click.option("--clauses", "clauses", is_flag=True,
              help="Per club: how many normative clauses an independent call rests on (cites), and the others.")
def casebook(clubs, cases_, verbose, clauses):
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.locations import cases_dir
    from ruling_engine.rulings.agreement import casebook_tally, clauses_resting
    try:
        kb = load_knowledge()
        if clauses:
            rows = clauses_resting(kb, cases_dir(kb.root) / "casebook")
            for club, row in rows.items():
                if clubs and club not in clubs:
                    continue
                share = 100 * row["resting"] / row["normative"] if row["normative"] else 100
                click.echo(f"{club}: {row['resting']} of {row['normative']} normative clauses rest on an "
                           f"independent call ({share:.0f}%); none rests on:")
                click.echo(textwrap.fill(", ".join(row["missing"]) or "(every clause)", 96,
                                         initial_indent="    ", subsequent_indent="    "))
            return
        tally = casebook_tally(kb, cases_dir(kb.root) / "casebook", clubs, cases_)
    except FloorcallError as error:
        _fail(error)
    for v in tally.verdicts:
        if v.agrees and not verbose:
            continue
        mark = "agrees" if v.agrees else ("argued" if v.argued else "DIFFERS")
        click.echo(f"{v.case} {v.club:5} {mark}" + "".join(f"\n    {p}" for p in v.problems))
    click.echo(tally.line())


@_command("""List the bundled example incidents (the cases/ beside the knowledge base): file and title.

WORD shows only those whose file name or title mention it. Each is an ordinary incident file:
rule on one with `rule-on PATH`.
""")
@click.argument("word", required=False)
def cases(word):
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.locations import cases_dir
    from ruling_engine.render.safe import plain
    import yaml
    try:
        folder = cases_dir(load_knowledge().root)
    except FloorcallError as error:
        _fail(error)
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    shown = 0
    for path in sorted(folder.glob("*.yaml")):
        try:
            title = (yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}).get("title", "")
        except (OSError, UnicodeDecodeError, yaml.YAMLError, AttributeError):
            title = ""
        if word and word.lower() not in f"{path.name} {title}".lower():
            continue
        shown += 1
        click.echo(f"{plain(path)}\n    {plain(title)}")
    if not shown:
        _fail(FloorcallError(str(folder), None, f"a case mentioning {word!r}" if word else "example incidents",
                             "none", "run `floorcall cases` for the whole list" if word else ""))


def main_rule_on():
    """rule-on with options, --help, --version, completion (rule_on_cli.main takes the plain
    `rule-on FILE...` without importing click)."""
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
