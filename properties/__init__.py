"""gb16.properties — Hypothesis properties of the scoring rules and Z3 proofs of §二.6."""
