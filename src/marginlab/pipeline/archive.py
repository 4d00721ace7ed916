"""The downloadable results archive: report, figures, claims, config, provenance.

``python -m marginlab.pipeline.archive`` (run by ``make artifacts`` and ``make
reproduce`` after the report) writes ``results/provenance.json`` and then
``results/marginlab-results.zip`` with, under one folder ``marginlab-results/``:

- ``report.html``: the report of the run;
- ``figures/*.png``, ``figures/*.pdf``: every figure;
- ``claims.csv``, ``claims.md``, ``claims.html``: every claim row;
- ``timings.csv``, ``timings.md``: the machine measurements of the cost claims;
- ``site/``: the claims atlas (open ``site/index.html``), its figures and assets;
- ``config.yaml``: the configuration the run resolved (profiles merged, schema
  defaults filled in);
- ``provenance.json``: how the results were made (see :func:`provenance`).

The archive is deterministic: members in sorted order, each stamped with the
*source date* (the date of the commit the results come from, not of the run)
and mode 0644. Two builds of the same commit on machines with the same package
versions give byte-identical archives; elsewhere only ``provenance.json``
tells them apart, as long as the results themselves agree.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import zipfile
from collections.abc import Iterable
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

import marginlab

from ..core.io import atomic_path, write_text_atomic

#: The project file of the source tree the library is imported from.
PYPROJECT = Path(__file__).resolve().parents[3] / "pyproject.toml"

#: Name of the archive in the results folder, and of the folder inside it.
ARCHIVE_NAME = "marginlab-results"
#: Files the archive must hold (relative to the results folder), then patterns.
REQUIRED = (
    "report.html",
    "claims.csv",
    "claims.md",
    "claims.html",
    "timings.csv",
    "timings.md",
    "config.yaml",
    "site/index.html",
)
PATTERNS = (
    "figures/*.png",
    "figures/*.pdf",
    "site/*.html",
    "site/assets/*",
    "site/data/*.js",
    "site/figures/*.png",
)
#: The date stamped on members when neither git nor SOURCE_DATE_EPOCH gives one
#: (the earliest a ZIP file can store).
EPOCH = datetime(1980, 1, 1, tzinfo=UTC)


class ArchiveError(RuntimeError):
    """The results folder lacks something the archive must hold."""


def _source_requirements() -> list[str]:
    """marginlab's requirements as its metadata would list them
    (``Requires-Dist``, each extra's under ``extra == "<name>"``), read from
    the source tree's pyproject.toml: for a checkout whose package is not
    installed (the workflow imports it from ``src/``). Nothing without the file
    (a copy of the library alone)."""
    import tomllib

    from packaging.markers import Marker
    from packaging.requirements import Requirement

    if not PYPROJECT.is_file():
        return []
    project = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["project"]
    lines = list(project.get("dependencies", []))
    for extra, requirements in project.get("optional-dependencies", {}).items():
        for line in requirements:
            req = Requirement(line)
            given = f"({req.marker}) and " if req.marker else ""
            req.marker = Marker(f'{given}extra == "{extra}"')
            lines.append(str(req))
    return lines


def dependency_versions(
    dist: str = "marginlab", extras: Iterable[str] = ("workflow",)
) -> dict[str, str]:
    """Installed versions of ``dist`` and everything it needs, recursively.

    Follows the ``Requires-Dist`` metadata with ``extras`` of ``dist`` (and the
    extras its requirements name), evaluating environment markers for this
    interpreter. Packages that are required but not installed are left out;
    marginlab itself, when not installed (a checkout whose workflow imports
    it from ``src/``), is read from its source tree: its version
    (``marginlab.__version__``) and pyproject.toml's requirements.

    Returns
    -------
    dict
        Normalized project name → version, sorted by name.
    """
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    found: dict[str, str] = {}
    todo = [(dist, frozenset(extras))]
    seen: set[tuple[str, frozenset[str]]] = set()
    while todo:
        name, wanted = todo.pop()
        if (name, wanted) in seen:
            continue
        seen.add((name, wanted))
        try:
            meta = metadata.distribution(name)
            version, requires = meta.version, meta.requires or []
        except metadata.PackageNotFoundError:
            if canonicalize_name(name) != "marginlab":
                continue
            version, requires = marginlab.__version__, _source_requirements()
        found[canonicalize_name(name)] = version
        for line in requires:
            req = Requirement(line)
            if req.marker is None:
                applies = True
            else:
                envs = [{"extra": e} for e in wanted] or [{"extra": ""}]
                applies = any(req.marker.evaluate(env) for env in envs)
            if applies:
                todo.append((req.name, frozenset(req.extras)))
    return dict(sorted(found.items()))


def _git(root: Path, *args: str) -> str | None:
    try:
        proc = subprocess.run(
            ["git", "-C", str(root), *args],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError:  # no git at all
        return None
    return proc.stdout.strip() if proc.returncode == 0 else None


def git_state(root: str | os.PathLike[str]) -> dict[str, Any]:
    """Commit, its date and whether tracked files differ from it.

    ``commit`` and ``commit_date`` are None outside a git checkout.
    """
    root = Path(root)
    commit = _git(root, "rev-parse", "HEAD")
    if commit is None:
        return {"commit": None, "commit_date": None, "dirty": None}
    date = _git(root, "log", "-1", "--format=%cI", "HEAD")
    status = _git(root, "status", "--porcelain", "--untracked-files=no")
    return {"commit": commit, "commit_date": date, "dirty": bool(status)}


def source_date(git: dict[str, Any]) -> datetime:
    """The date the results belong to: ``SOURCE_DATE_EPOCH`` if set, else the
    commit's date, else 1980-01-01 (never the time of the run)."""
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    if epoch:
        return max(datetime.fromtimestamp(int(epoch), tz=UTC), EPOCH)
    if git.get("commit_date"):
        return max(datetime.fromisoformat(git["commit_date"]).astimezone(UTC), EPOCH)
    return EPOCH


def sha256(path: str | os.PathLike[str]) -> str:
    """The SHA-256 of the file at ``path``, in hexadecimal."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def provenance(results: str | os.PathLike[str], root: str | os.PathLike[str]) -> dict:
    """How the results in ``results`` were made.

    Keys: ``marginlab`` (the source tree's version, installed or not),
    ``commit``, ``commit_date``, ``dirty``
    (tracked files changed since the commit), ``source_date`` (see
    :func:`source_date`), ``config_sha256`` (of ``config.yaml``, the resolved
    configuration), ``claims_sha256``, ``python``, ``platform`` and
    ``packages`` (:func:`dependency_versions`).
    """
    results = Path(results)
    git = git_state(root)
    return {
        "marginlab": marginlab.__version__,
        **git,
        "source_date": source_date(git).isoformat(),
        "config_sha256": sha256(results / "config.yaml"),
        "claims_sha256": sha256(results / "claims.csv"),
        "python": platform.python_version(),
        "platform": f"{sys.platform}-{platform.machine()}",
        "packages": dependency_versions(),
    }


def archive_members(results: str | os.PathLike[str]) -> list[str]:
    """Paths (relative to ``results``, sorted) of the files the archive holds.

    Raises
    ------
    ArchiveError
        Naming every required file that is missing, or when there is no figure.
    """
    results = Path(results)
    missing = [name for name in REQUIRED if not (results / name).is_file()]
    if missing:
        raise ArchiveError(
            f"{results}: missing {', '.join(missing)} (run the workflow and "
            "make its report first: `make artifacts` or `make reproduce` do both)"
        )
    found = {
        p.relative_to(results).as_posix()
        for pattern in PATTERNS
        for p in results.glob(pattern)
    }
    if not any(name.startswith("figures/") for name in found):
        raise ArchiveError(f"{results}: no figures under figures/")
    return sorted({*REQUIRED, *found, "provenance.json"})


def write_archive(
    results: str | os.PathLike[str] = "results",
    root: str | os.PathLike[str] = ".",
) -> Path:
    """Write ``provenance.json`` and the archive into ``results``; return its path.

    Nothing is written when a required file is missing.
    """
    results = Path(results)
    members = archive_members(results)  # checked before anything is written
    record = provenance(results, root)
    write_text_atomic(
        json.dumps(record, indent=2, sort_keys=True) + "\n",
        results / "provenance.json",
    )
    stamp = datetime.fromisoformat(record["source_date"]).timetuple()[:6]
    target = results / f"{ARCHIVE_NAME}.zip"
    with atomic_path(target) as tmp, zipfile.ZipFile(tmp, "w") as zf:
        for name in members:
            info = zipfile.ZipInfo(f"{ARCHIVE_NAME}/{name}", date_time=stamp)
            info.external_attr = 0o100644 << 16  # a regular file, rw-r--r--
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so that the mode is honoured
            zf.writestr(info, (results / name).read_bytes())
    return target


def main(
    argv: list[str] | None = None, prog: str = "python -m marginlab.pipeline.archive"
) -> int:
    """Command line: ``marginlab archive [RESULTS] [--root DIR]`` (``prog``: the
    name its usage and messages give)."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Write provenance.json and marginlab-results.zip into the "
        "results folder of a finished run (after its report).",
    )
    parser.add_argument(
        "results",
        nargs="?",
        default="results",
        help="the results folder (default: %(default)s)",
    )
    parser.add_argument(
        "--root", default=".", help="the project checkout (for the git commit)"
    )
    args = parser.parse_args(argv)
    try:
        path = write_archive(args.results, args.root)
    except ArchiveError as err:
        print(f"{prog}: {err}", file=sys.stderr)
        return 1
    with zipfile.ZipFile(path) as zf:
        size = sum(i.file_size for i in zf.infolist())
        count = len(zf.infolist())
    print(
        f"{path}: {count} files, {size / 2**20:.1f} MiB uncompressed, "
        f"{path.stat().st_size / 2**20:.1f} MiB"
    )
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
