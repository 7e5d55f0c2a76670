"""The reports: one summary of a run log rendered for terminals, Markdown, HTML, JSON, JUnit and a badge;
the compliance report (gb16 report) and the conformance tables (gb16 table)."""
