"""The commands (floor 3): the command line (cli.py) and one module per command."""
