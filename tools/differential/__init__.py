"""Differential certification: random hands scored by the reference and an implementation, compared and classified."""
