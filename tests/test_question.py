"""A question put to the floor as the point (issue 22): "may I re-raise?", "does the card play?".
The question is read (who asks, about what), ruled on the hand as it stood when he asked, and each
club's answer opens with the question's answer read from its corrected hand."""
import json

import pytest

from ruling_engine.render.output import render_json, render_text
from ruling_engine.rulings.rule_on import rule_on

from conftest import CASES

NOTIONS = CASES / "notions"


def _questions(report, club):
    return report.answers[club].now.get("questions") or []


@pytest.mark.parametrize("words, about", [
    ("May I re-raise?", "raise"), ("Can I raise? I want to make it two thousand.", "raise"),
    ("Can I go all in now?", "all-in"), ("Does the card play?", "card"), ("Must I show my cards?", "show"),
    ("Is a second fee due?", "fee"), ("Who gets the button?", "button"), ("Can I just call?", "call"),
    ("Is that right?", None)])
def test_question_subject_read_from_words(words, about):
    from ruling_engine.incident.said import read_question
    assert read_question(words) == about


def test_question_after_short_all_in_answered_by_each_clubs_reopening_clause(kb):
    """Seat 3 limped, a short all-in follows: EDP 8-19 and Gala house O say no, FPC 41-4 and PPL
    7-2 (over half a raise) say yes — with the amounts from the corrected hand."""
    report = rule_on(NOTIONS / "question-to-floor.yaml", kb=kb)
    assert [p.kind for p in report.points] == ["question"]
    answers = {club: _questions(report, club)[0] for club in report.answers}
    assert answers["edp"]["answer"] == "no" and "edp.8-19" in answers["edp"]["clauses"]
    assert answers["gala"]["answer"] == "no"
    assert answers["fpc"]["answer"] == "yes" and answers["fpc"]["min_raise_to"] == 1100
    assert answers["ppl"]["answer"] == "yes"
    assert all(a["call"] == 300 for a in answers.values())
    text = render_text(report)
    assert "Seat 3 asked “Can I raise?” (line 17): No: seat 3 may call 300 or fold; he may not raise." in text


def test_question_by_player_yet_to_act_may_raise_under_every_club(kb):
    report = rule_on(NOTIONS / "question-to-floor-changed.yaml", kb=kb)
    for club in report.answers:
        (answer,) = _questions(report, club)
        assert (answer["seat"], answer["answer"], answer["call"]) == (1, "yes", 500), club


def test_question_about_a_card_asks_the_exposed_card_issue(kb):
    report = rule_on(NOTIONS / "question-card-plays.yaml", kb=kb)
    assert {r.issue for a in report.answers.values() for r in a.rulings} == {"exposed-card-deal"}
    fpc = _questions(report, "fpc")[0]
    assert fpc["answer"] == "misdeal" and fpc["clauses"] == ["fpc.23"]
    ppl = _questions(report, "ppl")[0]
    assert ppl["answer"] == "floor decides" and "ppl.league-53" in ppl["text"]     # silent: its discretion clause


def test_question_with_no_issue_is_answered_from_the_hand(kb, tmp_path):
    """A full raise in front of him: no club rule is asked, the hand answers (not "No irregularity")."""
    text = (NOTIONS / "question-to-floor.yaml").read_text(encoding="utf-8")
    text = text.replace("{seat: 6, stack: 700}", "{seat: 6, stack: 800}").replace("[500, 100, 100]", "[500, 100, 100, 100]")
    path = tmp_path / "full.yaml"
    path.write_text(text.split("\nexpected:")[0], encoding="utf-8")
    report = rule_on(path, kb=kb)
    assert report.issues == []
    out = " ".join(render_text(report).split())
    assert "Yes: seat 3 may call 400, raise to at least 1,200, or fold." in out
    assert "No irregularity recognised: the incident" not in out


def test_unreadable_question_is_named_in_a_warning(kb, tmp_path):
    text = (NOTIONS / "question-to-floor.yaml").read_text(encoding="utf-8").replace("Can I raise?", "Is that right?")
    path = tmp_path / "unread.yaml"
    path.write_text(text.split("\nexpected:")[0], encoding="utf-8")
    report = rule_on(path, kb=kb)
    assert any("“Is that right?” was not read" in w and ":17:" in w for w in report.warnings)
    data = json.loads(render_json(report))
    assert data["points"][0]["kind"] == "question" and data["clubs"]["edp"]["now"]["questions"][0]["answer"] == "not read"


