from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
SMALL = ["--workflow-profile", "workflow/profiles/small"]

#: What a user needs to run the workflow (the library is installed).
WORKFLOW_FILES = ("Snakefile", "config.yaml", "environment.yml", "profiles", "workflow")


def copy_workflow(dest: Path) -> Path:
    """A fresh copy of the workflow (no results, no .snakemake) in ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    for name in WORKFLOW_FILES:
        src = ROOT / name
        if src.is_symlink():
            (dest / name).symlink_to(src.readlink())
        elif src.is_dir():
            shutil.copytree(
                src, dest / name, ignore=shutil.ignore_patterns("__pycache__")
            )
        else:
            shutil.copy2(src, dest / name)
    return dest


def snakemake(cwd: Path, *args: str, check: bool = True) -> subprocess.CompletedProcess:
    """Run the environment's snakemake in ``cwd``; fail with its output if asked."""
    proc = subprocess.run(
        [str(BIN / "snakemake"), *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=600,
    )
    if check and proc.returncode != 0:
        pytest.fail(
            f"snakemake {' '.join(args)} failed ({proc.returncode}):\n"
            f"{proc.stdout[-4000:]}\n{proc.stderr[-4000:]}"
        )
    return proc


@pytest.fixture
def workflow_copy(tmp_path: Path) -> Path:
    return copy_workflow(tmp_path / "wf")
