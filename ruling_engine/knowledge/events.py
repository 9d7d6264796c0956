"""`floorcall events`: the event kinds an incident may hold, read from the vocabulary.

Nothing here knows which kinds exist: every kind, its fields (type, allowed values, default,
help) and the records they hold come from `knowledge/vocabulary.yaml`, and each kind's example is
the shortest one found in the cases beside the knowledge folder (made up from the fields only when
no case has one).
"""
from __future__ import annotations

import textwrap
from dataclasses import dataclass
from pathlib import Path

from ruling_engine.errors import FloorcallError, did_you_mean

WIDTH = 96
PLACEHOLDER = {"seat": 3, "int": 1, "amount": 10, "number": 10, "bool": True, "string": "...",
               "card": "As", "cards": ["As", "Kd"], "amounts": [10]}


@dataclass
class Kind:
    name: str
    help: str
    record: str          # the vocabulary record holding its fields
    fields: dict         # field name -> FieldSpec
    example: str = ""
    example_file: str = ""


def event_kinds(vocabulary) -> list:
    """Every event kind of the vocabulary, in the vocabulary's order."""
    records = vocabulary.records
    kinds = []
    for name, spec in records.get("event", {}).items():
        record = spec.record or name
        kinds.append(Kind(name=name, help=spec.help, record=record, fields=dict(records.get(record, {}))))
    return kinds


def _flow(value) -> str:
    """A value as YAML on one line: `card_exposed: {seat: 2, by: dealer}`, `false`, `[10, 5]`."""
    import yaml
    text = yaml.safe_dump(value, default_flow_style=None if isinstance(value, dict) else True,
                          sort_keys=False, allow_unicode=True, width=10_000).strip()
    return text.removesuffix("...").strip()


def _record_example(kind: Kind, vocabulary, cases: Path) -> None:
    """For a record that is not an event (an action, a player, the game): the shortest one with
    two fields or more found in the cases, under the incident field that holds it."""
    import yaml
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    holders = [n for n, s in vocabulary.records.get("incident", {}).items() if s.record == kind.name]
    best = None
    for path in sorted(Path(cases).glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        for holder in holders if isinstance(data, dict) else ():
            value = data.get(holder)
            for item in value if isinstance(value, list) else [value]:
                if isinstance(item, dict) and len(item) >= min(2, len(kind.fields)) \
                        and all(key in kind.fields for key in item):
                    text = _flow([item]).strip("[]") if isinstance(value, list) else _flow({holder: item})
                    if best is None or len(text) < len(best[0]):
                        best = (f"- {text}   (an item of {holder}:)" if isinstance(value, list) else text, path.name)
    if best:
        kind.example, kind.example_file = best


def _mappings(node):
    """Every mapping in a parsed YAML document, depth first."""
    stack = [node]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            yield item
            stack.extend(reversed(list(item.values())))
        elif isinstance(item, list):
            stack.extend(reversed(item))


def find_examples(kinds: list, cases: Path) -> None:
    """Give each kind the shortest `{kind: {fields}}` found in the case files (with fields if any)."""
    import yaml
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    by_name = {k.name: k for k in kinds}
    best = {}
    for path in sorted(Path(cases).glob("*.yaml")):
        try:
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader)
        except (OSError, UnicodeDecodeError, yaml.YAMLError):
            continue
        if isinstance(data, dict):       # not the expected rulings: only what an incident says
            data = {key: value for key, value in data.items() if key != "expected"}
        for mapping in _mappings(data):
            if len(mapping) != 1:
                continue
            (name, body), = mapping.items()
            if name not in by_name or not isinstance(body, dict):
                continue
            if any(key not in by_name[name].fields for key in body):
                continue
            text = _flow({name: body})
            rank = (not body and bool(by_name[name].fields), len(text))
            if name not in best or rank < best[name][0]:
                best[name] = (rank, text, path.name)
    for name, (_, text, file) in best.items():
        by_name[name].example, by_name[name].example_file = f"- {text}", file
    for kind in kinds:
        if not kind.example:
            body = {n: (s.values[0] if s.type == "enum" and s.values else PLACEHOLDER.get(s.type, "..."))
                    for n, s in kind.fields.items() if s.required}
            kind.example = f"- {_flow({kind.name: body})}"


def _field_line(name: str, spec) -> str:
    kind = " | ".join(map(str, spec.values)) if spec.type == "enum" else spec.type
    if spec.type in ("record", "list") and spec.record:
        kind += f" of {spec.record}"
    if spec.type in ("amount", "amounts"):     # known only roughly or as a bound (docs/timeline.md)
        kind += " (or {about: N}, {at_least: N}, {over: N})"
    if spec.type in ("card", "cards"):         # a card named in part (issue 22, docs/timeline.md)
        kind += " (As, 10h, K♦; Q? a queen of unseen suit, ruled with each suit; ?♠ rank unseen; ? not seen)"
    notes = []
    if spec.required:
        notes.append("required")
    if spec.default is not None:
        notes.append(f"default {_flow(spec.default)}")
    if spec.was_default is not None:
        notes.append(f"left out: not stated, ruled every way; older files meant {_flow(spec.was_default)}")
    if spec.left_out_unknown:
        notes.append("left out: not stated, ruled every way")
    head = f"{name}: {kind}" + (f" ({', '.join(notes)})" if notes else "")
    return textwrap.fill(f"{head} — {spec.help}" if spec.help else head, width=WIDTH,
                         initial_indent="    ", subsequent_indent="        ")


def _matches(kind: Kind, word: str) -> bool:
    word = word.lower()
    texts = [kind.name, kind.help, kind.record]
    for name, spec in kind.fields.items():
        texts += [name, spec.help, spec.question, *map(str, spec.values)]
    return any(word in str(text).lower() for text in texts)


