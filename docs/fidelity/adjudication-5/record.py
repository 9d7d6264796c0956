"""Round 5's verdicts into the case files (run from the checkout's root)."""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from adjudicate import record  # noqa: E402

record('/work/blind/adj5', '2026-12-07, fifth round')
