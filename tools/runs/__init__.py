"""Runs beside the harness (floor 1): batch scoring on several cores, the batch fuzz, timing, corpus checks."""