def describe_kind(kind: Kind) -> str:
    lines = [textwrap.fill(f"{kind.name} — {kind.help}", width=WIDTH, subsequent_indent="    ")]
    if kind.fields:
        lines += [_field_line(name, spec) for name, spec in kind.fields.items()]
    else:
        lines.append("    (no fields: the event itself is the fact)")
    source = f"   (from cases/{kind.example_file})" if kind.example_file else "   (made up from the required fields)"
    if kind.example:
        lines.append(f"  example:  {kind.example}{source}")
    return "\n".join(lines)


def events_text(kb, word: str | None = None, cases: Path | None = None) -> str:
    """The event kinds (those matching `word`, if given) with their fields and an example each.

    A word that names another record of the incident format (`action`, `player`, `game`) shows
    that record's fields.
    """
    from ruling_engine.locations import cases_dir
    vocabulary = kb.vocabulary
    kinds = event_kinds(vocabulary)
    if word and word not in {k.name for k in kinds} and word in vocabulary.records and word != "event":
        record = Kind(name=word, help=f"the fields of `{word}` in an incident (not an event kind)",
                      record=word, fields=dict(vocabulary.records[word]))
        _record_example(record, vocabulary, cases or cases_dir(kb.root))
        return describe_kind(record) + "\n"
    if word:
        exact = [k for k in kinds if k.name == word]
        kinds = exact or [k for k in kinds if _matches(k, word)]
        words = _words_match(vocabulary, word) if not exact else ""
        fields = _header_fields_match(vocabulary, word) if not exact else ""
        words = "\n\n".join(part for part in (words, fields) if part)
        if not kinds and words:
            return words + "\n"
        if not kinds:
            names = [k.name for k in event_kinds(vocabulary)]
            raise FloorcallError("floorcall events", None, "a word found in an event kind, its fields or their help",
                                 repr(word), did_you_mean(word, names) if did_you_mean(word, names).startswith("did")
                                 else "run `floorcall events` for the whole list")
    find_examples(kinds, cases or cases_dir(kb.root))
    total = len(event_kinds(vocabulary))
    head = (f"{len(kinds)} of {total} event kinds match {word!r}" if word
            else f"{total} event kinds (from {kb.root / 'vocabulary.yaml'}); `floorcall events WORD` searches them")
    holders = [name for name, spec in vocabulary.records.get("incident", {}).items()
               if spec.type == "list" and "event" in (spec.record, *spec.records)]
    if holders:
        head += f". An incident lists them under `{holders[0]}:`, each as `- kind: {{fields}}`."
    if "entry_time" in vocabulary.records and not word:      # issue 22, "Time"
        head += (". Any entry (an event, an action, words, a street's mapping) may also say when it came: "
                 "`after: 15s` after the entry above, or a clock time `at: \"21:04\"` (`floorcall events entry_time`).")
    if "button" in vocabulary.records.get("street_entry", {}) and not word:     # issue 22, "More than one hand"
        head += ("" if head.endswith(".") else ".") + (" A timeline may hold several hands: after a hand's `hand-over:`, `deal:` begins the next, "
                 "its button moved on a seat unless `- deal: {button: 4}` says where (`floorcall events "
                 "street_entry`; docs/timeline.md, 'More than one hand').")
    parts = [textwrap.fill(head, width=WIDTH)] + ([words] if word and words else [])
    return "\n\n".join(parts + [describe_kind(k) for k in kinds]) + "\n"


QUESTION_EXAMPLE = '- said: {by: 3, words: "May I re-raise?", kind: question, about: raise, in_question: true}'
QUESTION_OF_EXAMPLE = ('- said: {by: 7, words: "If I shove, can he come back over the top?", kind: question, '
                       'about: raise, of: 5, if: all-in, in_question: true}')


def _words_match(vocabulary, word: str) -> str:
    """Where a searched word is about words said rather than an event (a question put to the
    floor is a `said:` entry): a pointer to the `said` fields, with an example of a question."""
    about = vocabulary.records.get("said", {}).get("about")
    low = word.lower()
    if about is None or not (low in ("question", "ask", "asks", "asked", "about") or low in about.values):
        return ""
    return textwrap.fill("Words said are not an event: `said:` holds them (`floorcall events said` shows its "
                         "fields). A question a player puts to the floor, as the point:", width=WIDTH) + \
        "\n    " + QUESTION_EXAMPLE + "\n" + textwrap.fill(
            "About another player's options (of: his seat), supposing the asker's own action (if:):",
            width=WIDTH) + "\n    " + QUESTION_OF_EXAMPLE


# The records that are not events but say things an event kind might be looked for under (issue 22,
# "People, tables and time"): an N-handed table is the header's `others:`, a dealer's count is words
HEADER_RECORDS = ("incident", "game", "player", "action", "said", "street_entry", "entry_time")


def _header_fields_match(vocabulary, word: str) -> str:
    """The fields of the incident's other records (header, game, player, action, words, street,
    time) whose name, question or help mention the word: where a notion that is not an event is
    written, so that a search finds it wherever it lives."""
    low = word.lower()
    lines = []
    for record in HEADER_RECORDS:
        for name, spec in vocabulary.records.get(record, {}).items():
            if name == "in_question" or spec.type == "record":
                continue
            if any(low in str(text).lower() for text in (name, spec.help, spec.question)):
                lines.append(_field_line(f"{record}.{name}", spec))
    if not lines:
        return ""
    return textwrap.fill(f"Fields of the incident (not event kinds) that mention {word!r} "
                         "(`floorcall events RECORD` shows a record's fields):", width=WIDTH) + "\n" + "\n".join(lines)
