"""A user's CSV through Snakemake: a feature named ``flipped`` or a byte-order
mark runs; a file too large for its study, too small for its split, with
values whose squares overflow, or separated by semicolons stops the run
before any job with one line naming the key and the file.
tests/unit/pipeline/test_data_checks.py tries these checks without Snakemake."""

from __future__ import annotations

import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
import yaml

from ..conftest import snakemake
from .conftest import stderr_lines

#: One small target that reads the user's data (K14's study, its tables).
TARGET = "results/metrics/knn_k/errors.csv"


def _rows(m: int, big: str | None = None, label_first: bool = False) -> str:
    """m rows ``x1,x2,label`` (or ``label,x1,x2``) of seeded 2-D points,
    alternating labels 0/1; ``big`` replaces x2 of the eighth row (line 9)."""
    rng = np.random.default_rng(0)
    X = rng.standard_normal((m, 2))
    cells = [[f"{a:.6f}", f"{b:.6f}", str(i % 2)] for i, (a, b) in enumerate(X)]
    if big is not None:
        cells[7][1] = big
    if label_first:
        cells = [[label, a, b] for a, b, label in cells]
    return "".join(",".join(row) + "\n" for row in cells)


def _use(wf: Path, content: str | bytes, section: str = "knn_k") -> None:
    """Write ``mine.csv`` into the workflow copy and make ``section`` read it."""
    path = wf / "mine.csv"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content)
    config_path = wf / "config.yaml"
    config = yaml.safe_load(config_path.read_text())
    config["datasets"]["mine"] = {"generator": "csv", "path": "mine.csv"}
    config[section]["dataset"] = "mine"
    config_path.write_text(yaml.safe_dump(config))


def _refused(wf: Path) -> str:
    """The one line of a run stopped by the configuration check, which ran no
    job and left no result."""
    start = time.perf_counter()
    proc = snakemake(wf, TARGET, check=False)
    elapsed = time.perf_counter() - start
    assert proc.returncode != 0
    lines = stderr_lines(proc.stderr)
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("Invalid configuration (")
    assert not (wf / "results").exists(), "a job ran"
    # The check itself takes well under 5 s (tests/unit/pipeline/test_data_checks.py);
    # this is Snakemake's start as well, on a machine that may be busy.
    assert elapsed < 10, f"the refusal took {elapsed:.1f} s"
    return lines[0]


@pytest.mark.pipeline
def test_a_feature_named_flipped_stays_a_feature(workflow_copy: Path) -> None:
    """It was read back as the label-noise mask, and knn_k died (IndexError)."""
    rng = np.random.default_rng(1)
    X = rng.standard_normal((40, 2))
    rows = "".join(f"{a:.6f},{b:.6f},{i % 2}\n" for i, (a, b) in enumerate(X))
    _use(workflow_copy, "x1,flipped,label\n" + rows)
    snakemake(workflow_copy, TARGET)
    data = pd.read_csv(workflow_copy / "results/data/mine.csv")
    assert list(data.columns) == ["x1", "flipped", "label"]
    errors = pd.read_csv(workflow_copy / TARGET)
    assert (errors["n_train"] + errors["n_test"] == 40).all()


@pytest.mark.pipeline
def test_a_byte_order_mark_before_label_is_read(workflow_copy: Path) -> None:
    """A spreadsheet's UTF-8 with a byte-order mark: it was 'no label column'."""
    text = "label,x1,x2\n" + _rows(40, label_first=True)
    _use(workflow_copy, b"\xef\xbb\xbf" + text.encode())
    snakemake(workflow_copy, TARGET)
    data = pd.read_csv(workflow_copy / "results/data/mine.csv")
    assert list(data.columns) == ["x1", "x2", "label"]


@pytest.mark.pipeline
def test_a_csv_too_large_for_its_study_is_refused(workflow_copy: Path) -> None:
    """10^5 rows into pegasos_convergence ran past 150 s."""
    _use(workflow_copy, "x1,x2,label\n" + _rows(100_000), "pegasos_convergence")
    line = _refused(workflow_copy)
    assert line.endswith(
        "'pegasos_convergence.dataset': 'mine' (mine.csv) has 100000 rows; this "
        "study forms a 100000 × 100000 kernel matrix (75 GiB); at most 20000 "
        "rows (3.0 GiB)"
    )


@pytest.mark.pipeline
def test_a_two_row_csv_is_refused(workflow_copy: Path) -> None:
    """It died in knn_k's job: "X has no samples (shape (0, 2))"."""
    _use(workflow_copy, "x1,x2,label\n" + _rows(2))
    line = _refused(workflow_copy)
    assert "'knn_k.dataset': 'mine' (mine.csv) has 1 of class 0 " in line
    assert "at least 2 of each class" in line


@pytest.mark.pipeline
def test_values_whose_squares_overflow_are_refused(workflow_copy: Path) -> None:
    """K14's "1-NN makes no training error" read 0.85 on such data."""
    _use(workflow_copy, "x1,x2,label\n" + _rows(40, big="1e199"))
    line = _refused(workflow_copy)
    assert (
        "'datasets.mine': mine.csv, line 9, column 'x2': 1e199 is too large: "
        "squared distances between 40 points in 2 dimensions would overflow"
    ) in line


@pytest.mark.pipeline
def test_a_semicolon_csv_is_named_as_such(workflow_copy: Path) -> None:
    """It was reported as having 1 feature where knn_k needs 2."""
    _use(workflow_copy, "x1;x2;label\n" + _rows(40).replace(",", ";"))
    line = _refused(workflow_copy)
    assert "'datasets.mine': mine.csv: no 'label' column: " in line
    assert "separate its columns with ';' (semicolons)" in line
