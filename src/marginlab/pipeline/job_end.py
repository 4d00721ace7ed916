"""The end of a workflow job's process, without the interpreter's teardown.

A job's script runs in a Python process of its own that Snakemake starts and
waits for. When the script returns, the interpreter tears down every module it
imported before the process exits; for the libraries a job loads that teardown
is measurable: on a 2-core AMD EPYC (Zen 4), ``python -c "import m"`` takes
0.11 s longer for pandas, 0.21 s for numba and 0.34 s for scipy.stats than the
same import ended by :func:`os._exit`, and a figure job's whole process
0.2-0.6 s longer (the 46 figure jobs of the full run: 105 s against 84 s). A
job has nothing left to do at that point: its outputs are written and closed
(every writer of the pipeline writes a temporary file and renames it), so
:func:`end_job` flushes the job's streams and ends the process at once.
"""

from __future__ import annotations

import os
import sys
from typing import NoReturn


def end_job() -> NoReturn:
    """Flush stdout and stderr (a job's log) and end the process with status 0,
    skipping the interpreter's teardown and ``atexit`` handlers.

    Call it last in a job's script, after every output is written: a file
    still open in Python is not flushed. An exception raised before it ends
    the process as usual, with its traceback and a non-zero status.
    """
    for stream in (sys.stdout, sys.stderr):
        if stream is not None:
            stream.flush()
    os._exit(0)
