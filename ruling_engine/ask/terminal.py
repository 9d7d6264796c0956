"""`floorcall ask` at the table: questionary prompts in a plain terminal, or an answers file.

The questions and their order come from ruling_engine/ask/questionnaire.py (the browser asks the
same ones); this module only shows them and reads the answers.
"""
from __future__ import annotations

from pathlib import Path

import click
import yaml

from ruling_engine.ask.answers import (AnswerError, load_answers, parse_action, parse_cards, parse_file_answer,
                                       parse_hole_cards, parse_players, parse_said, parse_value)
from ruling_engine.ask.questionnaire import DONE, Session, entry_words, event_entry, street_entry, when_words
from ruling_engine.errors import FloorcallError
from ruling_engine.files import save_with_fallback
from ruling_engine.incident.load import incident_text
from ruling_engine.incident.unknowns import UNKNOWN
from ruling_engine.render.output import render_text
from ruling_engine.render.safe import plain

BACK = "__back__"
DONT_KNOW = "__unknown__"
OLD_ANSWERS = ("happened", "actions", "street", "board")


class Quit(Exception):
    """The floor pressed Ctrl-C."""


# -- scripted: --answers FILE ------------------------------------------------------------------------
def run_scripted(kb, answers_file: Path, house: str | None, save: Path | None, force: bool, log=None):
    """Answer every question from the file: (the ruling as text, the file saved or None, the
    error that kept it from `save` or None). Missing answers are errors.

    An incident that cannot be saved where asked (a missing or read-only folder, a dangling
    symlink) is saved in floorcall's state folder instead, and the error says so.
    """
    given = load_answers(answers_file)
    session = Session(kb, house=house)
    prefill(session, given, str(answers_file), strict=True)
    try:
        report = session.report(log=log)
    except FloorcallError as error:
        raise _in_answers(error, given, str(answers_file), None) from None
    saved, error = write_incident(session, save, force=force) if save else (None, None)
    if log:
        log.record(session.incident_data(), report, house=session.answers["house"], source="ask")
    return render_text(report, when_words=lambda when: when_words(kb, when)), saved, error


def prefill(session: Session, given: dict, file: str, strict: bool) -> None:
    """Apply answers from a file in the order the questionnaire asks; strict: every needed one must be there."""
    old = [k for k in OLD_ANSWERS if k in given]
    if old and "timeline" not in given:
        raise FloorcallError(file, getattr(given, "line_of", lambda _k: None)(old[0]),
                             "answers with a `timeline:` list (what happened, in order)", f"`{old[0]}:`",
                             "answers files now give the hand as a timeline, as an incident file does; "
                             "see floorcall ask --help")
    unused = dict(given)
    last = None
    entries = list(given.get("timeline") or [])
    finished = strict or given.get("timeline_done") is True
    unused.pop("timeline", None)
    unused.pop("timeline_done", None)
    while True:
        try:
            question = session.next_question()
        except FloorcallError as error:      # the incident the answers describe, checked as a file
            raise _in_answers(error, given, file, last) from None
        if question is None:
            break
        if question.name == "next":
            if entries:
                entry = entries.pop(0)
                if not isinstance(entry, dict):
                    raise FloorcallError(file, None, "timeline entries as an incident file writes them",
                                         repr(entry), "e.g. - {seat: 3, said: call} or - flop: [Ks, 8d, 4c]")
                session.answer("next", entry)
                continue
            if not finished:
                return
            session.answer("next", DONE)
            continue
        if question.name not in unused:
            if question.name == "marked" or (question.allow_blank and strict):
                session.answer(question.name, [] if question.name == "marked" else None)
                continue
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
        try:
            session.answer(question.name, parse_file_answer(question, value, session.seats))
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
def run_interactive(kb, house: str | None, given: dict | None, given_file: str | None, log=None) -> int:
    import questionary
    session = Session(kb, house=house)
    if given:
        prefill(session, given, given_file or "answers", strict=False)
    click.echo("floorcall ask — answer with the arrow keys and Enter; Ctrl-C to stop.\n")
    try:
        while True:
            question = session.next_question()
            if question is None:
                try:
                    report = session.report(log=log)
                except FloorcallError as error:     # e.g. too many "Don't know" answers to rule every way
                    click.echo(f"  ! cannot rule yet: {plain(error.expected)}; found {plain(error.found)}. "
                               f"{plain(error.suggestion)} Going back one answer.")
                    session.back()
                    continue
                click.echo("\n" + render_text(report, when_words=lambda when: when_words(kb, when)))
                if _after_ruling(session, questionary, report, log):
                    return 0
                continue
            answer = _ask(question, session, questionary)
            if answer == BACK:
                session.back()
            else:
                session.answer(question.name, answer)
    except Quit:
        return _quit(session, questionary)


