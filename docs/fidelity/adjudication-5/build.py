"""Round 5's packets (2026-12-07, fifth session): docs/fidelity/adjudicate.py with the keys up to batch T."""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from adjudicate import FIRST_KEYS, batch_keys, build  # noqa: E402

build('/work/blind/adj5', FIRST_KEYS + batch_keys('m', 'n', 'p', 'q', 'r', 's', 't'), seed=202612075)
