"""A small on-disk cache for work derived from files (the checked knowledge base, the case index,
the report's analysis of the knowledge base).

An entry is keyed by the path, size and modification time of every file it was built from (and
of this package's code), so any change rebuilds it. The cache is an optimisation only: when it
cannot be read or written, the work is simply done.

Safe to keep in a folder others can write to: an entry is JSON, decoded into a closed set of
floorcall's own types (never pickle, which runs code), and checked against the name and
fingerprint it should have; anything else (corrupted, truncated, foreign, too large, from an
older version) is ignored and rebuilt. Only what the current knowledge base needs is kept: when
an entry is written, the older entries of its name are removed (and any pickle an earlier
version left). Entries built from the knowledge and cases floorcall ships with are named apart
from those built from other folders (FLOORCALL_KNOWLEDGE, tests' copies), so using one does not
evict the other, and at most one entry of each is kept.
"""
from __future__ import annotations

import dataclasses
import json
import os
import re
from collections.abc import Mapping
from itertools import accumulate
from pathlib import Path

try:                       # the same SHA-256 without loading OpenSSL (4 ms of every cold start)
    from _sha256 import sha256
except ImportError:        # pragma: no cover - a Python built without it
    from hashlib import sha256

VERSION = "8"           # 8: a digest (CRC and length) of the content in the header
CODE = Path(__file__).resolve().parents[1]     # the ruling_engine package
MAX_BYTES = 64 * 1024 * 1024                   # an entry is ~2 MB; a bigger file is not ours


class CacheFormatError(ValueError):
    """A cache file that is not a floorcall entry of the expected kind."""


def cache_folder() -> Path:
    return Path(os.environ.get("FLOORCALL_CACHE") or Path.home() / ".cache" / "floorcall")


def _fingerprint(folders, top_level: bool = False) -> str:
    """The files under `folders` (and this package's code) as they are now; with `top_level`, only
    the files directly in each of `folders` (for work that reads nothing in their subfolders)."""
    digest = sha256(VERSION.encode())
    for folder in folders:
        if top_level:
            digest.update(b"top-level:")
        for line in (_top_files(str(folder)) if top_level else _files(str(folder))):
            digest.update(line.encode())
    for line in _files(str(CODE)):
        digest.update(line.encode())
    return digest.hexdigest()[:24]


