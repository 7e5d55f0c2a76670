"""``python -m gb16``: the ``gb16`` command (gb16.tools.cli)."""

import sys

from gb16.tools.cli import main

sys.exit(main())
