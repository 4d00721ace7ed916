"""The results archive and its provenance record (marginlab.pipeline.archive)."""

from __future__ import annotations

import hashlib
import json
import subprocess
import sys
import zipfile
from datetime import UTC, datetime
from pathlib import Path

import pytest

from marginlab.pipeline.archive import (
    ARCHIVE_NAME,
    ArchiveError,
    dependency_versions,
    git_state,
    source_date,
    write_archive,
)


def fake_results(root: Path) -> Path:
    """The files a finished run leaves, with small stand-in contents."""
    results = root / "results"
    (results / "figures").mkdir(parents=True)
    for name, text in {
        "report.html": "<html></html>",
        "claims.csv": "id,holds\nK1,true\n",
        "claims.md": "| id |\n",
        "claims.html": "<html></html>",
        "timings.csv": "id,holds\n",
        "timings.md": "# Timings\n",
        "config.yaml": "seed: 0\n",
        "figures/a.png": "png",
        "figures/a.pdf": "pdf",
        "site/index.html": "<html></html>",
        "site/K1.html": "<html></html>",
        "site/assets/site.css": "body {}",
        "site/figures/a.png": "png",
    }.items():
        (results / name).parent.mkdir(parents=True, exist_ok=True)
        (results / name).write_text(text)
    (results / "metrics").mkdir()
    (results / "metrics" / "t.csv").write_text("not archived\n")
    return results


def git(root: Path, *args: str) -> None:
    subprocess.run(
        ["git", "-C", str(root), *args],
        check=True,
        capture_output=True,
        env={
            "GIT_AUTHOR_NAME": "kb",
            "GIT_AUTHOR_EMAIL": "kb@localhost",
            "GIT_COMMITTER_NAME": "kb",
            "GIT_COMMITTER_EMAIL": "kb@localhost",
            "GIT_COMMITTER_DATE": "2026-05-04T03:02:02+00:00",
            "PATH": "/usr/bin:/bin",
        },
    )


def test_archive_holds_the_results_stamped_with_the_commit_date(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    git(tmp_path, "init", "-q")
    (tmp_path / "tracked.txt").write_text("x\n")
    git(tmp_path, "add", "tracked.txt")
    git(tmp_path, "commit", "-q", "-m", "one")
    results = fake_results(tmp_path)
    path = write_archive(results, tmp_path)
    assert path == results / f"{ARCHIVE_NAME}.zip"
    with zipfile.ZipFile(path) as zf:
        infos = zf.infolist()
        names = [i.filename for i in infos]
        record = json.loads(zf.read(f"{ARCHIVE_NAME}/provenance.json"))
        assert zf.read(f"{ARCHIVE_NAME}/claims.csv") == b"id,holds\nK1,true\n"
    assert names == [
        f"{ARCHIVE_NAME}/{n}"
        for n in (
            "claims.csv",
            "claims.html",
            "claims.md",
            "config.yaml",
            "figures/a.pdf",
            "figures/a.png",
            "provenance.json",
            "report.html",
            "site/K1.html",
            "site/assets/site.css",
            "site/figures/a.png",
            "site/index.html",
            "timings.csv",
            "timings.md",
        )
    ]
    assert {i.date_time for i in infos} == {(2026, 5, 4, 3, 2, 2)}  # even: ZIP
    assert {i.external_attr >> 16 for i in infos} == {0o100644}
    assert record["source_date"] == "2026-05-04T03:02:02+00:00"
    assert record["dirty"] is False
    assert len(record["commit"]) == 40
    assert record["config_sha256"] == hashlib.sha256(b"seed: 0\n").hexdigest()
    assert json.loads((results / "provenance.json").read_text()) == record
    # The same results and commit give the same bytes; a changed tracked file
    # shows in the record.
    first = path.read_bytes()
    assert write_archive(results, tmp_path).read_bytes() == first
    (tmp_path / "tracked.txt").write_text("changed\n")
    write_archive(results, tmp_path)
    assert json.loads((results / "provenance.json").read_text())["dirty"] is True


def test_missing_results_stop_the_archive_and_write_nothing(tmp_path: Path) -> None:
    results = fake_results(tmp_path)
    (results / "report.html").unlink()
    (results / "config.yaml").unlink()
    with pytest.raises(ArchiveError, match=r"missing report\.html, config\.yaml"):
        write_archive(results, tmp_path)
    assert not (results / "provenance.json").exists()
    assert not (results / f"{ARCHIVE_NAME}.zip").exists()
    proc = subprocess.run(
        [sys.executable, "-m", "marginlab.pipeline.archive", str(results)],
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert proc.returncode == 1
    assert "missing report.html, config.yaml" in proc.stderr


def test_source_date_prefers_source_date_epoch_and_never_the_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    git_info = {"commit_date": "2026-05-04T05:02:01+02:00"}
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert source_date(git_info) == datetime(2026, 5, 4, 3, 2, 1, tzinfo=UTC)
    assert source_date({"commit_date": None}) == datetime(1980, 1, 1, tzinfo=UTC)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    assert source_date(git_info) == datetime(2023, 11, 14, 22, 13, 20, tzinfo=UTC)


def test_git_state_outside_a_checkout(tmp_path: Path) -> None:
    assert git_state(tmp_path) == {"commit": None, "commit_date": None, "dirty": None}


def test_dependency_versions_follow_requirements_and_extras() -> None:
    from importlib import metadata

    runtime = dependency_versions(extras=())
    data = dependency_versions(extras=("data",))
    workflow = dependency_versions(extras=("workflow",))
    assert runtime["numpy"] == metadata.version("numpy")
    assert "snakemake" not in runtime  # the library alone
    assert "scikit-learn" not in runtime
    assert data["scikit-learn"] == metadata.version("scikit-learn")
    assert "pygments" in workflow  # through snakemake[reports]
    assert "scikit-learn" in workflow  # through marginlab[data]
    assert set(runtime) < set(data) < set(workflow)
    assert list(workflow) == sorted(workflow)


def test_dependency_versions_read_an_uninstalled_checkout(monkeypatch) -> None:
    """A checkout whose package is not installed (the conda route, or
    PYTHONPATH=src): its version and requirements come from the source tree."""
    from importlib import metadata

    import marginlab

    installed = dependency_versions(extras=("workflow",))
    distribution = metadata.distribution

    def not_marginlab(name: str):
        if name == "marginlab":
            raise metadata.PackageNotFoundError(name)
        return distribution(name)

    monkeypatch.setattr(metadata, "distribution", not_marginlab)
    with pytest.raises(metadata.PackageNotFoundError):
        metadata.distribution("marginlab")
    source = dependency_versions(extras=("workflow",))
    assert source["marginlab"] == marginlab.__version__
    assert source == installed
