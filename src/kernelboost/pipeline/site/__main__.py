"""``python -m kernelboost.site``: see :mod:`kernelboost.site`."""

import sys

from ..site import main

if __name__ == "__main__":
    sys.exit(main())
