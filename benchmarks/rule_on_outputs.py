"""Everything `rule-on` prints for every bundled case, written to a folder to diff (issue 15, speed).

    .venv/bin/python benchmarks/rule_on_outputs.py OUT_DIR
    diff -r BEFORE_DIR AFTER_DIR

Each case in cases/ and cases/*/ through `rule-on FILE` (the fast path, a new process each, so a
cold cache read is what is compared), and each folder through `rule-on --format json FILE...`
and `rule-on --explain FILE...` (click's path): stdout, stderr and the exit status of each.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RULE_ON = str(Path(sys.executable).parent / "rule-on")


def _run(args: list) -> str:
    done = subprocess.run([RULE_ON, *args], capture_output=True, text=True, cwd=ROOT)
    return f"exit {done.returncode}\n--- stdout\n{done.stdout}--- stderr\n{done.stderr}"


def main() -> None:
    out = Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    folders = [ROOT / "cases", *sorted(p for p in (ROOT / "cases").iterdir() if p.is_dir())]
    for folder in folders:
        files = [str(p.relative_to(ROOT)) for p in sorted(folder.glob("*.yaml"))]
        tag = folder.relative_to(ROOT).as_posix().replace("/", "__")
        for name in files:
            (out / (name.replace("/", "__") + ".txt")).write_text(_run([name]), encoding="utf-8")
        (out / f"{tag}.all.json.txt").write_text(_run(["--format", "json", *files]), encoding="utf-8")
        (out / f"{tag}.all.explain.txt").write_text(_run(["--explain", *files]), encoding="utf-8")
        (out / f"{tag}.all.markdown.txt").write_text(_run(["--format", "markdown", *files]), encoding="utf-8")
    print(f"{len(list(out.iterdir()))} outputs in {out}")


if __name__ == "__main__":
    main()
