"""``marginlab.site``: the public names of :mod:`marginlab.pipeline.site`."""

from .pipeline.site import *  # noqa: F403
from .pipeline.site import main

if __name__ == "__main__":
    raise SystemExit(main())
