"""`floorcall ask` at the table: questionary prompts in a plain terminal, or an answers file."""
from __future__ import annotations

from pathlib import Path

import click

from ruling_engine.ask.answers import AnswerError, load_answers, parse_action, parse_file_answer, parse_hole_cards, parse_value
from ruling_engine.errors import FloorcallError
from ruling_engine.files import save_with_fallback
from ruling_engine.render.safe import plain
from ruling_engine.incident.load import incident_text
from ruling_engine.ask.questionnaire import Session
from ruling_engine.render.output import render_text
from ruling_engine.incident.unknowns import UNKNOWN

BACK = "__back__"
DONT_KNOW = "__unknown__"


class Quit(Exception):
    """The floor pressed Ctrl-C."""


# -- scripted: --answers FILE ------------------------------------------------------------------------
def run_scripted(kb, answers_file: Path, house: str | None, save: Path | None, force: bool):
    """Answer every question from the file: (the ruling as text, the file saved or None, the
    error that kept it from `save` or None). Missing answers are errors.

    An incident that cannot be saved where asked (a missing or read-only folder, a dangling
    symlink) is saved in floorcall's state folder instead, and the error says so.
    """
    given = load_answers(answers_file)
    session = Session(kb, house=house)
    prefill(session, given, str(answers_file), strict=True)
    try:
        report = session.report()
    except FloorcallError as error:
        raise _in_answers(error, given, str(answers_file), None) from None
    saved, error = write_incident(session, save, force=force) if save else (None, None)
    return render_text(report), saved, error


def prefill(session: Session, given: dict, file: str, strict: bool) -> None:
    """Apply answers from a file in the order the questionnaire asks; strict: every needed one must be there."""
    unused = dict(given)
    last = None
    while True:
        try:
            question = session.next_question()
        except FloorcallError as error:      # the incident the answers describe, checked as a file
            raise _in_answers(error, given, file, last) from None
        if question is None:
            break
        if question.name not in unused:
            if not strict:
                return
            hint = f"add `{question.name}: ...`"
            if question.choices:
                hint += " — one of " + ", ".join(str(v) for v, _ in question.choices)
            if question.allow_unknown:
                hint += ", or unknown"
            raise FloorcallError(file, None, f"an answer to `{question.name}` ({question.text})", "none", hint)
        value = unused.pop(question.name)
        last = question.name
        seats = [p["seat"] for p in session.answers.get("players", [])]
        try:
            session.answer(question.name, parse_file_answer(question, value, seats))
        except AnswerError as error:
            line = getattr(given, "line_of", lambda _k: None)(question.name)
            raise FloorcallError(file, line, f"an answer to `{question.name}` ({question.text})",
                                 repr(value), str(error)) from None


def _in_answers(error: FloorcallError, given, file: str, last: str | None) -> FloorcallError:
    """An error in the incident built from an answers file, told about the answers file: the
    line of the answer that made it (the one given last), not of an incident nobody wrote."""
    if error.file != "<questionnaire>":
        return error
    line = getattr(given, "line_of", lambda _k: None)(last) if last else None
    where = f" (in the answer to `{last}`)" if last else ""
    return FloorcallError(file, line, error.expected + where, error.found, error.suggestion)


def write_incident(session: Session, path: Path, force: bool = False, title: str | None = None):
    """Save the incident: (the file written, None), or (the fallback file, the error) when it
    could not go where asked. An existing file without --force is an error (nothing is lost)."""
    return save_with_fallback(path, incident_text(session.incident_data(title)), "the incident", force=force)


# -- interactive ------------------------------------------------------------------------------------
def run_interactive(kb, house: str | None, given: dict | None, given_file: str | None) -> int:
    import questionary
    session = Session(kb, house=house)
    if given:
        prefill(session, given, given_file or "answers", strict=False)
    click.echo("floorcall ask — answer with the arrow keys and Enter; Ctrl-C to stop.\n")
    try:
        while True:
            question = session.next_question()
            if question is None:
                report = session.report()
                click.echo("\n" + render_text(report))
                if _after_ruling(session, questionary):
                    return 0
                continue
            answer = _ask(question, session, questionary)
            if answer == BACK:
                session.back()
            else:
                session.answer(question.name, answer)
    except Quit:
        return _quit(session, questionary)


