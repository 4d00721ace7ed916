"""Project hygiene: dependency lists agree; lint and format checks pass."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

import pytest
import yaml

from .conftest import BIN, ROOT, copy_workflow, snakemake


def _normalize(requirement: str) -> str:
    name, spec = re.match(r"([A-Za-z0-9_.-]+)\s*(.*)", requirement.strip()).groups()
    return name.lower().replace("_", "-") + spec.replace(" ", "")


def test_environment_yml_lists_the_pyproject_dependencies() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = {_normalize(r) for r in project["dependencies"]}
    for extra in project["optional-dependencies"].values():
        wanted |= {_normalize(r) for r in extra}
    wanted.add(_normalize("python" + project["requires-python"]))
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    conda = {_normalize(d) for d in env["dependencies"] if isinstance(d, str)}
    conda.discard("pip")
    assert conda == wanted


@pytest.mark.pipeline
def test_snakemake_lint_is_clean(tmp_path) -> None:
    proc = snakemake(copy_workflow(tmp_path / "wf"), "--lint", check=False)
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_snakefmt_check_passes() -> None:
    proc = subprocess.run(
        [str(BIN / "snakefmt"), "--check", "Snakefile", "workflow"],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


@pytest.mark.parametrize("command", [["check"], ["format", "--check"]])
def test_ruff_passes(command) -> None:
    proc = subprocess.run(
        [str(BIN / "ruff"), *command, "."], cwd=ROOT, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr


def test_library_does_not_import_snakemake() -> None:
    for path in (ROOT / "src" / "kernelboost").rglob("*.py"):
        assert "snakemake" not in path.read_text(), path


def test_every_configurable_figure_has_a_caption_a_plotter_and_claims() -> None:
    from kernelboost.claims import CLAIMS
    from kernelboost.plotting import PLOTTERS

    schema = yaml.safe_load((ROOT / "workflow/schemas/config.schema.yaml").read_text())
    figures = schema["properties"]["figures"]["items"]["enum"]
    assert set(figures) == set(PLOTTERS)
    for name in figures:
        caption = ROOT / "workflow" / "report" / f"{name}.rst"
        assert caption.read_text().strip(), name
    common = (ROOT / "workflow/rules/common.smk").read_text()
    for claim in CLAIMS:
        assert f'    "{claim}": ' in common, (
            f"{claim} has no metric tables in common.smk"
        )


@pytest.mark.parametrize(
    "caption",
    sorted((ROOT / "workflow" / "report").glob("*.rst")),
    ids=lambda p: p.stem,
)
def test_captions_are_clean_restructured_text(caption: Path) -> None:
    """The report renders captions as reStructuredText: no warnings (e.g. |x|)."""
    import io

    from docutils.core import publish_parts

    warnings = io.StringIO()
    publish_parts(
        caption.read_text(),
        writer_name="html",
        settings_overrides={"warning_stream": warnings},
    )
    assert warnings.getvalue() == "", warnings.getvalue()
