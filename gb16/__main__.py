"""``python -m gb16``: the ``gb16`` command (gb16.tools.commands.cli)."""

import sys

from gb16.tools.commands.cli import main

sys.exit(main())
