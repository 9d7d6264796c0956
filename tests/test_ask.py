"""`floorcall ask`, driven as a floor person would: in a pseudo-terminal, and scripted."""
import os
import re
import sys
from pathlib import Path

import pexpect
import pytest
import yaml

from conftest import ROOT, run_cli

from ruling_engine.ask.questionnaire import Session

FLOORCALL = str(Path(sys.executable).parent / "floorcall")
DOWN, ENTER, SPACE = "\x1b[B", "\r", " "
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _spawn(*args, cwd):
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "80", "LINES": "40", "NO_COLOR": "1"}
    env.pop("FLOORCALL_HOUSE", None)
    return pexpect.spawn(FLOORCALL, ["ask", *args], cwd=str(cwd), env=env, encoding="utf-8",
                         dimensions=(40, 80), timeout=30)


class Floor:
    """Answers questions by field name, whatever order the questionnaire chooses."""

    def __init__(self, child, kb, house, answers):
        self.child, self.answers = child, answers
        self.session = Session(kb, house=house)
        self.texts = {}

    def _text_of(self, name):
        return self.session.question(name).text

    def answer_until_ruling(self, back_once_at=None):
        went_back = False
        while True:
            names = [n for n in self.answers if n not in self.session.answers]
            patterns = [re.escape(self._text_of(n)[:40]) for n in names] + [r"RULING \(\w+\): ([^\r\n]+)"]
            index = self.child.expect(patterns)
            if index == len(names):
                return ANSI.sub("", self.child.match.group(1)).strip()
            name = names[index]
            if name == back_once_at and not went_back:
                went_back = True
                self._choose(name, self._wrong(name))          # a wrong answer first...
                previous = name
                next_names = [n for n in self.answers if n not in self.session.answers]
                shown = self.child.expect([re.escape(self._text_of(n)[:40]) for n in next_names] + [r"RULING \("])
                self._go_back(next_names[shown] if shown < len(next_names) else None)   # ...then back, and answer again
                self.session.back()
                self.child.expect(re.escape(self._text_of(previous)[:40]))
            self._choose(name, self.answers[name])

    def _wrong(self, name):
        values = [v for v, _ in self.session.question(name).choices]
        return next(v for v in values if v != self.answers[name])

    def _choose(self, name, value):
        question = self.session.question(name)
        if question.kind in ("choice", "yesno", "seat"):
            values = [v for v, _ in question.choices] + (["unknown"] if question.allow_unknown else [])
            self.child.send(DOWN * values.index(value) + ENTER)
        elif question.kind == "menu":
            values = [v for v, _ in question.choices]
            for kind in value:
                self.child.send(DOWN * values.index(kind) + SPACE)
                self.child.send("\x1b[A" * values.index(kind))
            self.child.send(ENTER)
        elif question.kind == "actions":
            for line in value:
                self.child.expect("Action")
                self.child.sendline(line)
            self.child.expect("Action")
            self.child.sendline("")
        else:
            self.child.sendline(value)
        stored = value
        if question.kind == "seats":
            stored = [{"seat": int(s)} for s in value.split()]
        elif question.kind == "number":
            stored = int(value)
        self.session.answer(name, stored)

    def _go_back(self, name=None):
        question_line = self.child.after
        kind = self.session.question(name).kind if name else "choice"
        if kind not in ("choice", "yesno", "club", "menu", "seat", "actions", "hole_cards"):
            self.child.sendline("b")              # a typed answer: "b" goes back
        else:
            self.child.send("\x1b[A" + ENTER)    # "<- Back" is the last choice: one up from the top wraps to it
        return question_line


@pytest.fixture
def floor_answers():
    return {
        "happened": ["card_exposed"],
        "players": "2 4 6",
        "actions": [],
        "card_exposed.during": "deal",
        "card_exposed.by": "dealer",
        "card_exposed.count": "1",
        "card_exposed.owner_had_control": False,
        "card_exposed.deal_position": "1",
        "card_exposed.seen_by": "table",
        "card_exposed.seat": 2,
        "game.variant": "NLHE",
        "game.format": "cash",
        "street": "deal",
        "card_exposed.deliberate": False,
    }


