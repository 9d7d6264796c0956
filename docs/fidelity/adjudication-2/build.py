"""Round 2's packets (2026-12-06): docs/fidelity/adjudicate.py with the keys up to batch N."""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from adjudicate import FIRST_KEYS, batch_keys, build  # noqa: E402

build('/work/blind/adj2', FIRST_KEYS + batch_keys('n'), seed=20261206)