def _top_files(folder: str) -> list:
    """'path:mtime:size' of every file directly in `folder` (its subfolders not walked), sorted."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    out = []
    for entry in entries:
        if entry.is_file():
            stat = entry.stat()
            out.append(f"{entry.path}:{stat.st_mtime_ns}:{stat.st_size}")
    out.sort()
    return out


_CODE_FILES: dict = {}


def _files(folder: str) -> list:
    """'path:mtime:size' of every file under `folder` (not __pycache__), sorted. os.scandir, not
    pathlib's rglob: a tenth of the time, and it is paid on every run. The package's own code
    is walked once per process."""
    if folder == str(CODE) and folder in _CODE_FILES:
        return _CODE_FILES[folder]
    out, todo = [], [folder]
    while todo:
        try:
            entries = list(os.scandir(todo.pop()))
        except OSError:
            continue
        for entry in entries:
            if entry.is_dir(follow_symlinks=False):
                if entry.name != "__pycache__":
                    todo.append(entry.path)
            elif entry.is_file():
                stat = entry.stat()
                out.append(f"{entry.path}:{stat.st_mtime_ns}:{stat.st_size}")
    out.sort()
    if folder == str(CODE):
        _CODE_FILES[folder] = out
    return out


def entry_name(name: str, folders) -> str:
    """`name` for what floorcall ships with; `name-elsewhere` when built from any other folder."""
    from ruling_engine.locations import cases_dir, default_knowledge_root
    shipped = {default_knowledge_root().resolve(), cases_dir(default_knowledge_root())}
    return name if all(Path(f).resolve() in shipped for f in folders) else f"{name}-elsewhere"


# -- the codec: JSON of floorcall's own types, nothing else ---------------------------------------
def _types() -> dict:
    from ruling_engine.incident.yaml_source import Located, LocatedList
    from ruling_engine.knowledge.conditions import All, Any_, Leaf
    from ruling_engine.knowledge.load import KnowledgeBase
    from ruling_engine.knowledge.vocabulary import FieldSpec, Vocabulary
    from ruling_engine.model import Clause, Club, Outcome, Rule
    types = {cls.__name__: cls for cls in (KnowledgeBase, Vocabulary, FieldSpec, Rule, Outcome, Clause, Club,
                                           Leaf, All, Any_)}
    return {**types, "Located": Located, "LocatedList": LocatedList}


def encode(value, types: dict | None = None, sections: list | None = None):
    """A JSON-able form of `value`; raises TypeError for a type the cache does not know.

    Scalars are themselves; every container is a list whose first item names its type: ["T",
    ...] a tuple, ["L", ...] a list, ["D", k, v, ...] a dict, ["F", ...] a frozenset, ["P", path],
    ["M", line, [k, line, v]...] a Located mapping, ["N", line, lines, ...] a LocatedList, ["Z",
    k, v, ...] a DeferredValues, and [class name, field values in order] one of floorcall's
    dataclasses (positional: compact and quick to rebuild).

    With `sections` (a list), each DEFERRED field and each DeferredValues value is written as
    JSON text appended to it and stands as ["S", its index]: an entry's reader parses such a
    part only when it is read (read_entry).
    """
    types = types if types is not None else _types()
    by_class = {cls: name for name, cls in types.items()}
    located, located_list = types["Located"], types["LocatedList"]

    def later(v):
        """v encoded as a section of its own (with `sections`), else in place."""
        if sections is None or v is None or type(v) in (bool, int, float, str):
            return enc(v)
        sections.append(json.dumps(enc(v), ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
        return ["S", len(sections)]

    def enc(v):
        cls = type(v)
        if v is None or cls in (bool, int, float, str):
            return v
        if cls is tuple:
            return ["T", *map(enc, v)]
        if cls is dict:
            return ["D", *(enc(x) for item in v.items() for x in item)]
        if cls is list:
            return ["L", *map(enc, v)]
        if cls is located:
            lines = getattr(v, "key_lines", {})
            return ["M", v.line, *([enc(k), lines.get(k, v.line), enc(x)] for k, x in v.items())]
        if cls is located_list:
            return ["N", v.line, list(getattr(v, "item_lines", [])), *map(enc, v)]
        if cls is frozenset:
            return ["F", *sorted(map(enc, v), key=repr)]
        if cls is DeferredValues:
            return ["Z", v.where, *(x for key, item in v.items() for x in (enc(key), later(item)))]
        if isinstance(v, Path):
            return ["P", str(v)]
        name = by_class.get(cls)
        if name:
            fields = dataclasses.fields(v)
            deferred = DEFERRED.get(name, ())
            if sections is None or not deferred:
                return [name, *(enc(getattr(v, f.name)) for f in fields)]
            # the deferred fields together as one section: [name*, section, the other fields in order]
            sections.append(json.dumps([enc(getattr(v, f)) for f in deferred], ensure_ascii=False,
                                       separators=(",", ":")).encode("utf-8"))
            return [name + "*", len(sections), *(enc(getattr(v, f.name)) for f in fields if f.name not in deferred)]
        raise TypeError(f"the cache cannot store a {cls.__name__}")
    return enc(value)


# Fields of floorcall's types left encoded until first read (model.Deferred holds their place): a
# ruling reads the conditions and outcomes of the few rules its issues reach, not all 900, and
# the words of the clauses it cites and of the facts it asks about, not all of them.
DEFERRED = {"Rule": ("when", "then", "quote", "reading", "clause", "topic", "file", "line", "basis", "overrides",
                     "otherwise", "conflicts_with", "escalation"),
            "FieldSpec": ("question", "help"), "Clause": ("text",)}


def decode(data, types: dict | None = None, rebuild=None, section=None):
    """Rebuild what `encode` made; anything else is a CacheFormatError (or a TypeError).

    The fields DEFERRED names are decoded when first read. Should one then prove not to be what
    `encode` writes, `rebuild()` (when given) builds the value afresh and the field is taken from
    the fresh copy of its object: a bad entry costs time, never a wrong or failed ruling.
    ["S", n] is `section(n)`'s JSON (read_entry), parsed and decoded where it stands."""
    types = types if types is not None else _types()
    located, located_list = types["Located"], types["LocatedList"]
    from ruling_engine.records import field_names, is_record
    names = {name: field_names(cls) for name, cls in types.items() if is_record(cls)}
    eager = {tag + "*": (tag, tuple(f for f in names[tag] if f not in fields))
             for tag, fields in DEFERRED.items() if tag in names}
    context = _Context(rebuild, section)
    new = object.__new__
    scalar = frozenset((str, int, float, bool, type(None)))

    def build(tag, values):
        # the fields as encode wrote them, without __init__ (frozen dataclasses set each field
        # through object.__setattr__, several times slower for ~6,000 objects)
        obj = new(types[tag])
        obj.__dict__.update(zip(names[tag], values))
        return obj

    def items(values):
        return [x if type(x) in scalar else dec(x) for x in values]

    def dec(v):
        if type(v) is not list:
            if type(v) in scalar:
                return v
            raise CacheFormatError(f"unexpected {type(v).__name__}")
        if not v:
            raise CacheFormatError("an untagged list")
        tag = v[0]
        if tag in eager and section is not None and type(v[1]) is int and len(eager[tag][1]) == len(v) - 2:
            base, fields = eager[tag]         # first: a rule's grouping record, the commonest object
            obj = new(types[base])
            obj.__dict__.update(zip(fields, items(v[2:])))
            obj.__dict__["_encoded"] = (context, v[1])       # the other fields: section v[1]
            return obj
        if tag == "T":
            return tuple(items(v[1:])) if len(v) > 1 else ()
        if tag == "D":
            flat = items(v[1:])
            keys = flat[0::2]
            for key in keys:
                _key(key)
            return dict(zip(keys, flat[1::2]))
        if tag == "L":
            return items(v[1:])
        if tag == "M":
            out = located()
            out.line = _number(v[1])
            out.key_lines = {}
            for key, line, item in v[2:]:
                key = _key(dec(key))
                out[key] = dec(item)
                out.key_lines[key] = _number(line)
            return out
        if tag == "N":
            out = located_list(items(v[3:]))
            out.line = _number(v[1])
            out.item_lines = [_number(n) for n in v[2]]
            return out
        if tag == "F":
            return frozenset(_key(x) for x in items(v[1:]))
        if tag == "P":
            return Path(_text(v[1]))
        if tag == "S" and section is not None and len(v) == 2 and type(v[1]) is int:
            return dec(json.loads(section(v[1])))
        if tag == "Z" and len(v) % 2 == 0 and type(v[1]) is str:
            keys = items(v[2::2])
            for key in keys:
                _key(key)
            return DeferredValues(dict(zip(keys, v[3::2])), v[1], context)
        if type(tag) is str and tag in names and len(names[tag]) == len(v) - 1:
            return build(tag, items(v[1:]))
        raise CacheFormatError(f"unknown entry {str(tag)[:40]!r}")

    context.dec = dec
    return dec(data)


