"""``python -m kernelboost.site``: see :mod:`kernelboost.site`."""

import sys

from . import main

if __name__ == "__main__":
    sys.exit(main())
