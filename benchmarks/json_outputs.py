"""Every case's JSON ruling written to a folder, or compared with one (no ruling changes).

    .venv/bin/python benchmarks/json_outputs.py write DIR     # before a change
    .venv/bin/python benchmarks/json_outputs.py compare DIR   # after it: byte for byte

Each of cases/*.yaml, cases/notions/*.yaml, cases/casebook/*.yaml and the two scale reproducers of
tests/hostile/turn3/ through `rule-on FILE --format json` (a new process each), its stdout with the
top-level `floorcall` version field removed (nothing else touched), its stderr and its exit status.
`compare` writes the new outputs to a temporary folder and names every file that differs.
"""
from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_ON = str(Path(sys.executable).parent / "rule-on")
SCALE = ["tests/hostile/turn3/scale-2000-entries-100-points.yaml",
         "tests/hostile/turn3/combo-10000-raises-100-points.yaml"]


def cases() -> list[str]:
    names = []
    for pattern in ("cases/*.yaml", "cases/notions/*.yaml", "cases/casebook/*.yaml"):
        names += sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(pattern))
    return names + SCALE


def output(name: str) -> str:
    done = subprocess.run([RULE_ON, name, "--format", "json"], capture_output=True, text=True, cwd=ROOT)
    stdout = done.stdout
    try:
        data = json.loads(stdout)
    except ValueError:
        pass                                   # not JSON (a refusal): compared as printed
    else:
        if isinstance(data, dict):
            data.pop("floorcall", None)
        stdout = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
    return f"exit {done.returncode}\n--- stdout\n{stdout}--- stderr\n{done.stderr}"


def write(folder: Path) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = cases()
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, text in zip(names, pool.map(output, names)):
            (folder / (name.replace("/", "__") + ".txt")).write_text(text, encoding="utf-8")
    return names


def main() -> None:
    command, folder = sys.argv[1], Path(sys.argv[2])
    if command == "write":
        print(f"{len(write(folder))} outputs in {folder}")
        return
    fresh = Path(tempfile.mkdtemp(prefix="floorcall-json-"))
    names = write(fresh)
    differ = [n for n in names
              if (fresh / (n.replace("/", "__") + ".txt")).read_bytes()
              != (folder / (n.replace("/", "__") + ".txt")).read_bytes()]
    print(f"{len(names)} outputs compared with {folder}: {len(differ)} differ"
          + "".join(f"\n  {n}" for n in differ))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
