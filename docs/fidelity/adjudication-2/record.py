"""Round 2's verdicts into the case files (run from the checkout's root)."""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from adjudicate import record  # noqa: E402

# D302 gala and D311 edp were adjudicated in the first round (for the key): not asked again
record('/work/blind/adj2', '2026-12-06, second round', verdict_files=(1, 2, 3), skip={"D302-gala", "D311-edp"})