def test_a_floor_person_answers_goes_back_and_saves_an_incident_rule_on_reproduces(kb, tmp_path, floor_answers):
    child = _spawn("--club", "fpc", cwd=tmp_path)
    floor = Floor(child, kb, "fpc", floor_answers)
    shown = floor.answer_until_ruling(back_once_at="card_exposed.by")
    child.expect("What next")
    child.send(ENTER)                                    # save
    child.expect("Save to file")
    child.sendline("")                                   # default name: incident.yaml
    child.expect("saved incident.yaml")
    child.expect("What next")
    child.send(DOWN * 2 + ENTER)                         # finish
    child.expect(pexpect.EOF)
    saved = tmp_path / "incident.yaml"
    data = yaml.safe_load(saved.read_text(encoding="utf-8"))
    exposed = [e["card_exposed"] for e in data["timeline"] if "card_exposed" in e]
    assert data["house"] == "fpc" and exposed[0]["by"] == "dealer"
    again = run_cli("rule-on", str(saved), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert shown[:60] in " ".join(again.stdout.split())
    # only questions some rule needs were asked: the title and notes were not
    assert "notes" not in data


def test_dont_know_gives_a_ruling_that_says_what_it_depends_on(kb, tmp_path, floor_answers):
    floor_answers["card_exposed.by"] = "unknown"
    child = _spawn("--club", "fpc", cwd=tmp_path)
    Floor(child, kb, "fpc", floor_answers).answer_until_ruling()
    child.expect("What next")
    text = ANSI.sub("", child.before)
    assert "card_exposed.by = dealer" in text and "card_exposed.by = player" in text
    child.sendcontrol("c")
    child.expect("Save the answers given so far")
    child.sendline("n")
    child.expect(pexpect.EOF)


def test_ctrl_c_offers_to_save_the_answers_so_far_and_they_resume(kb, tmp_path, floor_answers):
    child = _spawn("--club", "edp", cwd=tmp_path)
    floor = Floor(child, kb, "edp", {k: floor_answers[k] for k in ("happened", "players")})
    child.expect("What happened")
    floor._choose("happened", ["card_exposed"])
    child.expect("Which seats")
    floor._choose("players", "2 4 6")
    child.expect(r"\?")                                  # the next question is on screen
    child.sendcontrol("c")
    child.expect("Save the answers given so far")
    child.send(ENTER)
    child.expect("Save to file")
    child.sendline("\x15partial.yaml")                   # Ctrl-U clears the suggested name first
    child.expect("saved the answers so far to partial.yaml")
    child.expect(pexpect.EOF)
    saved = yaml.safe_load((tmp_path / "partial.yaml").read_text(encoding="utf-8"))
    assert saved["happened"] == ["card_exposed"] and [p["seat"] for p in saved["players"]] == [2, 4, 6]


def test_scripted_answers_when_stdin_is_not_a_terminal(tmp_path, floor_answers):
    answers = {"house": "fpc", **floor_answers, "players": [2, 4, 6]}
    path = tmp_path / "answers.yaml"
    path.write_text(yaml.safe_dump(answers), encoding="utf-8")
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


def test_scripted_answers_missing_a_needed_one_say_which(tmp_path, floor_answers):
    answers = {"house": "fpc", **floor_answers, "players": [2, 4, 6]}
    del answers["card_exposed.by"]
    path = tmp_path / "answers.yaml"
    path.write_text(yaml.safe_dump(answers), encoding="utf-8")
    done = run_cli("floorcall", "ask", "--answers", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "card_exposed.by" in done.stderr and "dealer" in done.stderr


def test_without_a_terminal_or_answers_it_explains(tmp_path):
    done = run_cli("floorcall", "ask", "--club", "edp")
    assert done.returncode == 2 and "--answers" in done.stderr