def test_question_about_set_by_about_field_over_words(kb, tmp_path):
    text = (NOTIONS / "question-to-floor.yaml").read_text(encoding="utf-8").replace(
        'words: "Can I raise?", kind: question', 'words: "What can I do here?", kind: question, about: all-in')
    path = tmp_path / "about.yaml"
    path.write_text(text.split("\nexpected:")[0], encoding="utf-8")
    report = rule_on(path, kb=kb)
    edp = _questions(report, "edp")[0]
    assert edp["about"] == "all-in" and edp["answer"] == "no"
    assert "No: all in would be a raise" in edp["text"]


def test_floorcall_events_points_a_question_search_at_said(kb):
    from ruling_engine.knowledge.events import events_text
    out = events_text(kb, "question")
    assert 'kind: question, about: raise, in_question: true' in out
    assert "about: raise | all-in | call | check | card | show | button | fee" in events_text(kb, "said")


def test_questionnaire_writes_a_question_to_the_floor():
    """The terminal questionnaire: 'SEAT asks: words' is a question put to the floor, marked."""
    from ruling_engine.ask.answers import parse_said
    assert parse_said("3 asks: May I re-raise?", [1, 3]) == {
        "said": {"by": 3, "words": "May I re-raise?", "kind": "question", "in_question": True}}
    assert parse_said("3: I never saw it", [1, 3]) == {"said": {"by": 3, "words": "I never saw it"}}


def test_floor_app_asks_what_a_question_is_about_and_rules_it(kb, tmp_path):
    """The floor app: 'Someone said something' offers kind: question and what it is about, and the
    ruling page opens with the answer."""
    import re

    from ruling_engine.rulings.log import RulingLog
    from ruling_engine.serve.app import create_app
    client = create_app(kb, RulingLog(tmp_path / "log.sqlite3")).test_client()
    token = re.search(r'name="csrf" value="([^"]+)"', client.get("/club").get_data(as_text=True)).group(1)
    client.post("/club", data={"club": "edp", "csrf": token})
    client.post("/call/new", data={"csrf": token})
    answers = {"game.format": {"value": "tournament"}, "game.variant": {"value": "NLHE"},
               "players": {"seat_1": "1", "stack_1": "5000", "seat_2": "1", "stack_2": "6200", "seat_3": "1",
                           "stack_3": "8600", "seat_6": "1", "stack_6": "700", "seat_9": "1", "stack_9": "11300"}}
    timeline = [{"add": "1", "kind": "action", "seat": "3", "did": "call", "chips": "400"},     # seat 2 is the big blind
                {"add": "1", "kind": "action", "seat": "6", "said": "all in", "chips": "700"},
                {"add": "1", "kind": "action", "seat": "9", "said": "call", "chips": "700"},
                {"add": "1", "kind": "said", "by": "3", "words": "What can I do?", "in_question": "yes",
                 "x_kind": "question", "x_about": "raise"},
                {"kind": "done"}]
    form = ""
    for _ in range(60):
        page = client.get("/call")
        if page.status_code == 302:
            break
        text = page.get_data(as_text=True)
        name = re.search(r'name="name" value="([^"]+)"', text).group(1)
        if name in answers:
            data = answers[name]
        elif name == "next":
            if timeline[0]["kind"] == "said":
                form = client.get("/call?add=said").get_data(as_text=True)
            data = timeline.pop(0)
        elif name == "game.blinds":
            data = {"text": "200 400"}
        elif name == "button":
            data = {"value": "9"}
        elif 'value="__blank__"' in text:
            data = {"value": "__blank__"}
        elif 'value="__unknown__"' in text:
            data = {"value": "__unknown__"}
        else:
            data = {"text": ""}
        client.post("/call/answer", data={"csrf": token, "name": name, **data})
    assert form and 'name="x_about"' in form and 'value="question"' in form     # the said form's details
    done = client.post("/call/rule", data={"csrf": token, "table": "1", "floor_person": "A"})
    ruling = " ".join(client.get(done.location).get_data(as_text=True).split())
    assert "Seat 3 asked" in ruling and "he may not raise" in ruling


def test_question_of_another_player_is_ruled_on_his_options_not_the_askers(kb):
    """Issue 22: "can he still raise?" asked by the small blind about the limper (`of: 3`): each
    club's reopening clause rules on seat 3's options (EDP 8-19: no), not on the asker's (yes)."""
    report = rule_on(NOTIONS / "question-of-player.yaml", kb=kb)
    edp = _questions(report, "edp")[0]
    assert (edp["asker"], edp["seat"], edp["answer"], edp["call"]) == (1, 3, "no", 300)
    assert _questions(report, "fpc")[0]["answer"] == "yes"
    assert "Seat 1 asked “Is a raise allowed now?” (line 17) about seat 3: No: seat 3 may call 300 or fold" in \
        " ".join(render_text(report).split())
    own = rule_on(NOTIONS / "question-of-player-changed.yaml", kb=kb)
    assert (_questions(own, "edp")[0]["seat"], _questions(own, "edp")[0]["answer"]) == (1, "yes")