_NOT_STATED = "\x00not-stated"       # questionary's Choice takes value=None to mean "the label"


def _select(questionary, text, choices, default=None, instruction="(arrow keys, Enter)"):
    options = [questionary.Choice(label, value=_NOT_STATED if value is None else value) for value, label in choices]
    values = [value for value, _ in choices]
    start = options[values.index(default)] if default in values else None
    picked = _unsafe(questionary.select(text, choices=options, default=start, instruction=instruction))
    return None if picked == _NOT_STATED else picked


def _ask(question, session, questionary):
    can_go_back = session.can_go_back()
    earlier = session.previous_answer(question.name)
    if question.about:
        click.echo(f"  about: {plain(question.about)}")
    if question.kind in ("choice", "yesno", "club", "seat"):
        choices = list(question.choices)
        if question.allow_blank:
            choices.append((None, "Not stated / nobody in particular" if question.kind == "seat" else "Not stated"))
        if question.allow_unknown:
            choices.append((DONT_KNOW, "Don't know"))
        if can_go_back:
            choices.append((BACK, "<- Back"))
        picked = _select(questionary, question.text, choices, DONT_KNOW if earlier == UNKNOWN else earlier)
        return UNKNOWN if picked == DONT_KNOW else picked
    if question.kind == "next":
        return _ask_next(question, session, questionary)
    if question.kind == "marks":
        picked = _unsafe(questionary.checkbox(
            question.text, choices=[questionary.Choice(label, value=value) for value, label in question.choices],
            instruction="(space to tick, Enter when done)"))
        return picked
    if question.kind == "hole_cards":
        return _ask_hole_cards(question, session, questionary)
    while True:
        hint = []
        if question.allow_blank:
            hint.append(f"Enter = {(question.blank_label or 'not stated').lower()}")
        if question.allow_unknown:
            hint.append("? = don't know")
        if can_go_back:
            hint.append("b = back")
        default = "" if earlier in (None, UNKNOWN) else _as_typed(earlier)
        instruction = question.help or None
        if question.kind == "seats":
            instruction = "seat numbers, e.g. 2 4 7, or with stacks 2:150 4:80 7:200"
            default = " ".join(f"{p['seat']}" + (f":{p['stack']}" if p.get("stack") is not None else "")
                               for p in earlier or [])
        text = _unsafe(questionary.text(question.text + (f" ({', '.join(hint)})" if hint else ""),
                                        default=default, instruction=instruction))
        if can_go_back and text.strip().lower() == "b":
            return BACK
        try:
            if question.kind == "seats":
                return parse_players(text)
            if question.kind == "number" and question.allow_unknown and text.strip() == "?":
                return UNKNOWN
            return parse_value(question, text)
        except AnswerError as error:
            click.echo(f"  ! {error}")


def _ask_next(question, session, questionary):
    """What happened next: the kind of entry, then the entry itself."""
    if session.timeline:
        click.echo("  So far: " + "; ".join(plain(w) for w in session.timeline_words()))
    choices = list(question.choices) + ([(BACK, "<- Back")] if session.can_go_back() else [])
    kind = _select(questionary, question.text, choices)
    if kind in (BACK, DONE):
        return kind
    seats = session.seats
    while True:
        try:
            if kind == "action":
                text = _unsafe(questionary.text(
                    "Seat and what he did (b = back):",
                    instruction="SEAT [words] [= chips [words first | chips first | together | during motion]] [out of turn] "
                                "[heard by dealer | table | player | nobody] [could mean 4.5 or 450] [for the turn | river | ...] [in question], e.g. 2 bet 15 = 10 5, 7 = 10, 4 fold, "
                                "7 raise = 1 1 5 during motion"))
                if text.strip().lower() == "b":
                    return BACK
                return parse_action(text, seats)
            if kind == "street":
                streets = [(s, s.replace("-", " ")) for s in session.streets()]
                street = _select(questionary, "Which cards came (or which stage)?", streets + [(BACK, "<- Back")])
                if street == BACK:
                    return BACK
                text = _unsafe(questionary.text("The cards, if seen (Enter = not named):",
                                                instruction="e.g. Ks 8d 4c"))
                entry = street_entry(street, parse_cards(text) if text.strip() else None)
                if session.begins_next_hand(street):          # a later hand: its button (issue 22)
                    button = _unsafe(questionary.text("The next hand begins. Where was its button? (Enter = "
                                                      "moved on one seat)", instruction="a seat number")).strip()
                    if button:
                        if not button.isdigit():
                            raise AnswerError("The button is a seat number (or Enter: moved on one seat).")
                        body = entry[street]
                        entry = {street: {**({"cards": body} if isinstance(body, list) else {}), "button": int(button)}}
                return entry
            if kind == "said":
                text = _unsafe(questionary.text("Who said what (b = back):",
                                                instruction="SEAT: words, or dealer: words, floor: words; a question to "
                                                            "the floor: SEAT asks: words (about another player: SEAT "
                                                            "asks about SEAT: words); a player taking back what he "
                                                            "just declared: SEAT takes back: words; his own hand named "
                                                            "at showdown: SEAT names: words"))
                if text.strip().lower() == "b":
                    return BACK
                return parse_said(text, seats)
            return _ask_event(session, questionary)
        except AnswerError as error:
            click.echo(f"  ! {error}")


