"""Atomic file writing: a result file appears whole or not at all."""

from __future__ import annotations

import os
import re
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """Yield a temporary path beside ``path``; rename it to ``path`` on success.

    On any exception the temporary file is removed and ``path`` is untouched.
    A process killed outright (SIGKILL) cannot clean up, so the temporary files
    that earlier writes of the same ``path`` left behind are removed first.
    The file gets the mode a plain ``open(path, "w")`` would give it (0666 less
    the umask), not ``mkstemp``'s private 0600.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    for stale in stale_temporaries(path):
        stale.unlink(missing_ok=True)
    fd, tmp = tempfile.mkstemp(
        dir=path.parent, prefix=f".{path.stem}.", suffix=path.suffix
    )
    os.close(fd)
    try:
        yield Path(tmp)
        os.chmod(tmp, 0o666 & ~current_umask())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def current_umask() -> int:
    """The process's file-mode creation mask (read by setting it and back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def stale_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """Temporary files of :func:`atomic_path` for ``path`` left in its folder.

    They are named ``.<stem>.<8 random characters><suffix>`` (``mkstemp``).
    """
    path = Path(path)
    if not path.parent.is_dir():
        return []
    pattern = re.compile(
        rf"\.{re.escape(path.stem)}\.[A-Za-z0-9_]{{8}}{re.escape(path.suffix)}"
    )
    return sorted(p for p in path.parent.iterdir() if pattern.fullmatch(p.name))


def _write(path: str | os.PathLike[str], writer: Callable[[IO[str]], None]) -> None:
    with atomic_path(path) as tmp, tmp.open("w", newline="") as handle:
        writer(handle)


def write_frame_atomic(frame: pd.DataFrame, path: str | os.PathLike[str]) -> None:
    """Write a table as CSV (no index, ``\\n`` line ends) atomically."""
    _write(path, lambda h: frame.to_csv(h, index=False, lineterminator="\n"))


def write_text_atomic(text: str, path: str | os.PathLike[str]) -> None:
    """Write text atomically."""
    _write(path, lambda h: h.write(text))
