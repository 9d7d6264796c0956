"""Every case's JSON ruling written to a folder, or compared with one (no ruling changes).

    .venv/bin/python benchmarks/json_outputs.py write DIR     # before a change
    .venv/bin/python benchmarks/json_outputs.py compare DIR   # after it: byte for byte
    .venv/bin/python benchmarks/json_outputs.py write|compare DIR --in-process   # one process (minutes, not an hour, on a loaded machine)

Each of cases/*.yaml, cases/notions/*.yaml, cases/casebook/*.yaml and the two scale reproducers of
tests/hostile/turn3/ through `python cli.py rule-on FILE --format json` (a new process each, this
checkout's code even where the venv's editable install points at another checkout), its stdout with the
top-level `floorcall` version field removed (nothing else touched), its stderr and its exit status.
`--in-process` calls the same `rule_on_files` as rule-on does, once per file, in this process (its
stdout, stderr and exit status collected as the command's would be): a memo that leaked from one
incident into the next would show here, which a new process each would hide.
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
RULE_ON = [sys.executable, str(ROOT / "cli.py"), "rule-on"]   # this checkout's code, not an installed copy's
SCALE = ["tests/hostile/turn3/scale-2000-entries-100-points.yaml",
         "tests/hostile/turn3/combo-10000-raises-100-points.yaml"]


def cases() -> list[str]:
    names = []
    for pattern in ("cases/*.yaml", "cases/notions/*.yaml", "cases/casebook/*.yaml"):
        names += sorted(str(p.relative_to(ROOT)) for p in ROOT.glob(pattern))
    return names + SCALE


def output(name: str) -> str:
    done = subprocess.run([*RULE_ON, name, "--format", "json"], capture_output=True, text=True, cwd=ROOT)
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


def output_in_process(name: str) -> str:
    """`output(name)`, through rule-on's own function in this process."""
    import os
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))            # this checkout's ruling_engine
    from ruling_engine.rule_on_cli import rule_on_files
    out, err = [], []

    def echo(message: str = "", nl: bool = True, err_: bool = False, **kw) -> None:
        (err if kw.get("err", err_) else out).append(str(message) + ("\n" if nl else ""))
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        rule_on_files([name], None, "json", False, echo)
        code = 0
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else 1
    finally:
        os.chdir(cwd)
    stdout = "".join(out)
    try:
        data = json.loads(stdout)
    except ValueError:
        pass
    else:
        if isinstance(data, dict):
            data.pop("floorcall", None)
        stdout = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=False) + "\n"
    return f"exit {code}\n--- stdout\n{stdout}--- stderr\n{''.join(err)}"


def write(folder: Path, in_process: bool = False) -> list[str]:
    folder.mkdir(parents=True, exist_ok=True)
    names = cases()
    with ThreadPoolExecutor(max_workers=2) as pool:
        for name, text in zip(names, map(output_in_process, names) if in_process else pool.map(output, names)):
            (folder / (name.replace("/", "__") + ".txt")).write_text(text, encoding="utf-8")
    return names


def main() -> None:
    command, folder = sys.argv[1], Path(sys.argv[2])
    in_process = "--in-process" in sys.argv[3:]
    if command == "write":
        print(f"{len(write(folder, in_process))} outputs in {folder}")
        return
    fresh = Path(tempfile.mkdtemp(prefix="floorcall-json-"))
    names = write(fresh, in_process)
    differ = [n for n in names
              if (fresh / (n.replace("/", "__") + ".txt")).read_bytes()
              != (folder / (n.replace("/", "__") + ".txt")).read_bytes()]
    print(f"{len(names)} outputs compared with {folder}: {len(differ)} differ"
          + "".join(f"\n  {n}" for n in differ))
    sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
