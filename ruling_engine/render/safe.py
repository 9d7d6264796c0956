"""Text from an incident file is the user's, and may be hostile: make it safe to print.

- `plain`: for a terminal. Escape codes and control characters (C0, DEL, C1, and the Unicode
  bidirectional overrides that reorder what is shown) become visible `\\x1b`-style escapes, so a
  title can neither clear the screen nor forge a ruling; line breaks inside one field become
  spaces (a field is one line of the output), unless the caller keeps them.
- `markdown_text`: for Markdown. `plain`, all on one line, then link, image, emphasis, code,
  table and HTML syntax escaped, so a field reads as the words it holds and nothing is live.
- `code_span`: a file name or id as inline code that its own backticks cannot close.
"""
from __future__ import annotations

import re

from ruling_engine.patterns import on_first_use

_BIDI = "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f\u061c"
# Every character of these two is one str.isprintable() refuses (Cc, Cf, Zl, Zp): a printable text
# has none of them, is returned as it is, and the patterns are compiled only for one that does.
_CONTROL = on_first_use("[\x00-\x08\x0b-\x1f\x7f-\x9f" + _BIDI + "]")
_BREAKS = on_first_use("[\r\n\t\x0b\x0c\x85\u2028\u2029]")
_MARKDOWN_PUNCTUATION = on_first_use(r"([\\`*_\[\]~|])")    # with [ ] escaped, ( ) and ! are inert


def _visible(match) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def plain(text, keep_newlines: bool = False) -> str:
    """Text with no character that a terminal would act on; one line unless keep_newlines."""
    text = str(text)
    if text.isprintable():
        return text
    if keep_newlines:
        text = text.replace("\r\n", "\n").replace("\t", " ")
        return "\n".join(_CONTROL.sub(_visible, line) for line in text.split("\n"))
    return _CONTROL.sub(_visible, _BREAKS.sub(" ", text))


def plain_data(value):
    """Every string in a JSON-like structure (and every key) made `plain`."""
    if isinstance(value, str):
        return plain(value)
    if isinstance(value, dict):
        return {plain_data(k) if isinstance(k, str) else k: plain_data(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_data(v) for v in value]
    return value


def markdown_text(text) -> str:
    """Text safe anywhere in a Markdown line: a paragraph, a list item, a table cell, a heading."""
    text = " ".join(plain(text).split())
    text = _MARKDOWN_PUNCTUATION.sub(r"\\\1", text)
    for char, escaped in (("&", "&amp;"), ("<", "&lt;"), (">", "&gt;")):
        text = text.replace(char, escaped)
    # a field that starts a line must not start a block (a list, a quote, a heading, a rule)
    text = re.sub(r"^([-+=#])", r"\\\1", text)
    return re.sub(r"^(\d+)([.)])", r"\1\\\2", text)


def code_span(text) -> str:
    """Inline code holding `text` literally: the fence is longer than any run of backticks in it."""
    text = " ".join(plain(text).split())
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    return f"{fence}{pad}{text}{pad}{fence}"


_JSON_UNSAFE = on_first_use("[\x7f-\x9f" + _BIDI + "\u2028\u2029]")


def json_safe(text: str) -> str:
    """JSON text whose strings carry DEL, C1 and bidi characters as \\u escapes (the same data:
    json.dumps already escapes C0 controls, but not these, which some terminals act on)."""
    return _JSON_UNSAFE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
