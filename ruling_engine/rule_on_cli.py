"""`rule-on`, without click: the ruling of incident files printed as the command line prints them.

`rule-on FILE...` (files, folders, `-`) is what the floor types at the table, so its entry point
(`main`) does that without importing click, a quarter of a cold start; anything else (an option,
--help, --version, shell completion, a terminal whose encoding is not UTF-8) goes to cli.py's
click command, which calls `rule_on_files` here with click's echo. The output is the same.
"""
from __future__ import annotations

import codecs
import json
import os
import sys
from pathlib import Path

from ruling_engine.errors import FloorcallError, did_you_mean


def error_text(error: FloorcallError) -> str:
    """The error's text with every part made plain: a file name or a value from the file cannot
    forge a line or send an escape code to the terminal."""
    import dataclasses
    from ruling_engine.render.safe import plain
    safe = dataclasses.replace(error, **{name: plain(getattr(error, name))
                                         for name in ("file", "expected", "found", "suggestion")})
    return f"error: {safe}"


def _incident_files(names) -> list:
    """The incident files the arguments name, in order: files as given, a folder's *.yaml (sorted),
    '-' for standard input. A missing folder's or an empty folder's problem is an error entry."""
    out = []
    for name in names:
        path = Path(name)
        if name != "-" and path.is_dir():
            found = sorted(p for p in path.glob("*.yaml") if p.is_file())
            if not found:
                out.append(FloorcallError(name, None, "a folder holding incident files (*.yaml)",
                                          "no .yaml file in it"))
            out.extend(found)
        else:
            out.append(name if name == "-" else path)
    return out


def _rule_one(source, kb, club, log=None):
    from ruling_engine.incident.load import load_incident, parse_incident_text
    from ruling_engine.rulings.rule_on import rule_incident
    if source != "-":
        incident = load_incident(source, kb.vocabulary, kb.clubs)
        report = rule_incident(incident, kb, club, log=log)
        if log is not None:
            log.record(incident.data, report, house=report.house, source="rule-on")
        return report
    from ruling_engine.incident.yaml_source import read_limited
    text = read_limited(sys.stdin.buffer, "<stdin>")
    if not text.strip():
        raise FloorcallError("<stdin>", None, "an incident (YAML) on standard input", "nothing",
                             "pipe a file in: rule-on - < incident.yaml")
    incident = parse_incident_text(text, "<stdin>", kb.vocabulary, kb.clubs)
    report = rule_incident(incident, kb, club, log=log)
    if log is not None:
        log.record(incident.data, report, house=report.house, source="rule-on")
    return report


def open_log(log: bool, db):
    """The ruling log asked for with --log (the --db file, else $FLOORCALL_DB, else the state folder's)."""
    if not log and not db:
        return None
    from ruling_engine.rulings.log import RulingLog
    try:
        return RulingLog(db)
    except (OSError, Exception) as error:  # noqa: BLE001 - sqlite3.Error and OSError alike
        raise FloorcallError(str(db or "--log"), None, "a ruling log file floorcall can create and write",
                             f"{type(error).__name__}: {error}", "give another file with --db") from None


def rule_on_files(files, club, fmt, explain, echo, log=False, db=None):
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.render.output import render_json, render_markdown, render_text, to_dict
    from ruling_engine.render.safe import code_span, plain
    try:
        kb = load_knowledge()
        if club and club not in kb.clubs:
            raise FloorcallError("--club", None, "a club short name", repr(club), did_you_mean(club, kb.clubs))
        ruling_log = open_log(log, db)
    except FloorcallError as error:
        echo(error_text(error), err=True)
        sys.exit(2)
    sources = _incident_files(files)
    several = len(sources) > 1 or len(files) > 1
    if sum(source == "-" for source in sources) > 1:
        echo(error_text(FloorcallError("-", None, "standard input named once", "'-' more than once")), err=True)
        sys.exit(2)
    bad, internal, as_json = 0, 0, []
    for source in sources:
        try:
            if isinstance(source, FloorcallError):
                raise source
            report = _rule_one(source, kb, club, ruling_log)
        except FloorcallError as error:
            bad += 1
            echo(error_text(error), err=True)
            continue
        except Exception as exc:  # noqa: BLE001 - one file's internal error must not stop the others
            internal += 1
            echo(plain(f"internal error: {source}: {type(exc).__name__}: {exc} "
                             "(please report it with the incident file)"), err=True)
            continue
        if fmt == "json":
            if several:
                as_json.append(to_dict(report))
            else:
                echo(render_json(report))
            _warn(report, echo)
            continue
        if several:
            name = "<stdin>" if source == "-" else str(source)
            echo(f"==> {plain(name)} <==" if fmt == "text" else f"**File:** {code_span(name)}\n")
        echo(render_markdown(report, explain) if fmt == "markdown" else
             render_text(report, explain, when_words=lambda when: _when_words(kb, when)), nl=False)
        _warn(report, echo)         # after the ruling, where they are read (stderr, in order as before)
        if several:
            echo("")
    if as_json:
        from ruling_engine.render.safe import json_safe
        echo(json_safe(json.dumps(as_json, indent=2, ensure_ascii=False)))     # escaped as one file's JSON is
    if bad or internal:
        if several:
            echo(f"{len(sources) - bad - internal} of {len(sources)} incident(s) ruled; "
                       f"{bad + internal} could not be (above)", err=True)
        sys.exit(2 if bad else 1)


