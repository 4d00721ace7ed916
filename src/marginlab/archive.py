"""``marginlab.archive``: the public names of :mod:`marginlab.pipeline.archive`."""

from .pipeline.archive import *  # noqa: F403
from .pipeline.archive import main

if __name__ == "__main__":
    raise SystemExit(main())