class _Context:
    """What decoding a deferred field later needs: the decoder, the entry's sections, a rebuild."""

    __slots__ = ("dec", "rebuild", "section")

    def __init__(self, rebuild, section):
        self.dec, self.rebuild, self.section = None, rebuild, section

    def decode(self, obj, name: str, number: int):
        """Field `name` of `obj`, whose deferred fields are section `number` (model.Deferred)."""
        try:
            values = json.loads(self.section(number))
            fields = DEFERRED[type(obj).__name__]
            if type(values) is not list or len(values) != len(fields):
                raise CacheFormatError("a section that is not the object's fields")
            decoded = dict(zip(fields, map(self.dec, values)))
        except Exception:  # noqa: BLE001 - a bad entry: the object is taken from a fresh build
            fresh = _same_object(self.rebuild() if self.rebuild else None, obj)
            if fresh is None:
                raise CacheFormatError(f"a {type(obj).__name__} whose {name} cannot be decoded") from None
            decoded = {field: getattr(fresh, field) for field in DEFERRED[type(obj).__name__]}
        obj.__dict__.update(decoded)           # all of them: the section is parsed once
        return decoded[name]

    def __deepcopy__(self, memo):
        return self


class DeferredValues(Mapping):
    """A read-only mapping whose values an entry keeps encoded until each is looked up (an index
    of which a ruling reads a few entries: the bundled precedents by club, issue and outcome).
    A value that proves bad then is taken from the value built afresh, from the same mapping:
    `where` says which it is there ("" the value itself, "facts", "records/<record>",
    "clauses/<club>" of a knowledge base)."""

    def __init__(self, values: dict, where: str = "", encoded=None):
        self._values, self.where, self._encoded, self._decoded = values, where, encoded, {}

    def __getitem__(self, key):
        if self._encoded is None:
            return self._values[key]
        try:
            return self._decoded[key]
        except KeyError:
            pass
        raw = self._values[key]
        try:
            value = self._encoded.dec(raw)
        except Exception:  # noqa: BLE001 - a bad entry: the value is built afresh instead
            fresh = _same_mapping(self._encoded.rebuild() if self._encoded.rebuild else None, self.where)
            if not isinstance(fresh, Mapping):
                raise CacheFormatError("a value that cannot be decoded") from None
            value = fresh[key]
        self._decoded[key] = value
        return value

    def __contains__(self, key):
        return key in self._values

    def __iter__(self):
        return iter(self._values)

    def __len__(self):
        return len(self._values)

    def items(self):
        return [(key, self[key]) for key in self._values]


