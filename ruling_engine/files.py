"""Writing the user's files safely: `floorcall report --out` and `floorcall ask --save`.

- A file is replaced without --force only if floorcall wrote it and it is unchanged since: the
  record of what was written (path and SHA-256 of the content) is kept outside the file, in
  floorcall's state folder, so no text inside a file can make it look like floorcall's.
- A dangling symlink is never written through (it would create a file wherever it points).
- A missing or read-only folder is a clear error naming the folder (exit 2), found before any work.
- A file is written whole or not at all: a temporary file in the same folder, then renamed (a new
  file is linked into place, so a file that appeared meanwhile is not clobbered either).
- What cannot be saved where asked can be saved in the state folder instead (`fallback_path`).

The state folder is $XDG_STATE_HOME/floorcall (default ~/.local/state/floorcall).
"""
from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from pathlib import Path

from ruling_engine.errors import FloorcallError

RECORD_LIMIT = 200        # the most recent files written; older ones need --force to be replaced


def state_folder() -> Path:
    return Path(os.environ.get("XDG_STATE_HOME") or Path.home() / ".local" / "state") / "floorcall"


def _record_file() -> Path:
    return state_folder() / "written.json"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _records() -> dict:
    try:
        data = json.loads(_record_file().read_text(encoding="utf-8"))
        return {str(k): str(v) for k, v in data.get("written", {}).items()} if isinstance(data, dict) else {}
    except (OSError, ValueError, AttributeError):
        return {}


def written_by_floorcall(path: Path) -> bool:
    """Whether `path` holds exactly what floorcall last wrote there."""
    try:
        content = Path(path).read_bytes()
    except OSError:
        return False
    return _records().get(str(Path(path).resolve())) == _digest(content)


def _remember(path: Path, data: bytes) -> None:
    records = _records()
    key = str(Path(path).resolve())
    records.pop(key, None)
    records[key] = _digest(data)
    records = dict(list(records.items())[-RECORD_LIMIT:])
    try:
        _atomic_write(_record_file(), json.dumps({"written": records}, indent=0).encode("utf-8"), replace=True,
                      make_folder=True)
    except OSError:
        pass      # the file is written; replacing it later will need --force


def target(path: Path, what: str) -> Path:
    """The file to write for `path`, or a FloorcallError saying why it cannot be written.

    A symlink to an existing file stands for that file; a dangling symlink is refused.
    """
    path = Path(path)
    name = str(path)
    if path.is_symlink() and not path.exists():
        raise FloorcallError(name, None, f"a file to write {what} to",
                             f"a symlink to {os.readlink(path)}, which does not exist",
                             "floorcall does not write through a dangling symlink: remove it or choose another name")
    real = path.resolve() if path.is_symlink() else path
    if real.is_dir():
        raise FloorcallError(name, None, f"a file to write {what} to", "a folder",
                             f"give a file name, e.g. {path / 'report.html'}")
    folder = real.parent if str(real.parent) else Path(".")
    if not folder.is_dir():
        raise FloorcallError(name, None, "a folder that exists", f"no folder {folder}",
                             f"create it first (mkdir -p {folder}) or choose another name")
    probe = None
    try:
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".floorcall-")
        os.close(fd)
    except OSError as exc:
        raise FloorcallError(name, None, "a folder you may write to",
                             f"{folder} is not writable ({exc.strerror or exc})",
                             "choose a folder you may write to") from None
    finally:
        if probe:
            Path(probe).unlink(missing_ok=True)
    return real


def _atomic_write(path: Path, data: bytes, replace: bool, make_folder: bool = False) -> None:
    if make_folder:
        path.parent.mkdir(parents=True, exist_ok=True)
    fd, temporary = tempfile.mkstemp(dir=path.parent, prefix=".floorcall-")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        if replace:
            os.replace(temporary, path)
        else:
            os.link(temporary, path)          # fails if anything (a file, a symlink) is there now
    finally:
        Path(temporary).unlink(missing_ok=True)


def write_file(path: Path, text: str, what: str, force: bool = False, replace_own: bool = False) -> Path:
    """Write `text` to `path`; return the file written.

    Without `force`, an existing file is replaced only when `replace_own` and floorcall wrote it
    (unchanged since). Every refusal or failure is a FloorcallError naming the file.
    """
    real = target(path, what)
    exists = real.exists()
    if exists and not force and not (replace_own and written_by_floorcall(real)):
        raise FloorcallError(str(path), None, "a new file" + (", or a file floorcall wrote and nobody changed since"
                                                                if replace_own else ""),
                             "an existing file" + (" floorcall did not write (or that was changed since)"
                                                   if replace_own else ""),
                             "choose another name, or add --force to replace it")
    data = text.encode("utf-8")
    try:
        _atomic_write(real, data, replace=exists)
    except FileExistsError:
        raise FloorcallError(str(path), None, "a new file", "a file that appeared while writing",
                             "choose another name, or add --force to replace it") from None
    except OSError as exc:
        raise FloorcallError(str(path), None, "a file you may write", exc.strerror or str(exc),
                             "check the folder exists and you may write to it") from None
    _remember(real, data)
    return real


def fallback_path(name: str) -> Path:
    """Where to save what could not be saved where asked: the state folder, a name never used."""
    stem = Path(name).stem or "incident"
    folder = state_folder() / "unsaved"
    return folder / f"{stem}-{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}{Path(name).suffix or '.yaml'}"


def save_with_fallback(path: Path, text: str, what: str, force: bool = False):
    """Save to `path`; if that cannot be done, to `fallback_path`. Returns (file, error or None).

    Raises the original error only if the fallback cannot be written either (the caller then
    prints the text itself so nothing is lost).
    """
    try:
        return write_file(path, text, what, force=force), None
    except FloorcallError as error:
        if "--force" in error.suggestion and "appeared" not in error.found:
            raise                        # an existing file: the user chooses, nothing is lost yet
        fallback = fallback_path(str(path))
        try:
            _atomic_write(fallback, text.encode("utf-8"), replace=False, make_folder=True)
        except OSError:
            raise error from None
        return fallback, error
