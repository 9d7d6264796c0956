"""patterns.on_first_use (issue 20, cold start): a module-level pattern a run may never match is
compiled when first used, not at import, and matches exactly as re.compile's would."""
import importlib
import re
import subprocess
import sys

import pytest

from ruling_engine.patterns import on_first_use

# (module, name) of each pattern compiled on first use: none of them is matched by a plain
# `rule-on` of a case without spoken words, clock times, Markdown or JSON output.
ON_FIRST_USE = [
    ("ruling_engine.incident.cards", "CARD"),
    ("ruling_engine.incident.cards", "FULL_CARD"),
    ("ruling_engine.model", "BRACED"),
    ("ruling_engine.render.safe", "_MARKDOWN_PUNCTUATION"),
    ("ruling_engine.render.safe", "_JSON_UNSAFE"),
    ("ruling_engine.knowledge.vocabulary", "CARD"),
    ("ruling_engine.incident.timing", "_PART"),
    ("ruling_engine.incident.timing", "CLOCK_TIME"),
    ("ruling_engine.facts.sequence", "NUMBER"),
    ("ruling_engine.facts.sequence", "SEAT_NAMED"),
    ("ruling_engine.facts.sequence", "FILLER"),
    ("ruling_engine.incident.said", "_ACTION_WORDS"),
    ("ruling_engine.incident.said", "_SPEAKER_ACTS"),
    ("ruling_engine.incident.said", "_DASHES"),
    ("ruling_engine.facts.replay", "_SAID"),
]

SAMPLES = ["", "As", "10h", "?s", "Q?", "1:30", "12:05:09", "1min 30s", "seat 3 it's 40 to call",
           "I'm going to raise — 4,000", "a - b", "raise, £40", "{pot.total} and {x}", "*a* [b] `c` ~d|e",
           "\x85\u202e\u2028 x", "CALL 25", "   "]


def test_a_cold_import_compiles_none_of_them():
    """Importing everything a plain `rule-on FILE` imports leaves each pattern uncompiled."""
    names = repr(ON_FIRST_USE)
    code = ("import importlib, ruling_engine.rule_on_cli, ruling_engine.knowledge.load, ruling_engine.incident.load,"
            " ruling_engine.render.output, ruling_engine.rulings.rule_on\n"
            f"for module, name in {names}:\n"
            "    pattern = getattr(importlib.import_module(module), name)\n"
            "    assert 'match' not in vars(pattern), (module, name)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("module,name", ON_FIRST_USE)
def test_each_matches_as_re_compile_would(module, name):
    lazy = getattr(importlib.import_module(module), name)
    assert isinstance(lazy, on_first_use)
    compiled = re.compile(*lazy._args)
    for text in SAMPLES:
        for method in ("match", "search", "fullmatch"):
            got, want = getattr(lazy, method)(text), getattr(compiled, method)(text)
            assert (got and got.groups(), got and got.span()) == (want and want.groups(), want and want.span())
        assert lazy.findall(text) == compiled.findall(text)
        assert lazy.sub("_", text) == compiled.sub("_", text)
    assert (lazy.pattern, lazy.flags, lazy.groups) == (compiled.pattern, compiled.flags, compiled.groups)


def test_after_first_use_the_methods_are_its_own():
    lazy = on_first_use(r"(\d+)-(\d+)", re.I)
    assert "match" not in vars(lazy)
    assert lazy.pattern == r"(\d+)-(\d+)" and "match" not in vars(lazy)      # its text, still not compiled
    assert lazy.match("3-4").groups() == ("3", "4")
    assert vars(lazy)["match"].__self__ is vars(lazy)["sub"].__self__      # one compiled pattern
    assert lazy.pattern == r"(\d+)-(\d+)" and lazy.flags & re.I


def test_printable_text_is_made_plain_without_compiling_a_pattern():
    """render.safe.plain returns a printable text as it is: a cold rule-on whose texts are all
    printable compiles neither of its patterns, and says the same."""
    code = ("from ruling_engine.render import safe\n"
            "assert safe.plain('Main pot: £30 (seats 2, 7) — raise to 40') == 'Main pot: £30 (seats 2, 7) — raise to 40'\n"
            "assert safe.plain('a b', keep_newlines=True) == 'a b'\n"
            "assert 'sub' not in vars(safe._CONTROL) and 'sub' not in vars(safe._BREAKS)\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_every_character_plain_changes_is_not_printable():
    """The shortcut is exact: each character the two patterns replace is one str.isprintable()
    refuses, and plain's answers are the patterns' for texts with and without them."""
    from ruling_engine.render import safe
    for pattern in (safe._CONTROL, safe._BREAKS):
        changed = [chr(c) for c in range(0x110000) if pattern.search(chr(c))]
        assert changed and not any(c.isprintable() for c in changed)
    control, breaks = re.compile(safe._CONTROL.pattern), re.compile(safe._BREAKS.pattern)
    for text in SAMPLES + ["tab\there", "line\r\nnext", "\x1b[2Jcleared", "ok"]:
        assert safe.plain(text) == control.sub(safe._visible, breaks.sub(" ", text))
        kept = text.replace("\r\n", "\n").replace("\t", " ")
        assert safe.plain(text, keep_newlines=True) == "\n".join(control.sub(safe._visible, line)
                                                                 for line in kept.split("\n"))
