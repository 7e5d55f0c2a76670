"""The mutant catalogue, one module per area of the rules; importing a module registers its
mutants (gb16.tools.mutants.machinery.MUTANTS)."""

# Every area, imported in the catalogue's order (the order of the kill table and the report rows).
from gb16.tools.mutants.areas import (  # noqa: F401,E402
    shapes, waits, concealment, counts, honours, tile_content, combinations, win_conditions, readings, contract,
)