def _ask_event(session, questionary):
    groups = session.plan.event_groups
    title = _select(questionary, "What kind of thing happened?", [(t, t) for t, _ in groups] + [(BACK, "<- Back")])
    if title == BACK:
        return BACK
    kinds = dict(groups)[title]
    kind = _select(questionary, title, [(k, h) for k, h in kinds] + [(BACK, "<- Back")])
    if kind == BACK:
        return BACK
    return event_entry(kind)


def _ask_hole_cards(question, session, questionary) -> dict | None:
    click.echo(f"{question.text}\n  {question.help} Empty line to finish; b = back.")
    held = {}
    while True:
        text = _unsafe(questionary.text(f"Seat and cards {len(held) + 1}:"))
        if not text.strip():
            return held or None
        if text.strip().lower() == "b":
            return BACK
        try:
            held.update(parse_hole_cards([text], session.seats))
        except AnswerError as error:
            click.echo(f"  ! {error}")


def _after_ruling(session, questionary, report, log) -> bool:
    """Save, review or change answers, log, or finish. True when done."""
    logged = False
    while True:
        choices = [("save", "Save the incident as a file"), ("review", "Review the answers"),
                   ("back", "<- Back: change the last answer")]
        if log and not logged:
            choices.insert(0, ("log", "Record it in the ruling log"))
        choices.append(("finish", "Finish"))
        choice = _select(questionary, "What next?", choices)
        if choice == "finish":
            return True
        if choice == "save":
            _save(session, questionary, session.incident_data())
        if choice == "log":
            followed = _select(questionary, "What did the floor do?",
                               [(True, "Followed the house club's ruling"), (False, "Overruled it")])
            reason = "" if followed else _unsafe(questionary.text("Why was it overruled?"))
            number = log.record(session.incident_data(), report, house=session.answers["house"],
                                followed=followed, reason=reason, source="ask")
            click.echo(f"recorded as ruling {number} in {plain(log.path)}")
            logged = True
        if choice == "review":
            click.echo("\nWhat happened, in order:")
            for number, words in enumerate(session.timeline_words(), 1):
                click.echo(f"  {number}. {plain(words)}")
            for text, value in session.review():
                click.echo(f"  {plain(text)} — {plain(value)}")
            click.echo("")
        if choice == "back":
            session.back()
            return False


def _save(session, questionary, data: dict | None = None, answers_only: bool = False) -> None:
    default = "answers.yaml" if answers_only else "incident.yaml"
    while True:
        name = _unsafe(questionary.text("Save to file:", default=default))
        path = Path(name.strip() or default)
        if path.exists() and not _unsafe(questionary.confirm(f"{path} exists. Replace it?", default=False)):
            continue
        if answers_only:
            text = yaml.safe_dump(session.to_answers(), sort_keys=False, allow_unicode=True)
        else:
            text = incident_text(data)
        try:
            saved, error = save_with_fallback(path, text, "the answers" if answers_only else "the incident",
                                              force=path.exists())
        except FloorcallError as error:
            click.echo(f"  ! could not save: {plain(error.found)}. Here it is, to copy:\n")
            click.echo(plain(text, keep_newlines=True))
            return
        where = saved if error else path
        if error:
            click.echo(f"  ! could not save to {plain(path)}: {plain(error.found)}")
        if answers_only:
            click.echo(f"saved the answers so far to {plain(where)} (continue with: floorcall ask --answers {plain(where)})")
        else:
            click.echo(f"saved {plain(where)} (rule on it again with: rule-on {plain(where)})")
        return


def _quit(session, questionary) -> int:
    click.echo("\nStopped.")
    if session.can_go_back():
        try:
            if questionary.confirm("Save the answers given so far?", default=True).unsafe_ask():
                _save(session, questionary, answers_only=True)
        except (KeyboardInterrupt, Quit):
            pass
    return 130


def _unsafe(prompt):
    try:
        answer = prompt.unsafe_ask()
    except KeyboardInterrupt:
        raise Quit() from None
    return answer


def _as_typed(value) -> str:
    if isinstance(value, list):
        return " ".join(str(v) for v in value)
    return str(value)


__all__ = ["run_scripted", "run_interactive", "prefill", "write_incident", "entry_words"]
