"""The triage of the generated mutants (gb16.tools.mutants.generated) that a check does not
kill: each argued equivalent in writing — a rule over the mutated line that no legal input can
tell from the reference, or one mutant by id with its argument.  A mutant argued here is still
judged on every run: a kill would prove the argument wrong (docs/kill-tables.md shows it)."""

from __future__ import annotations

TRIAGE = ("Survivors are triaged in gb16.tools.mutants.generated_triage: each argued equivalent (the argument "
          "is in the triage column) or left OPEN.")

#: mutant id → why no legal input tells it from the reference.
ARGUED: dict[str, str] = {}


def argued(row: dict) -> str | None:
    """The written argument that the mutant of ``row`` is equivalent, or None."""
    return ARGUED.get(row["id"])
