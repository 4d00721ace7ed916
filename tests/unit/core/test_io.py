"""Atomic writes (marginlab.core.io): nothing partial is left behind, and
results get the permissions the umask allows."""

from __future__ import annotations

import pandas as pd
import pytest

from marginlab.core.io import atomic_path, write_frame_atomic, write_text_atomic
from marginlab.experiments._shared.figures import new_figure, save_figure


def test_atomic_writes_leave_nothing_on_error(tmp_path) -> None:
    target = tmp_path / "out.csv"

    def interrupted_write() -> None:
        with atomic_path(target) as tmp:
            tmp.write_text("partial")
            raise RuntimeError("boom")

    with pytest.raises(RuntimeError, match="boom"):
        interrupted_write()
    assert list(tmp_path.iterdir()) == []
    write_frame_atomic(pd.DataFrame({"a": [1.5, 2.0]}), target)
    assert target.read_bytes() == b"a\n1.5\n2.0\n"
    write_text_atomic("hello\n", tmp_path / "t.md")
    assert (tmp_path / "t.md").read_text() == "hello\n"


def test_atomic_write_removes_what_a_killed_writer_left(tmp_path) -> None:
    from marginlab.core.io import stale_temporaries, write_text_atomic

    target = tmp_path / "table.csv"
    left = tmp_path / ".table.k1ll3d_x.csv"  # as mkstemp names it
    left.write_text("half a tab")
    other = tmp_path / ".table.v2.abcdefgh.csv"  # another file's temporary
    other.write_text("not ours")
    assert stale_temporaries(target) == [left]
    write_text_atomic("whole\n", target)
    assert target.read_text() == "whole\n"
    assert not left.exists()
    assert other.exists()


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o077, 0o600)])
def test_atomic_writes_get_the_usual_permissions(tmp_path, umask, mode) -> None:
    """Results are readable as the umask allows, like any file open() creates."""
    import os
    import stat

    old = os.umask(umask)
    try:
        write_text_atomic("x\n", tmp_path / "t.md")
        save_figure(new_figure()[0], tmp_path / "f.png")
        (tmp_path / "plain.txt").write_text("x\n")
    finally:
        os.umask(old)
    for name in ("t.md", "f.png", "plain.txt"):
        assert stat.S_IMODE((tmp_path / name).stat().st_mode) == mode, name
