"""The end-to-end tests' fixtures: the small configuration run once per session
(and its report), a fresh copy of the workflow, and Debian's headless Chromium
(installed by ``tests/conftest.py``'s ``apt_install``)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from marginlab.experiments import caption

from ..conftest import ROOT, SMALL, copy_workflow, snakemake

if TYPE_CHECKING:
    from playwright.sync_api import Browser


def stderr_lines(stderr: str) -> list[str]:
    """The lines of a Snakemake call's stderr besides its notice of the
    profile it uses (a refused configuration leaves one: the problem)."""
    return [
        line
        for line in stderr.splitlines()
        if line.strip() and not line.startswith("Using workflow specific profile")
    ]


def caption_of(checkout: Path, figure: str) -> Path:
    """The caption file of ``figure`` in a copy of the workflow (its room's)."""
    return checkout / caption(figure).relative_to(ROOT)


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium, driven by Playwright, for the whole session.

    Open pages with ``tests.workflow.browser.open_page``; skipped when Chromium is
    missing and cannot be installed.
    """
    from .browser import chromium  # imports this module: not at the top

    with chromium() as launched:
        yield launched


@pytest.fixture
def workflow_copy(tmp_path: Path) -> Path:
    return copy_workflow(tmp_path / "wf")


def _finished_small_run() -> Path | None:
    """A checkout whose ``make artifacts`` already ran the small configuration.

    ``.ci/run`` runs the README's ``make artifacts`` before the tests and names
    its checkout in ``MARGINLAB_SMALL_RUN``, so that the session starts from
    that run instead of repeating it.
    """
    folder = os.environ.get("MARGINLAB_SMALL_RUN")
    if not folder:
        return None
    folder = Path(folder)
    if not (folder / "results" / "claims.csv").is_file():
        pytest.fail(f"MARGINLAB_SMALL_RUN={folder}: no results/claims.csv there")
    return folder


@pytest.fixture(scope="session")
def small_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The small configuration, run once per session in a fresh copy.

    With ``MARGINLAB_SMALL_RUN`` set, the copy starts from that checkout's
    results and Snakemake's records of them (``.snakemake``), and the run has
    nothing left to do unless the library or workflow changed since. Tests may
    add to it (a report) or rebuild what they delete, but must leave every
    result as the run wrote it.
    """
    wf = copy_workflow(tmp_path_factory.mktemp("small") / "wf")
    finished = _finished_small_run()
    if finished is not None:
        for name in ("results", ".snakemake"):
            shutil.copytree(finished / name, wf / name, symlinks=True)
    snakemake(wf, *SMALL)
    return wf


@pytest.fixture(scope="session")
def small_report(small_run: Path) -> Path:
    """The small run's report, results/report.html.

    Made again when it is missing or older than a figure or the claims table it
    shows: a report copied from ``MARGINLAB_SMALL_RUN`` describes that
    checkout's results, which the session's run remakes when the library or
    workflow changed since (and figures of wall times then differ).
    """
    results = small_run / "results"
    report = results / "report.html"
    shown = [results / "claims.csv", *results.glob("figures/*.png")]
    if not report.exists() or report.stat().st_mtime < max(
        path.stat().st_mtime for path in shown
    ):
        snakemake(small_run, *SMALL, "--report", "results/report.html")
    return report
