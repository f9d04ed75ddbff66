"""``python -m games solve FILE|-``: see :mod:`games.cli`."""

import sys

from games.cli import main

sys.exit(main())
