"""gb16.tools — the command line, the certification harness and the reports."""
