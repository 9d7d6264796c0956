"""The corrected hand: each club's rulings applied to the replayed hand, and the checks that its answer is one answer."""
