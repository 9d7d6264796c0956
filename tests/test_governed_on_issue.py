"""One club's two rulings on the same question about the same seat at two entries are one answer
(e23/headline, blind O401): FPC rule 35 ("A player must not leave a camera, mobile phone ... on any
part of the playing area of the table") is written for the phone on the table and governs rule 34
s2's general "Other uses of a phone are permitted" (and its no-penalty reading) for that seat's
phone (`overrides:` in knowledge/rules/fpc/conduct.yaml). The marked phone-use point therefore
opens with rule 35's ruling, never "permitted, nothing to penalise" beside "off the table, verbal
warning"."""
from ruling_engine.incident.load import parse_incident_text
from ruling_engine.render.output import _answer_first
from ruling_engine.rulings.rule_on import rule_incident

PHONE = """\
title: A phone propped on the felt; the floor is called about its use
house: fpc
game: {format: tournament, variant: NLHE, blinds: [200, 400]}
button: 9
players:
  - {seat: 3, stack: 7800}
  - {seat: 6, stack: 9400}
  - {seat: 9, stack: 5000}
timeline:
  - deal:
  - conduct: {seat: 3, did: device-on-table, object: phone, live_hand: true}
  - conduct: {seat: 3, did: phone-use, live_hand: true, in_question: true}
"""


def _fpc(kb, text=PHONE):
    report = rule_incident(parse_incident_text(text, "<t>", kb.vocabulary, kb.clubs), kb, with_precedents=False)
    answer = report.answers["fpc"]
    return report, answer


def test_device_on_table_governs_phone_use_for_the_same_seat(kb):
    report, answer = _fpc(kb)
    marked = [n for n, p in enumerate(report.points) if p.marked]
    on_marked = {r.issue: r for r in answer.rulings if r.point in marked}
    assert on_marked["conduct"].outcome == "not-allowed"
    assert "fpc.34-s2.other-phone-use-permitted" in on_marked["conduct"].set_aside
    assert on_marked["conduct-penalty"].outcome != "no-penalty"
    assert not any(r.outcome in ("allowed", "no-penalty") for r in answer.rulings
                   if r.issue in ("conduct", "conduct-penalty"))


def test_headline_on_marked_phone_use_is_rule_35(kb):
    from ruling_engine.render.output import to_dict
    report, _ = _fpc(kb)
    text = "\n".join(_answer_first(to_dict(report), "fpc"))
    first = text.splitlines()[1]
    assert "playing" in first and "permitted" not in first


def test_phone_use_alone_stays_permitted(kb):
    """Without the device on the table rule 34 s2 rules alone: nothing governs it."""
    _, answer = _fpc(kb, PHONE.replace("  - conduct: {seat: 3, did: device-on-table, object: phone, live_hand: true}\n", ""))
    assert any(r.issue == "conduct" and r.outcome == "allowed" for r in answer.rulings)
