#!/bin/sh
# The README's test command (and .ci/run's): install what the tests need, check the knowledge base
# and that every clause of the four rulebooks is encoded, run the suite. Each stage says what it
# is doing. Chromium (for the report's headless-browser test) is installed only when missing:
# Debian's `chromium` package alone, without recommended packages and without upgrading
# anything else (no `apt-get upgrade`); apt's output goes to a log file the message names.
set -e
cd "$(dirname "$0")/.."
stage() { printf '\n== test.sh %s: %s\n' "$1" "$2"; }

stage 1/5 "Chromium for the report's browser test"
if command -v chromium >/dev/null 2>&1; then
    echo "found $(command -v chromium)"
else
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    LOG="${TMPDIR:-/tmp}/floorcall-apt-chromium.log"
    APT="$SUDO env DEBIAN_FRONTEND=noninteractive apt-get -y -q"
    echo "not installed: apt-get install --no-install-recommends chromium (nothing else upgraded); apt's output: $LOG"
    : > "$LOG"
    if ! $APT install --no-install-recommends chromium >>"$LOG" 2>&1; then
        echo "the package lists may be old: apt-get update, then the same install (same log)"
        $APT update >>"$LOG" 2>&1 && $APT install --no-install-recommends chromium >>"$LOG" 2>&1 || {
            tail -n 20 "$LOG" >&2
            echo "could not install Chromium (the log's end is above, all of it in $LOG); install it yourself," \
                 "or run .venv/bin/python -m pytest -q to skip the browser test" >&2
            exit 1
        }
    fi
    grep -E '^[0-9]+ upgraded, [0-9]+ newly installed' "$LOG" | tail -n 1 || true
    echo "installed $(command -v chromium)"
fi

stage 2/5 "the virtual environment .venv with floorcall (editable) and the test extras"
python3 -m venv .venv
.venv/bin/pip install -q -e '.[test]'
echo "$(.venv/bin/floorcall --version | head -n 1) in .venv"

stage 3/5 "floorcall check: quotes verbatim, ids unique, facts declared, rules reachable and compiled"
.venv/bin/floorcall check

stage 4/5 "floorcall coverage --require-complete: every clause encoded or marked non-normative"
.venv/bin/floorcall coverage --require-complete

stage 5/5 "pytest on every core (the browser test required; the wheel test builds and installs floorcall in a fresh venv)"
FLOORCALL_REQUIRE_BROWSER=1 .venv/bin/python -m pytest -q -n auto