def _same_mapping(value, where: str):
    """The mapping of a freshly built value that DeferredValues.where names."""
    kind, _, name = where.partition("/")
    try:
        if kind == "":
            return value
        if kind == "facts":
            return value.vocabulary.facts
        if kind == "records":
            return value.vocabulary.records.get(name)
        if kind == "clauses":
            return value.clauses.get(name)
    except AttributeError:
        pass
    return None


def _same_object(value, obj):
    """The object of a freshly built knowledge base that `obj` (decoded from its entry) stands for."""
    kind = type(obj).__name__
    if kind == "Rule" and isinstance(getattr(value, "rules", None), dict):
        return next((r for r in value.rules.get(obj.club, ()) if r.id == obj.id), None)
    if kind == "Clause" and isinstance(getattr(value, "clauses", None), dict):
        return value.clauses.get(obj.club, {}).get(obj.id)
    if kind == "FieldSpec" and hasattr(value, "vocabulary"):
        specs = [value.vocabulary.facts, *value.vocabulary.records.values()]
        return next((group[obj.name] for group in specs if obj.name in group
                     and group[obj.name].type == obj.type and group[obj.name].source == obj.source), None)
    return None


def _key(value):
    if isinstance(value, (list, dict, set)):
        raise CacheFormatError("an unhashable key")
    return value


def _number(value):
    if type(value) is not int:
        raise CacheFormatError("a line number that is not a number")
    return value


def _text(value):
    if type(value) is not str:
        raise CacheFormatError("a path that is not text")
    return value


# -- reading and writing entries -------------------------------------------------------------------
def read_entry(path: Path, name: str, fingerprint: str, rebuild=None, types: dict | None = None):
    """The value stored at `path`, or raise (OSError, ValueError, CacheFormatError, ...);
    `rebuild` and `types` as decode takes them."""
    import stat
    # O_NONBLOCK: a FIFO put where an entry should be must not hold the run up; only a regular
    # file is read (a FIFO, a device or a folder is no entry: the caller rebuilds and replaces it)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0))
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(handle.fileno()).st_mode):
            raise CacheFormatError("not a regular file")
        raw = handle.read(MAX_BYTES + 1)
    if len(raw) > MAX_BYTES:
        raise CacheFormatError("too large to be a floorcall cache entry")
    import gc
    enabled = gc.isenabled()
    gc.disable()         # thousands of new objects, no cycles: collecting them is wasted time
    try:
        header, section = _sections(raw)
        if header.get("floorcall-cache") != VERSION or header.get("name") != name \
                or header.get("fingerprint") != fingerprint:
            raise CacheFormatError("not the entry expected here")
        # a view, not a copy of the 1.7 MB content (the CRC reads it where it is)
        if header.get("digest") != _digest(memoryview(raw)[raw.find(_VALUE) + len(_VALUE):-2]):
            raise CacheFormatError("content that is not what floorcall wrote")
        return decode(json.loads(section(0)), types, rebuild=rebuild, section=section)
    finally:
        if enabled:
            gc.enable()


_VALUE = b',"value":['


def _entry(name: str, fingerprint: str, parts: list) -> bytes:
    """An entry: one JSON object whose "value" lists the parts (JSON texts: the value, then the
    sections encode made), their lengths in bytes written before them so that a reader can take
    each part without parsing the others."""
    body = b",".join(parts)
    header = json.dumps({"floorcall-cache": VERSION, "name": name, "fingerprint": fingerprint,
                         "parts": [len(part) for part in parts], "digest": _digest(body)},
                        separators=(",", ":")).encode()
    return header[:-1] + _VALUE + body + b"]}"


def _digest(body: bytes) -> str:
    """A digest of an entry's content, written in its header and checked on every read: an entry
    edited by hand, or cut short, is not used. A CRC and the length: without a secret key no
    digest could stop someone who can write the folder from writing a matching one, and zlib costs
    the cold start nothing (hashlib's import alone was 4 ms of it)."""
    import zlib
    return f"{zlib.crc32(body):08x}-{len(body)}"


