"""Floor 0 of the kit: one batch line, others' text made safe, the optional extras (standard library only)."""
