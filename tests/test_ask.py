"""`floorcall ask`, driven as a floor person would: in a pseudo-terminal (one walk-through and one
Ctrl-C), and scripted."""
import os
import re
import stat
import sys
from pathlib import Path

import pexpect
import pytest
import yaml

from conftest import run_cli

from ruling_engine.ask.questionnaire import DONE, Session, event_entry, street_entry

FLOORCALL = str(Path(sys.executable).parent / "floorcall")
DOWN, UP, ENTER, SPACE = "\x1b[B", "\x1b[A", "\r", " "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _spawn(*args, cwd):
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "LINES": "40", "NO_COLOR": "1",
           "PROMPT_TOOLKIT_NO_CPR": "1"}       # no cursor-position query to wait on (a pty answers none)
    env.pop("FLOORCALL_HOUSE", None)
    return pexpect.spawn(FLOORCALL, ["ask", *args], cwd=str(cwd), env=env, encoding="utf-8",
                         dimensions=(40, 100), timeout=30)


FIELDS = {"game.variant": "NLHE", "game.format": "cash", "card_exposed.by": "dealer",
          "card_exposed.during": "deal", "card_exposed.count": "1", "card_exposed.seat": 2,
          "card_exposed.deal_position": "1", "card_exposed.owner_had_control": False,
          "card_exposed.players_card": "1", "card_exposed.seen_by": "table", "card_exposed.deliberate": False,
          "game.blinds": "1/2", "button": 6}
TIMELINE = [street_entry("deal"), event_entry("card_exposed"), DONE]


class Floor:
    """Answers the questions the questionnaire asks, in whatever order it asks them; a Session
    alongside says which question is on screen."""

    def __init__(self, child, kb, house):
        self.child = child
        self.session = Session(kb, house=house)
        self.timeline = list(TIMELINE)

    def expect_question(self):
        question = self.session.next_question()
        if question is not None:
            self.child.expect(re.escape(question.text[:40]))
        return question

    def select(self, question, value, options):
        """Move from where the cursor starts (the earlier answer, else the top) to `value`."""
        values = [v for v, _ in options]
        earlier = self.session.previous_answer(question.name) if question else None
        start = values.index(earlier) if earlier in values else 0
        moves = values.index(value) - start
        self.child.send((DOWN * moves if moves >= 0 else UP * -moves) + ENTER)

    def options(self, question):
        options = list(question.choices)
        if question.allow_blank:
            options.append((None, "not stated"))
        if question.allow_unknown:
            options.append(("__unknown__", "Don't know"))
        if self.session.can_go_back():
            options.append(("__back__", "Back"))
        return options

    def answer(self, question, value=None):
        s = self.session
        if question.name == "players":
            self.child.sendline("2 4 6")
            s.answer("players", [{"seat": 2}, {"seat": 4}, {"seat": 6}])
            return
        if question.name == "next":
            entry = self.timeline.pop(0)
            if entry == DONE:
                self.select(None, DONE, list(question.choices) + [("__back__", "")])
                s.answer("next", DONE)
                return
            kind = "street" if "deal" in entry else "event"
            self.select(None, kind, list(question.choices) + [("__back__", "")])
            if kind == "street":
                self.child.expect("Which cards came")
                self.child.send(ENTER)                     # deal: the first street offered
                self.child.expect("The cards, if seen")
                self.child.sendline("")
            else:
                self.child.expect("What kind of thing happened")
                self.child.send(ENTER)                     # the first group: cards, hands and the deal
                self.child.expect("A card was exposed")
                self.child.send(ENTER)
            s.answer("next", entry)
            return
        value = FIELDS.get(question.name) if value is None else value
        if question.kind in ("choice", "yesno", "seat", "club"):
            if value is None:
                value = None if question.allow_blank else question.choices[0][0]
            self.select(question, value, self.options(question))
            s.answer(question.name, "unknown" if value == "__unknown__" else value)
            return
        if question.kind == "marks":
            self.child.send(ENTER)
            s.answer(question.name, [])
            return
        self.child.sendline("\x15" + ("" if value is None else str(value)))     # Ctrl-U clears a default
        typed = [1, 2] if question.name == "game.blinds" else None if value is None else int(value)
        s.answer(question.name, typed)

    def go_back(self, question):
        self.select(question, "__back__", self.options(question))
        self.session.back()

    def until_ruling(self, back_once_at=None, unknown_at=None):
        went_back = False
        while True:
            question = self.expect_question()
            if question is None:
                self.child.expect(r"RULING \((\w+)\): ([^\r\n]+)")
                return ANSI.sub("", self.child.match.group(2)).strip()
            if question.name == unknown_at:
                self.answer(question, "__unknown__")
                continue
            if question.name == back_once_at and not went_back:
                went_back = True
                wrong = next(v for v, _ in question.choices if v != FIELDS[question.name])
                self.answer(question, wrong)                 # a wrong answer first...
                following = self.expect_question()
                self.go_back(following)                     # ...then back: the earlier answer is offered
                assert self.expect_question().name == question.name
            self.answer(question)


