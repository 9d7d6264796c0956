"""Issue 22 (fresh batch A): what new users could not say, and the retries that cost them a try."""
from conftest import run_cli

HEAD = ("house: edp\ngame: {format: cash, variant: NLHE, blinds: [1, 2]}\nbutton: 2\n"
        "players:\n  - {seat: 2, stack: 100}\n  - {seat: 7, stack: 100}\ntimeline:\n")


def test_a_time_written_beside_a_street_shows_the_form_inside_its_braces(tmp_path):
    """A new user wrote `- hand-over:` then `at: "22:05"` on the next line, and the hint ("one entry
    per item") did not lead to the fix: the error shows `hand-over: {at: "22:05"}`."""
    path = tmp_path / "beside.yaml"
    path.write_text(HEAD + '  - hand-over:\n    at: "22:05"\n', encoding="utf-8")
    done = run_cli("rule-on", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"{path}:8:" in done.stderr
    assert 'hand-over: {at: "22:05"}' in done.stderr


def test_fields_beside_an_event_show_the_event_with_them_inside(tmp_path):
    path = tmp_path / "beside.yaml"
    path.write_text(HEAD + "  - deal:\n  - player_away: {seat: 7}\n    at: \"22:05\"\n", encoding="utf-8")
    done = run_cli("rule-on", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert 'player_away: {seat: 7, at: "22:05"}' in done.stderr


def test_a_bystander_who_only_speaks_is_no_player_in_the_hand(tmp_path):
    """`said: {by: 7}` where no listed player sits in seat 7 was refused (a new user had to guess
    another way to say it): it is accepted, read as a bystander's words, and the output says seat 7
    is not in the hand; he gets no turn, no chips, no place in the pot."""
    path = tmp_path / "bystander.yaml"
    path.write_text(HEAD.replace("timeline:\n", "timeline:\n  - deal:\n  - {seat: 2, posts: small-blind}\n"
                                 "  - {seat: 7, posts: big-blind}\n").replace("seat: 7", "seat: 5")
                    + '  - said: {by: 7, words: "he is going to fold"}\n  - {seat: 2, said: fold}\n', encoding="utf-8")
    done = run_cli("rule-on", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    assert f"{path}:11: seat 7 is not in the hand" in done.stderr
    assert "by: spectator" in done.stderr
    assert '"seat": 7' not in done.stdout and "Seat 7" not in done.stdout


def test_a_speaker_not_in_the_hand_is_written_back_as_the_user_wrote_him():
    from ruling_engine.incident.load import entry_as_written
    entry = {"entry": "said", "line": 9, "by": "spectator", "_seat_not_in_hand": 7, "words": "nice hand"}
    assert entry_as_written(entry) == {"said": {"by": 7, "words": "nice hand"}}


def test_the_questionnaire_takes_words_from_a_seat_not_in_the_hand():
    from ruling_engine.ask.answers import AnswerError, parse_said
    import pytest
    assert parse_said("7: nice hand", [2, 5]) == {"said": {"by": 7, "words": "nice hand"}}
    with pytest.raises(AnswerError):
        parse_said("7 asks: can he raise?", [2, 5])        # a question of his options: he has none


DEVICE = ("house: edp\ngame: {format: cash, variant: NLHE, blinds: [1, 2]}\nbutton: 5\n"
          "players:\n  - {seat: 3, stack: 200}\n  - {seat: 4, stack: 200}\n  - {seat: 5, stack: 200}\n"
          "timeline:\n  - {seat: 3, posts: small-blind}\n  - {seat: 4, posts: big-blind}\n"
          "  - conduct: {seat: 5, did: DID, OBJECT in_question: true}\n  - {seat: 5, did: call, total: 2}\n")


def _conduct_rulings(tmp_path, did, object_kind):
    import json
    path = tmp_path / "device.yaml"
    path.write_text(DEVICE.replace("DID", did).replace("OBJECT", f"object: {object_kind}," if object_kind else ""),
                    encoding="utf-8")
    done = run_cli("rule-on", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    clubs = json.loads(done.stdout)["clubs"]
    return {club: next(r["outcome"] for r in answer["rulings"] if r["issue"] == "conduct")
            for club, answer in clubs.items()}


def test_the_kind_of_object_on_the_table_fires_only_clauses_naming_it(tmp_path):
    """A chrome cigarette case (object: reflective) is no phone or electronic device: EDP 1 ¶17
    ("Electronic devices, such as mobile phones") and PPL nights 7 ("Mobile phone use") do not
    apply; FPC 35 ("... or highly reflective item") does. A tablet is EDP's, not PPL's or FPC's."""
    reflective = _conduct_rulings(tmp_path, "device-on-table", "reflective")
    assert reflective == {"fpc": "not-allowed", "edp": "floor-decides", "ppl": "floor-decides", "gala": "floor-decides"}
    tablet = _conduct_rulings(tmp_path, "device-on-table", "electronic-device")
    assert tablet["edp"] == "allowed" and tablet["ppl"] == "floor-decides" and tablet["fpc"] == "floor-decides"
    # left out, the object is a phone, as files written before object: meant
    assert _conduct_rulings(tmp_path, "device-on-table", None) == _conduct_rulings(tmp_path, "device-on-table", "phone")
    assert _conduct_rulings(tmp_path, "device-on-table", "phone")["edp"] == "allowed"


def test_an_object_kind_beside_other_conduct_is_an_error(tmp_path):
    path = tmp_path / "device.yaml"
    path.write_text(DEVICE.replace("DID", "foul-language").replace("OBJECT", "object: phone,"), encoding="utf-8")
    done = run_cli("rule-on", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "object: only with did: device-on-table" in done.stderr


SHOWDOWN = ("house: ppl\ngame: {format: tournament, variant: NLHE, blinds: [100, 200]}\nbutton: 5\n"
            "players:\n  - {seat: 2, stack: 5000, cards: [A♣, 2♦]}\n  - {seat: 5, stack: 5000, cards: [Q♥, Q♦]}\n"
            "timeline:\n  - flop: {cards: [3♠, 4♥, 5♦], pot: 2000}\n  - turn: 6♣\n  - river: Q♠\n"
            "  - {seat: 2, did: check}\n  - {seat: 5, did: check}\n  - showdown:\n  - hand_shown: {seat: 2, face_up: 2}\n"
            "  - said: {by: 5, words: WORDS, kind: hand, OF in_question: true}\n  - hand_shown: {seat: 5, face_up: 2}\n")


def _misdeclared(tmp_path, words, of):
    import json
    path = tmp_path / "words.yaml"
    path.write_text(SHOWDOWN.replace("WORDS", words).replace("OF", f"of: {of}," if of else ""), encoding="utf-8")
    done = run_cli("rule-on", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    rulings = [r for answer in json.loads(done.stdout)["clubs"].values() for r in answer["rulings"]
               if r["issue"] == "misdeclared-hand"]
    return rulings, done.stderr


def test_words_about_another_players_hand_are_never_the_speakers_declaration(tmp_path):
    """A401/A404: "ace-high straight" said by seat 5 of seat 2's tabled cards (of: 2, or words naming
    seat 2) is a remark, not seat 5 naming his own three queens wrongly; without of: it is his own."""
    own, _ = _misdeclared(tmp_path, '"ace-high straight"', None)
    assert own and all(r["effects"][0]["seat"] == 5 for r in own)
    about, warned = _misdeclared(tmp_path, '"ace-high straight"', 2)
    assert about == [] and "about seat 2's hand (of: 2)" in warned and "no declaration of the speaker's own" in warned
    named, warned = _misdeclared(tmp_path, '"seat 2 has an ace-high straight"', None)
    assert named == [] and "about seat 2's hand" in warned


def test_the_questionnaire_asks_what_kind_of_object_was_on_the_table(kb):
    """The object's kind changes EDP's, PPL's and FPC's rulings, so `floorcall ask` (and the floor
    app, which asks the same questions) asks it after a device-on-table."""
    from ruling_engine.ask.questionnaire import DONE, Session, event_entry
    session = Session(kb, house="edp")
    session.answer("game.format", "cash")
    session.answer("game.variant", "NLHE")
    session.answer("players", [{"seat": 3}, {"seat": 5}])
    session.answer("next", event_entry("conduct", in_question=True, seat=5, did="device-on-table"))
    for _ in range(30):
        question = session.next_question()
        assert question is not None, "the object's kind was never asked"
        if question.name == "conduct.object":
            assert [c for c, _ in question.choices][:5] == ["phone", "camera", "electronic-device", "reflective", "other"]
            return
        session.answer(question.name, DONE if question.name == "next" else
                       (question.choices[0][0] if question.choices else None))


MINIMUM = ("house: gala\ngame: {format: cash, variant: NLHE, blinds: [0.5, 1]GAME}\nbutton: 2\n"
           "players:\n  - {seat: 2, stack: 143}\n  - {seat: 5, stack: 0}\n  - {seat: 9, stack: 80}\n"
           "timeline:\n  - hand-over:\n  - buys_chips: {seat: 5, amount: 12, had_chips: false, all_in_last_hand: true, "
           "OWN in_question: true}\n")


def test_the_table_minimum_said_on_the_game_measures_a_buy_in(tmp_path):
    """A402: a cash table's minimum buy-in was sayable only inside a buys_chips. game.table_minimum
    says it on the game; a buy-in without its own is measured against it (Gala house b) asks the
    minimum of a player all in on the last hand); two different minimums are an error."""
    import json
    path = tmp_path / "minimum.yaml"
    path.write_text(MINIMUM.replace("GAME", ", table_minimum: 20").replace("OWN", ""), encoding="utf-8")
    done = run_cli("rule-on", str(path), "--format", "json")
    assert done.returncode == 0, done.stderr
    gala = next(r for r in json.loads(done.stdout)["clubs"]["gala"]["rulings"] if r["issue"] == "buy-in")
    assert gala["outcome"] == "minimum-required" and {"effect": "buy-in-at-least", "seat": 5, "amount": 20} in gala["effects"]
    path.write_text(MINIMUM.replace("GAME", ", table_minimum: 20").replace("OWN", "table_minimum: 30,"), encoding="utf-8")
    done = run_cli("rule-on", str(path))
    assert done.returncode == 2 and "Traceback" not in done.stderr and "table_minimum: 30" in done.stderr
