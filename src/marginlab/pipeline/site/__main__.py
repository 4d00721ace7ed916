"""``python -m marginlab.site``: see :mod:`marginlab.site`."""

import sys

from ..site import main

if __name__ == "__main__":
    sys.exit(main())
