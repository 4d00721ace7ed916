"""``python -m marginlab.pipeline.site``: see :mod:`marginlab.pipeline.site`."""

import sys

from ..site import main

if __name__ == "__main__":
    sys.exit(main())
