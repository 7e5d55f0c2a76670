"""The mutant catalogue, one module per area of the rules; importing a module registers its
mutants (gb16.tools.mutants.machinery.MUTANTS)."""
