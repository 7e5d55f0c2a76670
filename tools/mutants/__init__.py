"""Mutant scorers: the reference with one plausible mistake each, for measuring what the checks catch."""
