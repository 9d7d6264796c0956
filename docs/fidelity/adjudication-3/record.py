"""Round 3's verdicts into the case files (run from the checkout's root)."""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from adjudicate import record  # noqa: E402

record('/work/blind/adj3', '2026-12-06, third round')
