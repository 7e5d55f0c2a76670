"""The certification harness: the protocol, the corpus as it is read, the implementations under test,
run logs, comparison of results with expectations, and the certify / summary commands."""
