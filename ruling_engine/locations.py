"""Where the knowledge base and the bundled cases are: a checkout, an installed wheel, or a folder
the user names with FLOORCALL_KNOWLEDGE.

In a checkout they are the top-level `knowledge/` and `cases/` folders beside `ruling_engine/`.
An installed wheel (or `pip install .`) carries copies of both inside the package, as
`ruling_engine/bundled/knowledge` and `ruling_engine/bundled/cases` (see pyproject.toml), found
with importlib.resources. `FLOORCALL_KNOWLEDGE` names another knowledge folder; the cases are
always the `cases/` folder beside the knowledge folder in use, so a report or a precedent never
mixes one knowledge base with another's cases.
"""
from __future__ import annotations

import os
from pathlib import Path

from ruling_engine.errors import FloorcallError

ENV = "FLOORCALL_KNOWLEDGE"
CHECKOUT = Path(__file__).resolve().parents[1]     # the folder holding ruling_engine/ in a checkout


def _bundled(name: str) -> Path | None:
    """The copy of `name` (knowledge or cases) inside the installed package, if there is one.
    A package in a folder (a checkout, an installed wheel) is looked at directly: importlib.resources
    costs a tenth of a cold start in imports, and is needed only for a package in a zip file."""
    package = Path(__file__).resolve().parent
    if (package / "__init__.py").is_file():
        path = package / "bundled" / name
        return path if path.is_dir() else None
    from importlib import resources
    try:
        path = Path(str(resources.files("ruling_engine") / "bundled" / name))
    except (ModuleNotFoundError, TypeError, ValueError):
        return None
    return path if path.is_dir() else None


def default_knowledge_root() -> Path:
    """The knowledge base that ships with floorcall: the installed copy, else the checkout's."""
    return _bundled("knowledge") or CHECKOUT / "knowledge"


def knowledge_root() -> Path:
    """The knowledge folder in use: $FLOORCALL_KNOWLEDGE, or the one that ships with floorcall."""
    named = os.environ.get(ENV)
    return Path(named) if named else default_knowledge_root()


def cases_dir(knowledge: Path | None = None) -> Path:
    """The cases that go with a knowledge folder: the `cases/` folder beside it."""
    return Path(knowledge or knowledge_root()).resolve().parent / "cases"


def check_knowledge_root(root: Path) -> None:
    """A clear error when the knowledge folder is missing: whose setting it is, and what to do.

    A missing knowledge base is never the incident file's fault, so the message names where the
    folder was looked for and why (FLOORCALL_KNOWLEDGE, or the installation).
    """
    if (root / "vocabulary.yaml").is_file():
        return
    if os.environ.get(ENV):
        raise FloorcallError(f"{ENV}={os.environ[ENV]}", None,
                             "a floorcall knowledge folder (with vocabulary.yaml, clubs/, clauses/, rules/)",
                             f"no knowledge base at {root}",
                             f"point {ENV} at a knowledge folder, or unset it to use the one floorcall ships with")
    raise FloorcallError("floorcall installation", None,
                         "the knowledge base that ships with floorcall",
                         f"no knowledge base at {root} (the installation is incomplete)",
                         "reinstall floorcall (pip install --force-reinstall floorcall), or set "
                         f"{ENV} to a knowledge folder")