def _ask(question, session, questionary):
    can_go_back = bool(session.order)
    if question.kind in ("choice", "yesno", "club", "menu", "seat"):
        choices = [questionary.Choice(label, value=value) for value, label in question.choices]
        if question.kind == "menu":
            picked = _unsafe(questionary.checkbox(
                question.text, choices=choices, instruction="(space to mark, Enter when done)",
                validate=lambda v: bool(v) or "mark at least one"))
            return picked
        if question.allow_unknown:
            choices.append(questionary.Choice("Don't know", value=DONT_KNOW))
        if can_go_back:
            choices.append(questionary.Choice("<- Back", value=BACK))
        picked = _unsafe(questionary.select(question.text, choices=choices, instruction="(arrow keys, Enter)"))
        return UNKNOWN if picked == DONT_KNOW else picked
    if question.kind == "actions":
        return _ask_actions(question, session, questionary)
    if question.kind == "hole_cards":
        return _ask_hole_cards(question, session, questionary)
    while True:
        text = _unsafe(questionary.text(question.text + (" (b = back)" if can_go_back else ""),
                                        instruction=question.help or None))
        if can_go_back and text.strip().lower() == "b":
            return BACK
        try:
            if question.kind == "seats":
                from ruling_engine.ask.answers import parse_players
                return parse_players(text)
            return parse_value(question, text)
        except AnswerError as error:
            click.echo(f"  ! {error}")


def _ask_actions(question, session, questionary) -> list:
    seats = [p["seat"] for p in session.answers.get("players", [])]
    click.echo(f"{question.text}\n  {question.help}")
    actions = []
    while True:
        text = _unsafe(questionary.text(f"Action {len(actions) + 1}:"))
        if not text.strip():
            return actions
        if text.strip().lower() == "b":
            if actions:
                actions.pop()
                continue
            return BACK
        try:
            actions.append(parse_action(text, seats))
        except AnswerError as error:
            click.echo(f"  ! {error}")


def _ask_hole_cards(question, session, questionary) -> dict:
    seats = [p["seat"] for p in session.answers.get("players", [])]
    click.echo(f"{question.text}\n  {question.help}")
    held = {}
    while True:
        text = _unsafe(questionary.text(f"Seat and cards {len(held) + 1}:"))
        if not text.strip():
            return held
        if text.strip().lower() == "b":
            return BACK
        try:
            held.update(parse_hole_cards([text], seats))
        except AnswerError as error:
            click.echo(f"  ! {error}")


def _after_ruling(session, questionary) -> bool:
    """Save, review or change answers, or finish. True when done."""
    while True:
        choice = _unsafe(questionary.select("What next?", choices=[
            questionary.Choice("Save the incident as a file", value="save"),
            questionary.Choice("Review or change an answer", value="change"),
            questionary.Choice("Finish", value="finish")]))
        if choice == "finish":
            return True
        if choice == "save":
            _save(session, questionary, session.incident_data())
        if choice == "change":
            names = [n for n in session.order if n != "house" or len(session.order) > 1]
            labels = [questionary.Choice(f"{session.question(n).text} — {_show(session.answers[n])}", value=n)
                      for n in names]
            labels.append(questionary.Choice("<- Back to the ruling", value=BACK))
            name = _unsafe(questionary.select("Which answer?", choices=labels))
            if name == BACK:
                continue
            answer = _ask(session.question(name), session, questionary)
            if answer != BACK:
                session.answer(name, answer)
            return False


def _save(session, questionary, data: dict | None = None, answers_only: bool = False) -> None:
    default = "answers.yaml" if answers_only else "incident.yaml"
    while True:
        name = _unsafe(questionary.text("Save to file:", default=default))
        path = Path(name.strip() or default)
        if path.exists() and not _unsafe(questionary.confirm(f"{path} exists. Replace it?", default=False)):
            continue
        if answers_only:
            import yaml
            text = yaml.safe_dump(_plain_answers(session), sort_keys=False)
        else:
            text = incident_text(data)
        try:
            saved, error = save_with_fallback(path, text, "the answers" if answers_only else "the incident",
                                              force=path.exists())
        except FloorcallError as error:
            click.echo(f"  ! could not save: {plain(error.found)}. Here it is, to copy:\n")
            click.echo(plain(text, keep_newlines=True))
            return
        if error:
            click.echo(f"  ! could not save to {plain(path)}: {plain(error.found)}")
        if answers_only:
            click.echo(f"saved the answers so far to {plain(saved if error else path)} "
                       f"(continue with: floorcall ask --answers {plain(saved if error else path)})")
        else:
            click.echo(f"saved {plain(saved if error else path)} (rule on it again with: rule-on {plain(saved if error else path)})")
        return


def _quit(session, questionary) -> int:
    click.echo("\nStopped.")
    if len(session.order) > (1 if "house" in session.order else 0):
        try:
            if questionary.confirm("Save the answers given so far?", default=True).unsafe_ask():
                _save(session, questionary, answers_only=True)
        except (KeyboardInterrupt, Quit):
            pass
    return 130


def _plain_answers(session) -> dict:
    return {name: session.answers[name] for name in session.order}


def _unsafe(prompt):
    try:
        answer = prompt.unsafe_ask()
    except KeyboardInterrupt:
        raise Quit() from None
    return answer


def _show(value) -> str:
    if value is True:
        return "yes"
    if value is False:
        return "no"
    if isinstance(value, list):
        return f"{len(value)} item(s)"
    return str(value)
