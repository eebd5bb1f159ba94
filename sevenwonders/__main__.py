"""``python -m sevenwonders`` runs the command line."""

import sys

from sevenwonders.cli import main

sys.exit(main())
