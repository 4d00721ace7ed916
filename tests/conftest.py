"""Shared by every test folder: the repository root, Snakemake run on a fresh
copy of the workflow, and the data sets that tests of several folders use.

The end-to-end tests' own fixtures (the small run, its report, the browser)
are in tests/workflow/conftest.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from marginlab.core.datasets import Dataset, make_dataset

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SMALL = ["--workflow-profile", "workflow/profiles/small"]

#: The profiles' config files, merged over config.yaml.
PROFILE_FILES = {
    "small": ROOT / "workflow/profiles/small/config.small.yaml",
    "paper": ROOT / "workflow/profiles/paper/config.paper.yaml",
}


def project_config(*files: Path) -> dict:
    """config.yaml with ``files`` merged over it as the workflow merges them,
    a profile's values from the rooms included
    (:func:`marginlab.pipeline.config.layered`); not yet checked."""
    import yaml

    from marginlab.pipeline.config import layered

    def load(path: Path) -> dict:
        return yaml.safe_load(path.read_text())

    return layered(load(ROOT / "config.yaml"), *map(load, files))


def declared_rows(cfg: dict) -> dict[str, list]:
    """Every claim's rows as its room declares them (its entry's ``rows``) for
    ``cfg``, the configuration with defaults filled in, in catalog order:
    claim id → names, and choices the data make
    (:mod:`marginlab.experiments._shared.expected`)."""
    from marginlab.experiments import EXPERIMENTS, claims
    from marginlab.pipeline.jobs import resolve

    declared: dict[str, list] = {}
    for exp in EXPERIMENTS:
        if exp.rows:
            declared |= resolve(exp.rows)(cfg)
    return {claim: declared[claim] for claim in claims() if claim in declared}


def set_in(*keys_and_value: Any) -> Callable[[dict], None]:
    """An edit of a configuration: ``set_in("adaboost", "n_rounds", 7)`` sets
    ``cfg["adaboost"]["n_rounds"] = 7``, making the mappings on the way."""
    *keys, value = keys_and_value

    def edit(cfg: dict) -> None:
        node = cfg
        for key in keys[:-1]:
            node = node.setdefault(key, {})
        node[keys[-1]] = value

    return edit


#: What a user needs to run the workflow: the jobs import the library from src/.
WORKFLOW_FILES = (
    "Snakefile",
    "config.yaml",
    "CLAIMS.md",
    "profiles",
    "workflow",
    "src",
)


def copy_workflow(dest: Path) -> Path:
    """A fresh copy of the workflow (no results, no .snakemake) in ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in WORKFLOW_FILES:
        src = ROOT / name
        if src.is_symlink():
            (dest / name).symlink_to(src.readlink())
        elif src.is_dir():
            shutil.copytree(
                src,
                dest / name,
                ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"),
            )
        else:
            shutil.copy2(src, dest / name)
    return dest


def snakemake(
    cwd: Path, *args: str, check: bool = True, timeout: float = 600
) -> subprocess.CompletedProcess:
    """Run the environment's snakemake in ``cwd``; fail with its output if asked."""
    proc = subprocess.run(
        [str(BIN / "snakemake"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if check and proc.returncode != 0:
        pytest.fail(
            f"snakemake {' '.join(args)} failed ({proc.returncode}):\n"
            f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
        )
    return proc


# --- Data that unit and evidence tests share ---------------------------------


#: K9's line data: unit/estimators/test_logistic.py,
#: evidence/test_gaussian_hypothesis.py.
@pytest.fixture(scope="module")
def interval():
    return make_dataset(
        {"generator": "interval", "n_samples": 30, "label_noise": 0.1, "seed": 2}
    )


#: The LOO sweep's linear kernel and blobs: evidence/test_loo_vs_sv_bound.py, and
#: the generic study script's run of it in unit/pipeline/test_jobs.py.
LINEAR = {"name": "linear"}


@pytest.fixture(scope="module")
def blobs() -> Dataset:
    return make_dataset({"generator": "blobs", "n_samples": 40, "seed": 6})


#: Stepwise selection stopped early: unit/estimators/test_selection.py,
#: evidence/test_stepwise_stopping.py.
SPARSE = {
    "generator": "sparse_regression",
    "n_samples": 120,
    "n_features": 15,
    "n_informative": 3,
    "noise": 2.0,
    "seed": 5,
}


@pytest.fixture(scope="module")
def sparse():
    return make_dataset(SPARSE)


def apt_install(*packages: str, commands: tuple[str, ...]) -> None:
    """Install Debian ``packages`` with apt-get unless all ``commands`` are on PATH.

    Skips the calling test where that is impossible (not root); fails it when
    apt-get does.
    """
    if all(map(shutil.which, commands)):
        return
    if os.geteuid() != 0:
        pytest.skip(f"{' '.join(packages)}: not installed, and installing needs root")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "--no-install-recommends", *packages]
    proc = subprocess.run(install, capture_output=True, text=True, env=env)
    if proc.returncode != 0:  # a fresh machine may have no package lists yet
        subprocess.run(["apt-get", "update"], capture_output=True, env=env)
        proc = subprocess.run(install, capture_output=True, text=True, env=env)
    if proc.returncode != 0 or not all(map(shutil.which, commands)):
        pytest.fail(f"apt-get install {' '.join(packages)} failed:\n{proc.stderr}")
