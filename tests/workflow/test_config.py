"""A malformed config stops the run before any job, with one line naming the key:
a few of the configurations of tests/unit/pipeline/test_config.py, through
Snakemake."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ..conftest import snakemake
from ..unit.pipeline.test_config import BAD, MINIMAL


def edit_config(wf: Path, edit) -> None:
    path = wf / "config.yaml"
    config = yaml.safe_load(path.read_text())
    edit(config)
    path.write_text(yaml.safe_dump(config))


#: Bad configurations tried through Snakemake: a schema error, a dataset a
#: study cannot use, a figure nobody draws.
THROUGH_SNAKEMAKE = ["zero rounds", "decision regions of 30-D data", "unknown figure"]


@pytest.mark.pipeline
@pytest.mark.parametrize("case", THROUGH_SNAKEMAKE)
def test_bad_config_fails_fast_with_one_line(workflow_copy: Path, case: str) -> None:
    edit, expected = BAD[case]
    edit_config(workflow_copy, edit)
    proc = snakemake(workflow_copy, check=False)
    assert proc.returncode != 0
    # Besides Snakemake's notice of the profile it uses, one line: the problem.
    lines = [
        line
        for line in proc.stderr.splitlines()
        if line.strip() and not line.startswith("Using workflow specific profile")
    ]
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("Invalid configuration (config.yaml): ")
    assert expected in lines[0]
    assert not (workflow_copy / "results").exists(), "a job ran"


@pytest.mark.pipeline
def test_defaults_come_from_the_schema(workflow_copy: Path) -> None:
    """A minimal config (the datasets the defaults name) is completed by them."""
    (workflow_copy / "config.yaml").write_text(MINIMAL)
    proc = snakemake(workflow_copy, "-n")
    out = proc.stdout + proc.stderr
    assert "results/data/xor.csv" in out
    assert "results/figures/losses.png" in out


@pytest.mark.pipeline
def test_a_default_naming_an_undefined_dataset_is_reported(workflow_copy: Path) -> None:
    """Defaults name datasets too (perceptron_xor.dataset: xor); checked after them."""
    (workflow_copy / "config.yaml").write_text("datasets:\n  tiny: {generator: xor}\n")
    proc = snakemake(workflow_copy, check=False)
    assert proc.returncode != 0
    assert "is not a dataset defined under 'datasets' (tiny)" in proc.stderr
    assert not (workflow_copy / "results").exists()
