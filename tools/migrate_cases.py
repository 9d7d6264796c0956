"""One-off: rewrite incident files (cases, scenarios) from the old format to the timeline,
keeping each file's `expected:` block (and the comments around it) as written."""
from __future__ import annotations

import sys
from pathlib import Path

import yaml

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ruling_engine.incident.upgrade import is_old_format, upgrade  # noqa: E402


class _Flow(list):
    pass


class _FlowMap(dict):
    pass


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(_Flow, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=True))
_Dumper.add_representer(_FlowMap, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=True))


def _flow(value):
    if isinstance(value, dict):
        return _FlowMap({k: _flow(v) for k, v in value.items()})
    if isinstance(value, list):
        return _Flow(_flow(v) for v in value)
    return value


ORDER = ["title", "house", "game", "button", "dealer_seat", "players", "others", "pot_at_start",
         "pot_smallest_chip", "timeline", "notes"]


def _flow_text(value) -> str:
    return yaml.dump(_flow(value), Dumper=_Dumper, allow_unicode=True, width=1000,
                     default_flow_style=True).strip().removesuffix("...").strip()


def _entry_line(entry) -> str:
    if isinstance(entry, dict) and len(entry) == 1 and "seat" not in entry:
        (key, body), = entry.items()
        return f"- {key}:" + ("" if body is None else " " + _flow_text(body))
    return "- " + _flow_text(entry)


def incident_yaml(data: dict, indent: str = "") -> str:
    keys = sorted(data, key=lambda k: ORDER.index(k) if k in ORDER else len(ORDER))
    lines = []
    for key in keys:
        value = data[key]
        if key in ("players", "timeline"):
            lines.append(f"{key}:")
            lines += ["  " + (_entry_line(v) if key == "timeline" else "- " + _flow_text(v)) for v in value]
        else:
            text = yaml.dump({key: _flow(value) if isinstance(value, (dict, list)) else value}, Dumper=_Dumper,
                             sort_keys=False, allow_unicode=True, width=100, default_flow_style=False)
            lines += text.rstrip("\n").split("\n")
    return "".join(indent + line + "\n" for line in lines)


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