def test_question_supposing_the_askers_shove_is_ruled_on_the_hand_with_it(kb):
    """Issue 22: "if I shove, can he come back over the top?" (`if: all-in`, `of: 5`): ruled on the
    hand with seat 7's shove to 1,600 added (600 over a 1,000 bet): EDP 8-19 and Gala O no, FPC
    41-4 and PPL 7-2 (over half the bet) yes; the shove is never played in the hand itself."""
    report = rule_on(NOTIONS / "question-supposed-action.yaml", kb=kb)
    answers = {club: _questions(report, club)[0] for club in report.answers}
    assert {c: a["answer"] for c, a in answers.items()} == {"edp": "no", "gala": "no", "fpc": "yes", "ppl": "yes"}
    assert answers["fpc"]["call"] == 600 and answers["fpc"]["min_raise_to"] == 2600
    assert report.answers["edp"].now["next"]["seat"] == 7          # the hand itself: seat 7 still to act
    assert "about seat 5, if seat 7 goes all in: No" in " ".join(render_text(report).split())
    plain = rule_on(NOTIONS / "question-supposed-action-changed.yaml", kb=kb)
    assert report.issues and not plain.issues
    assert _questions(plain, "fpc")[0]["answer"] == "no"           # as it stands he has nothing to act on


def test_question_supposing_an_action_reads_what_follows_the_if_clause():
    from ruling_engine.incident.said import read_question
    assert read_question("If I shove, can he come back over the top?") == "raise"


@pytest.mark.parametrize("change, expected", [
    ("of: 5, if: all-in", "of: 4, if: all-in"),                     # a seat not at the table
    ("of: 5, if: all-in", "if: all-in"),                             # a supposed action, his own options
    ("about: raise, of: 5", "about: card, of: 5"),                   # of: on a question that is not about options
])
def test_question_of_and_if_are_checked_with_file_line_and_a_suggestion(kb, tmp_path, change, expected):
    from ruling_engine.errors import FloorcallError
    text = (NOTIONS / "question-supposed-action.yaml").read_text(encoding="utf-8")
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(change, expected).split("\nexpected:")[0], encoding="utf-8")
    with pytest.raises(FloorcallError) as error:
        rule_on(path, kb=kb)
    assert error.value.line == 19 and error.value.suggestion


def test_floorcall_events_shows_of_and_if_of_a_question_with_an_example(kb):
    from ruling_engine.knowledge.events import events_text
    said = events_text(kb, "said")
    assert "of: seat" in said and "if: all-in | call | check | fold" in said
    assert "about: raise, of: 5, if: all-in, in_question: true" in events_text(kb, "question")


def test_questionnaire_writes_a_question_about_another_player_with_the_askers_supposed_action():
    """The terminal questionnaire: 'SEAT asks about SEAT: words' is a question of that player's
    options (of:); words opening "if I shove" say the asker's supposed action (if: all-in)."""
    from ruling_engine.ask.answers import AnswerError, parse_said
    assert parse_said("7 asks about 5: If I shove, can he come back over the top?", [5, 7]) == {
        "said": {"by": 7, "words": "If I shove, can he come back over the top?", "kind": "question", "of": 5,
                 "if": "all-in", "in_question": True}}
    assert parse_said("1 asks about seat 3: Can he still raise?", [1, 3])["said"]["of"] == 3
    assert "if" not in parse_said("1 asks about 3: Can he still raise?", [1, 3])["said"]
    with pytest.raises(AnswerError):
        parse_said("1 asks about 4: Can he still raise?", [1, 3])


def test_floor_app_said_form_offers_whose_options_and_the_supposed_action(kb, tmp_path):
    """The floor app's 'Someone said something' form: of (a seat at the table) and if (all-in,
    call, check, fold) among its details, read into the said: entry."""
    from ruling_engine.serve.app import _extra_fields, _read_extra

    class Session:
        vocab = kb.vocabulary
        seats = [5, 7]
    fields = {name: choices for name, _, _, choices in _extra_fields(Session, "said")}
    assert fields["of"] == [("5", "Seat 5"), ("7", "Seat 7")]
    assert [v for v, _ in fields["if"]] == ["all-in", "call", "check", "fold"]
    entry = _read_extra(Session, "said", {"x_of": "5", "x_if": "all-in", "x_about": "raise"}, {"by": 7})
    assert entry == {"by": 7, "of": 5, "if": "all-in", "about": "raise"}
