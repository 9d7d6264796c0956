"""A small on-disk cache for work derived from files (the checked knowledge base, the case index).

An entry is keyed by the path, size and modification time of every file it was built from (and
of this package's code), so any change rebuilds it. The cache is an optimisation only: when it
cannot be read or written, the work is simply done.
"""
from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

VERSION = "2"
CODE = Path(__file__).resolve().parents[1]     # the ruling_engine package


def _fingerprint(folders) -> str:
    digest = hashlib.sha256(VERSION.encode())
    for folder in (*folders, CODE):
        for path in sorted(Path(folder).rglob("*")):
            if path.is_file() and "__pycache__" not in path.parts:
                stat = path.stat()
                digest.update(f"{path}:{stat.st_mtime_ns}:{stat.st_size}".encode())
    return digest.hexdigest()[:24]


def cached(name: str, folders, build):
    """build(), or its stored result when none of the files under `folders` has changed."""
    base = Path(os.environ.get("FLOORCALL_CACHE") or Path.home() / ".cache" / "floorcall")
    path = base / f"{name}-{_fingerprint(folders)}.pickle"
    try:
        with path.open("rb") as handle:
            return pickle.load(handle)
    except (OSError, pickle.UnpicklingError, EOFError, AttributeError, ImportError):
        pass
    value = build()
    try:
        import tempfile      # only when writing: most runs just read the cache
        base.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile("wb", dir=base, delete=False) as handle:
            pickle.dump(value, handle, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(handle.name, path)
    except OSError:
        pass
    return value
