"""One-off: rewrite incident files (cases, scenarios) from the old format to the timeline,
keeping each file's `expected:` block (and the comments around it) as written."""
from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ruling_engine.incident.upgrade import incident_yaml, is_old_format, upgrade  # noqa: E402


def migrate_case(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    if not is_old_format(data):
        return False
    lines = text.splitlines(True)
    cut = next((i for i, l in enumerate(lines) if l.startswith("expected:")), len(lines))
    while cut > 0 and lines[cut - 1].startswith("#"):
        cut -= 1
    while cut > 0 and not lines[cut - 1].strip():
        cut -= 1
    tail = "".join(lines[cut:])
    incident = {k: v for k, v in data.items() if k != "expected"}
    path.write_text(incident_yaml(upgrade(incident)) + tail, encoding="utf-8")
    return True


def migrate_scenario(path: Path) -> bool:
    text = path.read_text(encoding="utf-8")
    data = yaml.safe_load(text)
    if not is_old_format(data.get("incident") or {}):
        return False
    lines = text.splitlines(True)
    start = next(i for i, l in enumerate(lines) if l.startswith("incident:"))
    end = next((i for i in range(start + 1, len(lines)) if lines[i].strip() and not lines[i].startswith((" ", "#"))),
               len(lines))
    body = "incident:\n" + incident_yaml(upgrade(data["incident"]), indent="  ")
    path.write_text("".join(lines[:start]) + body + "".join(lines[end:]), encoding="utf-8")
    return True


if __name__ == "__main__":
    changed = 0
    for arg in sys.argv[1:]:
        path = Path(arg)
        scenario = "scenarios" in path.parts
        changed += (migrate_scenario if scenario else migrate_case)(path)
    print(f"migrated {changed} file(s)")
