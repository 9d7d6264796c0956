"""YAML loading that remembers line numbers, so errors can point at the user's line.

Limits: whatever a file holds, reading it takes a bounded time and memory (an incident is a few
kilobytes; the limits leave room for a 10,000-entry timeline). Each one is an error naming the
file and line, found before anything is built from it:

- a file of at most MAX_FILE_BYTES (read no further: a 50 MB file, /dev/zero or an endless pipe
  costs what MAX_FILE_BYTES does);
- at most MAX_NODES values, an alias counted at the size of what it stands for (a 600-byte
  "billion laughs" file stands for hundreds of millions); no alias inside its own anchor;
- at most MAX_DEPTH levels of nesting, MAX_ITEMS items in one list or mapping (a timeline's entries);
- at most MAX_STRING characters in one value or key, MAX_DIGITS digits in a whole number;
- keys that are plain values (a list or a mapping as a key is an error), and only the plain
  YAML types (text, numbers, true/false, null, lists, mappings): a `!!float x`, `!!bool maybe`,
  a date, `!!binary` or `!!set` is an error, not a crash later.
"""
from __future__ import annotations

import re
from pathlib import Path

from ruling_engine.errors import FloorcallError


class _PatternOnFirstUse:
    """A regular expression compiled when first used. PyYAML compiles some twenty at import,
    most of them never used when libyaml's parser reads the file (the pure-Python reader's
    character check alone is 5 ms of every start); this compiles each one a run matches with."""

    __slots__ = ("_args", "_compiled")

    def __init__(self, *args):
        self._args, self._compiled = args, None

    def __getattr__(self, name):
        if self._compiled is None:
            self._compiled = _compile(*self._args)
        return getattr(self._compiled, name)


def _import_yaml():
    """PyYAML, with the patterns its modules compile at import compiled on first use instead."""
    import sys
    if "yaml" in sys.modules:
        return sys.modules["yaml"]
    re.compile = _PatternOnFirstUse
    try:
        import yaml as module
    finally:
        re.compile = _compile
    return module


_compile = re.compile
yaml = _import_yaml()

MAX_FILE_BYTES = 2 * 1024 * 1024
MAX_NODES = 250_000
MAX_DEPTH = 32
MAX_ITEMS = 10_000
MAX_STRING = 10_000
MAX_DIGITS = 30

_TAG = "tag:yaml.org,2002:"
_SCALAR_PATTERNS: dict = {}
for _first, _resolvers in yaml.resolver.Resolver.yaml_implicit_resolvers.items():
    for _tag, _pattern in _resolvers:
        _SCALAR_PATTERNS.setdefault(_tag, [])
        if _pattern not in _SCALAR_PATTERNS[_tag]:
            _SCALAR_PATTERNS[_tag].append(_pattern)
_PLAIN_SCALARS = {_TAG + name: name for name in ("int", "float", "bool", "null")}
_TAG_WORDS = {"timestamp": "a date or time", "binary": "binary data", "set": "a set", "omap": "an ordered map",
              "pairs": "a list of pairs", "value": "a YAML value key (=)"}


class Located(dict):
    """A mapping that knows the line of each of its keys (1-based) and its own line."""

    line: int = 0
    key_lines: dict

    def line_of(self, key) -> int:
        return self.key_lines.get(key, self.line)


class LocatedList(list):
    line: int = 0
    item_lines: list


def located(value):
    """Plain data (dicts, lists, scalars) as the loader gives it: mappings and lists that know
    their lines (none), so that it is validated exactly as a file holding it would be, without
    writing and reading YAML."""
    if isinstance(value, dict):
        out = Located((k, located(v)) for k, v in value.items())
        out.key_lines = {}
        return out
    if isinstance(value, (list, tuple)):
        out = LocatedList(located(v) for v in value)
        out.item_lines = [0] * len(out)
        return out
    return value


class _LineLoader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The safe loader (libyaml's C parser when PyYAML has it: several times faster on an
    incident file), with mappings and lists that remember their lines."""


def _construct_mapping(loader, node):
    loader.flatten_mapping(node)
    mapping = Located()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping:
            raise FloorcallError(
                loader.name, key_node.start_mark.line + 1,
                "each key once in a mapping", f"{key!r} a second time",
                "remove or rename the repeated key")
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = key_node.start_mark.line + 1
    return mapping


def _construct_sequence(loader, node):
    items = LocatedList(loader.construct_object(child, deep=True) for child in node.value)
    items.line = node.start_mark.line + 1
    items.item_lines = [child.start_mark.line + 1 for child in node.value]
    return items


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def kind_of(value) -> str:
    """What a parsed value is, in words (never a Python class name)."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    return "a value"


def _tag_problem(node):
    """(expected, found, hint) when a node's tag or value is not plain YAML, else None."""
    tag = node.tag
    if isinstance(node, yaml.ScalarNode):
        if tag == _TAG + "str":
            return None
        if tag in _PLAIN_SCALARS:
            if any(pattern.match(node.value) for pattern in _SCALAR_PATTERNS.get(tag, ())):
                return None
            name = _PLAIN_SCALARS[tag]
            return (f"a value that is a YAML {name}", f"!!{name} {_cut(node.value)}",
                    "leave the tag out (write the value alone), or quote the value if it is text")
        if tag == _TAG + "merge":
            return None
    elif isinstance(node, yaml.SequenceNode) and tag == _TAG + "seq":
        return None
    elif isinstance(node, yaml.MappingNode) and tag == _TAG + "map":
        return None
    short = tag[len(_TAG):] if tag.startswith(_TAG) else tag
    what = _TAG_WORDS.get(short, f"a value tagged {short}")
    hint = "put dates and times in quotes, e.g. '2026-11-30'" if short == "timestamp" else \
        "write text, numbers, true/false, lists and mappings only"
    return "plain YAML values (text, numbers, true/false, lists, mappings)", what, hint


