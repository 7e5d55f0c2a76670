"""Adapters that put third-party scorers behind the harness protocol."""
