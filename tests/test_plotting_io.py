from __future__ import annotations

import hashlib

import pandas as pd
import pytest

from kernelboost.core.io import atomic_path, write_frame_atomic, write_text_atomic
from kernelboost.experiments._shared.figures import new_figure, save_figure
from kernelboost.experiments.losses.figures import plot_losses
from kernelboost.experiments.losses.study import margin_grid
from kernelboost.theory.losses import loss_curves


def sha(path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_saving_the_same_figure_twice_gives_the_same_bytes(tmp_path) -> None:
    curves = loss_curves(margin_grid(-2, 2, 41))
    paths = []
    for run in ("a", "b"):
        png, pdf = tmp_path / f"{run}.png", tmp_path / f"{run}.pdf"
        save_figure(plot_losses(curves), png, pdf)
        paths.append((png, pdf))
    assert sha(paths[0][0]) == sha(paths[1][0])
    assert sha(paths[0][1]) == sha(paths[1][1])
    assert b"CreationDate" not in paths[0][1].read_bytes()
    assert b"matplotlib" not in paths[0][0].read_bytes().lower()


def test_a_failed_save_leaves_no_file(tmp_path) -> None:
    fig, _ = new_figure()
    target = tmp_path / "figure.unknownformat"
    with pytest.raises(ValueError, match="unknownformat"):
        save_figure(fig, target)
    assert list(tmp_path.iterdir()) == []


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
    from kernelboost.core.io import stale_temporaries, write_text_atomic

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