def test_a_floor_person_answers_goes_back_and_saves_an_incident_rule_on_reproduces(kb, tmp_path):
    child = _spawn("--club", "fpc", cwd=tmp_path)
    floor = Floor(child, kb, "fpc")
    shown = floor.until_ruling(back_once_at="card_exposed.by", unknown_at="card_exposed.seen_by")
    child.expect("What next")
    child.send(DOWN + ENTER)                             # review
    child.expect("What happened, in order")
    child.expect("What next")
    review = ANSI.sub("", child.before)
    assert "A card was exposed" in review and "item(s)" not in review
    assert "Who exposed the card: the dealer or the player? — Dealer" in " ".join(review.split())
    child.send(ENTER)                                    # save
    child.expect("Save to file")
    child.sendline("")                                   # default name: incident.yaml
    child.expect("saved incident.yaml")
    child.expect("What next")
    child.send(DOWN * 3 + ENTER)                         # finish
    child.expect(pexpect.EOF)
    data = yaml.safe_load((tmp_path / "incident.yaml").read_text(encoding="utf-8"))
    exposed = [e["card_exposed"] for e in data["timeline"] if "card_exposed" in e]
    assert data["house"] == "fpc" and exposed[0]["by"] == "dealer" and exposed[0]["seen_by"] == "unknown"
    assert data["game"]["format"] == "cash"              # asked first, fpc's own format (tournament) offered first
    again = run_cli("rule-on", str(tmp_path / "incident.yaml"), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert shown[:60] in " ".join(again.stdout.split())
    assert "notes" not in data                           # only what some rule needs was asked


def test_ctrl_c_offers_to_save_the_answers_so_far_and_they_resume(kb, tmp_path):
    child = _spawn("--club", "edp", cwd=tmp_path)
    floor = Floor(child, kb, "edp")
    for _ in range(4):                                   # format, variant, seats, the deal
        floor.answer(floor.expect_question())
    floor.expect_question()                              # "what happened next?" is on screen
    child.sendcontrol("c")
    child.expect("Save the answers given so far")
    child.send(ENTER)
    child.expect("Save to file")
    child.sendline("\x15partial.yaml")
    child.expect("saved the answers so far to partial.yaml")
    child.expect(pexpect.EOF)
    saved = yaml.safe_load((tmp_path / "partial.yaml").read_text(encoding="utf-8"))
    assert [p["seat"] for p in saved["players"]] == [2, 4, 6] and saved["timeline"] == [{"deal": None}]
    from ruling_engine.ask.terminal import prefill
    resumed = Session(kb, house="edp")
    prefill(resumed, saved, "partial.yaml", strict=False)
    assert resumed.next_question().name == "next" and resumed.timeline == [{"deal": None}]


def _answers(tmp_path, **changes):
    answers = {"house": "fpc", "game.format": "tournament", "game.variant": "NLHE", "players": [2, 4, 6],
               "timeline": [{"deal": None}, {"card_exposed": {}}],
               **{k: (int(v) if isinstance(v, str) and v.isdigit() else v) for k, v in FIELDS.items()
                  if k.startswith("card_exposed")}, "game.blinds": "1/2", "button": 6}
    answers.update(changes)
    path = tmp_path / "answers.yaml"
    path.write_text(yaml.safe_dump({k: v for k, v in answers.items() if v is not None}), encoding="utf-8")
    return path


def test_scripted_answers_when_stdin_is_not_a_terminal(tmp_path):
    path = _answers(tmp_path)
    done = run_cli("floorcall", "ask", "--answers", str(path), "--save", str(tmp_path / "out.yaml"))
    assert done.returncode == 0, done.stderr
    assert "RULING (fpc)" in done.stdout
    import jsonschema
    from ruling_engine.knowledge.load import load_knowledge
    from ruling_engine.knowledge.schema import incident_schema
    jsonschema.validate(yaml.safe_load((tmp_path / "out.yaml").read_text(encoding="utf-8")),
                        incident_schema(load_knowledge()))
    again = run_cli("rule-on", str(tmp_path / "out.yaml"))
    assert again.stdout.split("\n", 2)[2] == done.stdout.split("\n", 2)[2].replace(f"saved {tmp_path / 'out.yaml'}\n", "")
    refused = run_cli("floorcall", "ask", "--answers", str(path), "--save", str(tmp_path / "out.yaml"))
    assert refused.returncode == 2 and "--force" in refused.stderr


def test_scripted_answers_missing_a_needed_one_say_which(tmp_path):
    path = _answers(tmp_path, **{"card_exposed.by": None})
    done = run_cli("floorcall", "ask", "--answers", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "card_exposed.by" in done.stderr and "dealer" in done.stderr


def test_an_old_answers_file_is_a_clear_error(tmp_path):
    path = tmp_path / "old.yaml"
    path.write_text(yaml.safe_dump({"house": "edp", "happened": ["card_exposed"], "players": [2, 4]}), encoding="utf-8")
    done = run_cli("floorcall", "ask", "--answers", str(path))
    assert done.returncode == 2 and "timeline" in done.stderr and "Traceback" not in done.stderr


def test_ask_log_writes_the_ruling_log(tmp_path):
    path = _answers(tmp_path)
    db = tmp_path / "log.sqlite3"
    done = run_cli("floorcall", "ask", "--answers", str(path), "--log", "--db", str(db))
    assert done.returncode == 0, done.stderr
    again = run_cli("rule-on", "--log", "--db", str(db), str(Path(__file__).parent.parent / "cases" /
                                                               "exposed-first-card-deal.yaml"))
    assert again.returncode == 0 and "Earlier rulings in the log: #1" in again.stdout
    from ruling_engine.rulings.log import RulingLog
    log = RulingLog(db)
    assert [c["source"] for c in log.recent()] == ["rule-on", "ask"]
    assert stat.S_IMODE(os.stat(db).st_mode) == 0o600


@pytest.mark.parametrize("where", ["missing", "read-only", "dangling"])
def test_save_where_it_cannot_go_keeps_the_incident_elsewhere(tmp_path, where):
    path = _answers(tmp_path)
    if where == "missing":
        target = tmp_path / "no" / "such" / "folder" / "out.yaml"
    elif where == "read-only":
        folder = tmp_path / "ro"
        folder.mkdir()
        folder.chmod(0o500)
        target = folder / "out.yaml"
    else:
        target = tmp_path / "link.yaml"
        target.symlink_to(tmp_path / "nowhere" / "x.yaml")
    env = {**os.environ, "XDG_STATE_HOME": str(tmp_path / "state")}
    done = run_cli("floorcall", "ask", "--answers", str(path), "--save", str(target), env=env)
    if where == "read-only" and os.geteuid() == 0:
        pytest.skip("root writes into a read-only folder")
    assert done.returncode == 2 and "saved to" in done.stderr
    kept = list((tmp_path / "state" / "floorcall" / "unsaved").glob("*"))
    assert len(kept) == 1 and "card_exposed" in kept[0].read_text(encoding="utf-8")
    assert not (tmp_path / "nowhere").exists()


def test_without_a_terminal_or_answers_it_explains(tmp_path):
    done = run_cli("floorcall", "ask", "--club", "edp")
    assert done.returncode == 2 and "--answers" in done.stderr