def _warn(report, echo) -> None:
    """The report's warnings on stderr, each made plain."""
    from ruling_engine.render.safe import plain
    for warning in report.warnings:
        echo(plain(f"warning: {warning}"), err=True)


def _echo(message: str = "", nl: bool = True, err: bool = False) -> None:
    stream = sys.stderr if err else sys.stdout
    stream.write(message + ("\n" if nl else ""))
    stream.flush()


def _plain_call(args: list) -> bool:
    """Only file names (or `-`), on UTF-8 streams, without shell completion: no click needed."""
    if not args or any(a.startswith("-") and a != "-" for a in args) or "_RULE_ON_COMPLETE" in os.environ:
        return False
    try:
        return all(codecs.lookup(s.encoding or "").name == "utf-8" for s in (sys.stdout, sys.stderr))
    except (LookupError, AttributeError):
        return False


def main() -> None:
    args = sys.argv[1:]
    if not _plain_call(args):
        from cli import main_rule_on
        main_rule_on()
        return
    try:
        rule_on_files(args, None, "text", False, _echo)
    except SystemExit:
        raise
    except BrokenPipeError:                 # `rule-on x.yaml | head`: the reader left, as click does
        sys.stdout = open(os.devnull, "w")
        sys.exit(1)
    except KeyboardInterrupt:
        _echo("Aborted!", err=True)
        sys.exit(1)
    except FloorcallError as error:
        _echo(error_text(error), err=True)
        sys.exit(2)
    except Exception as exc:  # noqa: BLE001 - last line of defence for the user's terminal
        from ruling_engine.render.safe import plain
        _echo(plain(f"internal error: {type(exc).__name__}: {exc} (please report it with the incident file)"), err=True)
        sys.exit(1)


def _when_words(kb, when) -> str:
    """A 'depends' branch's answers in the questionnaire's words (imported only when one is shown)."""
    from ruling_engine.ask.questionnaire import when_words
    return when_words(kb, when)


def console() -> None:
    """The `rule-on` command: main(), then, its output flushed, the process ends without tearing
    the interpreter down (freeing every object it is about to give back to the system: 8 ms, a
    tenth of a cold run). Anything unusual (an exit with a message, a failed flush) ends as usual.

    A plain call imports what it needs and reads the knowledge base with the cyclic garbage
    collector paused (tens of thousands of new objects and no garbage: a twentieth of the run
    was spent collecting), then freezes those objects out of its sight for the rulings, and lets
    the rulings make more objects between collections."""
    if _plain_call(sys.argv[1:]):
        import gc
        gc.disable()
        try:
            from ruling_engine.knowledge.load import load_knowledge
            import ruling_engine.incident.load  # noqa: F401
            import ruling_engine.render.output  # noqa: F401
            import ruling_engine.rulings.rule_on  # noqa: F401
            load_knowledge()        # kept (lru_cache): main() rules with it
        except Exception:  # noqa: BLE001 - main() meets the same problem and reports it as always
            pass
        finally:
            gc.enable()
            gc.freeze()
            # A long timeline is tens of thousands of small objects, nearly none of them garbage:
            # the collector's default pace spent a fifth of the ruling of a 10,000-entry timeline
            # walking them. Collect less often (memory stays bounded: the limits cap the file).
            gc.set_threshold(100_000, 20, 20)
    try:
        main()
        code = 0
    except SystemExit as exit:
        if exit.code is not None and type(exit.code) is not int:
            raise
        code = exit.code or 0
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except Exception:  # noqa: BLE001 - e.g. the reader of a pipe left: the usual exit deals with it
        sys.exit(code)
    os._exit(code)