def _sections(raw: bytes):
    """(header, section(n) -> bytes of part n) of an entry _entry wrote; CacheFormatError for
    anything else (a part's own JSON is checked when it is parsed)."""
    at = raw.find(_VALUE)
    if at < 0 or not raw.endswith(b"]}"):
        raise CacheFormatError("not a floorcall cache entry")
    header = json.loads(raw[:at] + b"}")
    parts = header.get("parts") if isinstance(header, dict) else None
    # thousands of parts: checked and summed by builtins, not a Python loop over each
    if not isinstance(parts, list) or not parts or set(map(type, parts)) != {int} or min(parts) <= 0:
        raise CacheFormatError("no list of parts")
    starts = list(accumulate([length + 1 for length in parts], initial=at + len(_VALUE)))
    start = starts.pop()
    if start + 1 != len(raw):
        raise CacheFormatError("parts that do not add up to the entry")

    def section(n: int) -> bytes:
        if not 0 <= n < len(parts):
            raise CacheFormatError("no such part")
        return raw[starts[n]:starts[n] + parts[n]]
    return header, section


def _stale(base: Path, name: str, keep: Path) -> list:
    """This name's other entries, and every pickle an earlier version wrote (none is read now)."""
    ours = re.compile(re.escape(name) + r"-[0-9a-f]{24}\.json")
    pickled = re.compile(r"[a-z-]+-[0-9a-f]{24}\.pickle")
    return [p for p in base.iterdir() if p != keep and (ours.fullmatch(p.name) or pickled.fullmatch(p.name))]


def entry_path(name: str, folders) -> Path:
    """Where the entry `name` built from the files under `folders` as they are now is kept (it may
    not exist yet)."""
    return cache_folder() / f"{entry_name(name, folders)}-{_fingerprint(folders)}.json"


def _known(types: dict | None):
    return {**_types(), **types} if types else None


def cached(name: str, folders, build, types: dict | None = None, top_level: bool = False):
    """build(), or its stored result when none of the files under `folders` has changed.

    `types`: more of floorcall's own dataclasses (name -> class) the value may hold, beyond the
    knowledge base's. `top_level`: build() reads only the files directly in `folders`, so only
    they are looked at (a folder's subfolders may hold hundreds of files build() never reads)."""
    base = cache_folder()
    name = entry_name(name, folders)
    fingerprint = _fingerprint(folders, top_level)
    path = base / f"{name}-{fingerprint}.json"
    known = _known(types)
    fresh = []

    def rebuild():
        """The value built and stored afresh (once): a part of the entry read later proved bad."""
        if not fresh:
            value = build()
            _write(base, name, fingerprint, path, value, known)
            fresh.append(value)
        return fresh[0]
    try:
        return read_entry(path, name, fingerprint, rebuild, known)
    except Exception:  # noqa: BLE001 - missing, corrupted or foreign: the work is simply done again
        pass
    return rebuild()


def stored(name: str, folders, types: dict | None = None):
    """The value kept as `name` for the files under `folders` as they are now; raises (OSError,
    ValueError, CacheFormatError, ...) when there is none or it does not read."""
    name = entry_name(name, folders)
    fingerprint = _fingerprint(folders)
    path = cache_folder() / f"{name}-{fingerprint}.json"
    return read_entry(path, name, fingerprint, None, _known(types))


def store(name: str, folders, value, types: dict | None = None) -> bool:
    """Keep `value` as `name` for the files under `folders` as they are now (replacing what was
    kept for them before). False, and nothing said, when it cannot be stored or written."""
    base = cache_folder()
    name = entry_name(name, folders)
    fingerprint = _fingerprint(folders)
    return _write(base, name, fingerprint, base / f"{name}-{fingerprint}.json", value, _known(types))


def _write(base: Path, name: str, fingerprint: str, path: Path, value, types=None) -> bool:
    """Write `value` as the entry at `path`; False, and nothing said, when it cannot be."""
    try:
        sections: list = []
        head = json.dumps(encode(value, types, sections=sections), ensure_ascii=False, separators=(",", ":"))
        text = _entry(name, fingerprint, [head.encode("utf-8"), *sections])
    except (TypeError, ValueError, RecursionError):
        return False          # not storable: say nothing, the value is right
    temporary = None
    try:
        import tempfile      # only when writing: most runs just read the cache
        base.mkdir(mode=0o700, parents=True, exist_ok=True)
        if path.is_symlink() or (path.exists() and not path.is_file()):
            import shutil            # a folder, FIFO or link where the entry goes: removed, then written
            shutil.rmtree(path) if path.is_dir() and not path.is_symlink() else path.unlink()
        with tempfile.NamedTemporaryFile("wb", dir=base, prefix=".tmp-", suffix=".json", delete=False) as handle:
            temporary = Path(handle.name)
            handle.write(text)
        os.replace(temporary, path)
        temporary = None
        for old in _stale(base, name, path):
            old.unlink(missing_ok=True)
    except OSError:
        if temporary is not None:
            temporary.unlink(missing_ok=True)
        return False
    return True
