"""YAML loading that remembers line numbers, so errors can point at the user's line."""
from __future__ import annotations

from pathlib import Path

import yaml

from ruling_engine.errors import FloorcallError


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


def load_text(text: str, name: str):
    """Parse YAML text; malformed YAML becomes a FloorcallError with its line."""
    try:
        loader = _LineLoader(text)
        loader.name = name
        try:
            return loader.get_single_data()
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


def read_text(path: Path | str) -> str:
    """The text of a file the user named; a missing, unreadable or non-UTF-8 file is an error."""
    path = Path(path)
    name = str(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise FloorcallError(name, None, "an existing file", "no such file",
                             "check the path (relative paths start from the current folder)") from None
    except UnicodeDecodeError:
        raise FloorcallError(name, None, "a UTF-8 text file", "bytes that are not UTF-8") from None
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
                             f"a {type(data).__name__}", "the file must be a mapping of 'key: value' lines")
    return data
