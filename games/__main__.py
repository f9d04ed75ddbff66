"""``python -m games solve|generate|table``: see :mod:`games.cli`."""

import sys

from games.cli import main

sys.exit(main())
