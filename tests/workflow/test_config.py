"""A malformed config stops the run before any job, with one line naming the key:
a few of the configurations of tests/unit/pipeline/test_config.py, through
Snakemake."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from ..conftest import snakemake
from ..unit.pipeline.test_config import BAD, MINIMAL
from .conftest import stderr_lines


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
    lines = stderr_lines(proc.stderr)
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


def problem_lines(proc) -> list[str]:
    """stderr without Snakemake's notices of its profile and merged config files."""
    notices = ("Using workflow specific profile", "Config file ")
    return [
        line
        for line in proc.stderr.splitlines()
        if line.strip() and not line.startswith(notices)
    ]


@pytest.mark.pipeline
def test_a_key_given_twice_stops_the_run(workflow_copy: Path) -> None:
    """YAML keeps the last of two equal keys; the workflow refuses the file."""
    path = workflow_copy / "config.yaml"
    lines = path.read_text().splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("  moons:"))
    lines.insert(first + 1, "  moons: {generator: moons, n_samples: 50, seed: 4}\n")
    path.write_text("".join(lines))
    proc = snakemake(workflow_copy, "-n", check=False)
    assert proc.returncode != 0
    assert problem_lines(proc) == [
        "Invalid configuration (config.yaml): key 'datasets.moons' "
        f"appears twice (lines {first + 1} and {first + 2})"
    ], proc.stderr


@pytest.mark.pipeline
def test_a_key_merged_from_config_yaml_is_named_with_its_file(
    workflow_copy: Path,
) -> None:
    """--configfile turns 'moons' into blobs; config.yaml's moons.noise, merged
    under it, is blamed on config.yaml, not on the user's file."""
    (workflow_copy / "my.yaml").write_text(
        "datasets:\n  moons: {generator: blobs, n_samples: 400}\n"
    )
    proc = snakemake(workflow_copy, "-n", "--configfile", "my.yaml", check=False)
    assert proc.returncode != 0
    lines = problem_lines(proc)
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(
        "Invalid configuration (config.yaml): unknown key "
        "'datasets.moons.noise' (merged under the generator 'blobs' set in "
        "my.yaml) (allowed here: "
    )
    assert not (workflow_copy / "results").exists(), "a job ran"


@pytest.mark.pipeline
def test_a_value_given_with_config_is_read_and_named_as_given(
    workflow_copy: Path,
) -> None:
    """Snakemake reads the values inside a --config mapping as strings; the
    check reads them as a config file would, and names --config."""
    proc = snakemake(
        workflow_copy, "-n", "--config", "adaboost={n_rounds: -3}", check=False
    )
    assert proc.returncode != 0
    assert problem_lines(proc) == [
        "Invalid configuration (--config): 'adaboost.n_rounds': -3 is less than "
        "the minimum of 1"
    ], proc.stderr
