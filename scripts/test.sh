#!/bin/sh
# The README's test command: install what the tests need, check the knowledge base and that every
# clause of the four rulebooks is encoded, run the suite.
# Installs Debian's Chromium (for the report's headless-browser test) when it is missing.
set -e
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "installing Chromium for the browser test (apt-get)..."
    { $SUDO apt-get install -y -q chromium >/dev/null 2>&1 \
      || { $SUDO apt-get update -q >/dev/null 2>&1 && $SUDO apt-get install -y -q chromium >/dev/null 2>&1; }; } || {
        echo "could not install Chromium; install it yourself, or run .venv/bin/python -m pytest -q to skip the browser test" >&2
        exit 1
    }
fi
python3 -m venv .venv
.venv/bin/pip install -q -e '.[test]'
.venv/bin/floorcall check
.venv/bin/floorcall coverage --require-complete
FLOORCALL_REQUIRE_BROWSER=1 .venv/bin/python -m pytest -q