def _cut(text: str, limit: int = 40) -> str:
    text = repr(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def check_node(root, name: str, aliases: bool = True) -> None:
    """Enforce the module's limits on a composed YAML document (nodes, before any value is built).

    Walks the node graph once, depth first: a node that aliases share is visited once, its
    expanded size worked out from its children's and remembered, so a file of aliases that
    stands for billions of values is refused in microseconds. Without aliases (`aliases=False`:
    the text holds no `*`) the document is a tree and nothing needs remembering."""
    def fail(node, expected, found, hint=""):
        raise FloorcallError(name, node.start_mark.line + 1, expected, found, hint)

    str_tag, int_tag = _TAG + "str", _TAG + "int"
    sizes: dict = {}
    on_path: set = set()

    def walk(node, depth: int) -> int:
        if isinstance(node, yaml.ScalarNode):
            if node.tag != str_tag:
                problem = _tag_problem(node)
                if problem:
                    fail(node, *problem)
                if node.tag == int_tag and len(node.value) > MAX_DIGITS:
                    fail(node, f"a number of at most {MAX_DIGITS} digits", f"{len(node.value):,} digits")
            if len(node.value) > MAX_STRING:
                fail(node, f"at most {MAX_STRING:,} characters in one value", f"{len(node.value):,} characters",
                     "shorten it: the floor's description of one incident fits in a few lines")
            return 1
        key = id(node)
        if aliases:
            if key in sizes:
                return sizes[key]
            if key in on_path:
                fail(node, "an alias outside the anchor it refers to", "an alias inside its own anchor (a loop)",
                     "write the value out")
        if depth > MAX_DEPTH:
            fail(node, f"at most {MAX_DEPTH} levels of nesting", f"more than {MAX_DEPTH} levels",
                 "an incident needs about six")
        problem = _tag_problem(node)
        if problem:
            fail(node, *problem)
        if len(node.value) > MAX_ITEMS:
            fail(node, f"at most {MAX_ITEMS:,} items in one list or mapping", f"{len(node.value):,}",
                 "one hand's timeline; describe the hand the floor was called to")
        on_path.add(key)
        size = 1
        if isinstance(node, yaml.MappingNode):
            for key_node, value_node in node.value:
                if not isinstance(key_node, yaml.ScalarNode):
                    fail(key_node, "a plain key (a word) before each colon",
                         "a list as a key" if isinstance(key_node, yaml.SequenceNode) else "a mapping as a key",
                         "a line starting with '? ' or a key in brackets makes the key a list or a mapping")
                size += walk(key_node, depth + 1) + walk(value_node, depth + 1)
        else:
            for child in node.value:
                size += walk(child, depth + 1)
        on_path.discard(key)
        if aliases:
            sizes[key] = size
        if size > MAX_NODES:
            fail(node, f"at most {MAX_NODES:,} values in the file (aliases counted at the size of what they "
                       "stand for)", f"{size:,} or more",
                 "an incident needs a few hundred; write each value out instead of nesting aliases")
        return size

    walk(root, 1)


def _children(node) -> list:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def load_text(text: str, name: str):
    """Parse YAML text within the module's limits; malformed YAML becomes a FloorcallError with
    its line."""
    if len(text) > MAX_FILE_BYTES:
        raise _too_large(name, f"{len(text):,} characters")
    try:
        loader = _LineLoader(text)
        loader.name = name
        try:
            node = loader.get_single_node()
            if node is None:
                return None
            check_node(node, name, aliases="*" in text)
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise FloorcallError(name, line, "well-formed YAML",
                             (exc.problem or "a syntax error").strip(),
                             "check the indentation and that every 'key: value' has a space after the colon") from None
    except yaml.YAMLError as exc:
        raise FloorcallError(name, None, "well-formed YAML", str(exc).strip()) from None


def _too_large(name: str, found: str) -> FloorcallError:
    return FloorcallError(name, None, f"a file of at most {MAX_FILE_BYTES // (1024 * 1024)} MB", found,
                          "an incident file is a few kilobytes: is this the right file?")


def read_limited(stream, name: str) -> str:
    """The UTF-8 text of an open binary stream (a file, standard input), reading no more than
    MAX_FILE_BYTES and one byte."""
    data = stream.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise _too_large(name, f"more than {MAX_FILE_BYTES:,} bytes")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise FloorcallError(name, None, "a UTF-8 text file", "bytes that are not UTF-8") from None


def read_text(path: Path | str) -> str:
    """The text of a file the user named; a missing, unreadable, too large or non-UTF-8 file is an
    error."""
    path = Path(path)
    name = str(path)
    try:
        if path.is_file() and path.stat().st_size > MAX_FILE_BYTES:
            raise _too_large(name, f"{path.stat().st_size:,} bytes")
        with path.open("rb") as stream:
            return read_limited(stream, name)
    except FloorcallError:
        raise
    except FileNotFoundError:
        raise FloorcallError(name, None, "an existing file", "no such file",
                             "check the path (relative paths start from the current folder)") from None
    except OSError as exc:
        raise FloorcallError(name, None, "a readable file", exc.strerror or str(exc)) from None


def load_file(path: Path | str, *, what: str = "a YAML mapping"):
    """Read and parse one YAML file; unreadable, empty or non-mapping files are errors."""
    name = str(path)
    text = read_text(path)
    data = load_text(text, name)
    if data is None:
        raise FloorcallError(name, 1, what, "an empty file",
                             "see cases/ for complete examples")
    if not isinstance(data, dict):
        raise FloorcallError(name, getattr(data, "line", 1), what,
                             kind_of(data), "the file must be a mapping of 'key: value' lines")
    return data
