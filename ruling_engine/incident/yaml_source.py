"""YAML loading that remembers line numbers, so errors can point at the user's line.

Limits: whatever a file holds, reading it takes a bounded time and memory (an incident is a few
kilobytes; the limits leave room for a 10,000-entry timeline). Each one is an error naming the
file and the line where it was crossed, found while the file is read (the parser's events are
counted as they arrive, and reading stops at the first limit crossed: a refused file costs what
was read up to that point, never the whole file), before any value is built from it:

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


class _Composer:
    """The document's nodes built from the parser's events, every limit enforced as each event
    arrives: the first value past a limit stops the reading there, and the error names its line.

    So a refused file costs what was read up to the limit, never the whole file (a 2 MB list of
    a million numbers is refused at its 10,001st item). An alias counts at the size of what its
    anchor stands for (worked out once, when the anchor's value is complete), so a file of aliases
    standing for billions of values is refused at the alias that crosses the limit; an alias inside
    its own anchor is an error. What PyYAML's composer does besides (tags resolved from the plain
    value, a repeated anchor or an undefined alias an error) is done the same way."""

    def __init__(self, loader, name: str):
        self.next_event, self.resolve, self.name = loader.get_event, loader.resolve, name
        self.total = 0                 # values so far, aliases counted at their size
        self.anchors: dict = {}        # anchor -> its node
        self.sizes: dict = {}          # anchor -> values it stands for (once complete)
        self.plain_tags: dict = {}     # a plain value -> the tag the resolver gives it

    def fail(self, mark, expected, found, hint=""):
        raise FloorcallError(self.name, mark.line + 1, expected, found, hint)

    def count(self, values: int, mark) -> None:
        self.total += values
        if self.total > MAX_NODES:
            self.fail(mark, f"at most {MAX_NODES:,} values in the file (aliases counted at the size of what they "
                            "stand for)", f"{self.total:,} or more",
                      "an incident needs a few hundred; write each value out instead of nesting aliases")

    def document(self):
        """The root node of the one document (None for an empty file)."""
        get = self.next_event
        get()                                               # the stream's start
        event = get()
        if isinstance(event, yaml.StreamEndEvent):
            return None
        root = self.node(get(), 1)                          # after the document's start
        get()                                               # the document's end
        event = get()
        if not isinstance(event, yaml.StreamEndEvent):
            raise yaml.composer.ComposerError("expected a single document in the stream", root.start_mark,
                                              "but found another document", event.start_mark)
        return root

    def _anchor(self, event, node) -> None:
        if event.anchor in self.anchors:
            raise yaml.composer.ComposerError(f"found duplicate anchor {event.anchor!r}; first occurrence",
                                              self.anchors[event.anchor].start_mark, "second occurrence",
                                              event.start_mark)
        self.anchors[event.anchor] = node

    def node(self, event, depth: int):
        kind = type(event)
        if kind is yaml.ScalarEvent:
            return self.scalar(event)
        if kind is yaml.AliasEvent:
            anchor = event.anchor
            if anchor not in self.anchors:
                raise yaml.composer.ComposerError(None, None, f"found undefined alias {anchor!r}", event.start_mark)
            if anchor not in self.sizes:
                self.fail(event.start_mark, "an alias outside the anchor it refers to",
                          "an alias inside its own anchor (a loop)", "write the value out")
            self.count(self.sizes[anchor], event.start_mark)
            return self.anchors[anchor]
        mark = event.start_mark
        if depth > MAX_DEPTH:
            self.fail(mark, f"at most {MAX_DEPTH} levels of nesting", f"more than {MAX_DEPTH} levels",
                      "an incident needs about six")
        self.count(1, mark)
        before = self.total - 1
        mapping = kind is yaml.MappingStartEvent
        node_class = yaml.MappingNode if mapping else yaml.SequenceNode
        tag = event.tag
        if tag is None or tag == "!":
            tag = self.resolve(node_class, None, event.implicit)
        node = node_class(tag, [], mark, None, flow_style=event.flow_style)
        problem = _tag_problem(node)
        if problem:
            self.fail(mark, *problem)
        anchor = event.anchor
        if anchor is not None:
            self._anchor(event, node)
        items, get, end = node.value, self.next_event, yaml.MappingEndEvent if mapping else yaml.SequenceEndEvent
        while True:
            event = get()
            if type(event) is end:
                break
            if len(items) == MAX_ITEMS:
                self.fail(event.start_mark, f"at most {MAX_ITEMS:,} items in one list or mapping",
                          f"more than {MAX_ITEMS:,}", "one hand's timeline; describe the hand the floor was called to")
            if not mapping:
                items.append(self.node(event, depth + 1))
                continue
            kind = type(event)
            if kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                self._bad_key(event.start_mark, kind is yaml.SequenceStartEvent)
            key = self.node(event, depth + 1)
            if not isinstance(key, yaml.ScalarNode):      # an alias of a list or a mapping
                self._bad_key(event.start_mark, isinstance(key, yaml.SequenceNode))
            items.append((key, self.node(get(), depth + 1)))
        node.end_mark = event.end_mark
        if anchor is not None:
            self.sizes[anchor] = self.total - before
        return node

    def _bad_key(self, mark, is_list: bool):
        self.fail(mark, "a plain key (a word) before each colon", "a list as a key" if is_list else "a mapping as a key",
                  "a line starting with '? ' or a key in brackets makes the key a list or a mapping")

    def scalar(self, event):
        self.total += 1
        if self.total > MAX_NODES:
            self.count(0, event.start_mark)
        value, tag = event.value, event.tag
        if tag is None or tag == "!":
            implicit = event.implicit
            if implicit[0]:            # a plain value: its tag from the value alone (the same words recur)
                tag = self.plain_tags.get(value)
                if tag is None:
                    tag = self.plain_tags[value] = self.resolve(yaml.ScalarNode, value, implicit)
            else:
                tag = self.resolve(yaml.ScalarNode, value, implicit)
            explicit = False
        else:
            explicit = True
        node = yaml.ScalarNode(tag, value, event.start_mark, event.end_mark, style=event.style)
        if tag != _STR_TAG:
            if explicit or tag not in _RESOLVED_PLAIN:       # a resolved int matches its pattern already
                problem = _tag_problem(node)
                if problem:
                    self.fail(event.start_mark, *problem)
            if tag == _INT_TAG and len(value) > MAX_DIGITS:
                self.fail(event.start_mark, f"a number of at most {MAX_DIGITS} digits", f"{len(value):,} digits")
        if len(value) > MAX_STRING:
            self.fail(event.start_mark, f"at most {MAX_STRING:,} characters in one value", f"{len(value):,} characters",
                      "shorten it: the floor's description of one incident fits in a few lines")
        if event.anchor is not None:
            self._anchor(event, node)
            self.sizes[event.anchor] = 1
        return node


_STR_TAG, _INT_TAG = _TAG + "str", _TAG + "int"
_RESOLVED_PLAIN = frozenset(_TAG + name for name in ("int", "float", "bool", "null", "merge"))


def load_text(text: str, name: str):
    """Parse YAML text within the module's limits; malformed YAML becomes a FloorcallError with
    its line."""
    if len(text) > MAX_FILE_BYTES:
        raise _too_large(name, f"{len(text):,} characters")
    try:
        loader = _LineLoader(text)
        loader.name = name
        try:
            node = _Composer(loader, name).document()
            if node is None:
                return None
            return loader.construct_document(node)
        finally:
            loader.dispose()
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else None
        raise FloorcallError(name, line, "well-formed YAML",
                             (exc.problem or "a syntax error").strip(),
                             "check the indentation and that every 'key: value' has a space after the colon") from None
    except yaml.reader.ReaderError as exc:        # a character YAML does not allow: its line, from its position
        raise FloorcallError(name, _line_at(text, exc.position), "well-formed YAML",
                             f"unacceptable character #x{exc.character:04x}: {exc.reason}",
                             "delete it: a control character (a terminal escape, a pasted form feed) is not "
                             "text; write it as \\x.. inside double quotes if it is meant") from None
    except yaml.YAMLError as exc:
        raise FloorcallError(name, None, "well-formed YAML", str(exc).strip()) from None


def _line_at(text: str, position: int) -> int:
    """The line (1-based) of a reader error's position: libyaml counts bytes of the UTF-8 text,
    PyYAML's own reader characters."""
    if issubclass(_LineLoader, getattr(getattr(yaml, "cyaml", None), "CParser", ())):
        return text.encode("utf-8")[:position].count(b"\n") + 1
    return text.count("\n", 0, position) + 1


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
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1      # the line of the first byte that is not UTF-8
        raise FloorcallError(name, line, "a UTF-8 text file",
                             f"bytes that are not UTF-8 (byte 0x{data[error.start]:02x})",
                             "save the file as UTF-8 (most editors: 'Save with encoding')") from None


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
