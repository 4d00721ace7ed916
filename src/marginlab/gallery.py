"""``marginlab.gallery``: the public names of :mod:`marginlab.pipeline.gallery`."""

from .pipeline.gallery import *  # noqa: F403
from .pipeline.gallery import main

if __name__ == "__main__":
    raise SystemExit(main())
