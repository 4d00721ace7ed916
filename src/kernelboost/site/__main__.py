"""``python -m kernelboost.site``: see :mod:`kernelboost.site`."""

import sys

from . import main

sys.exit(main())
