"""What the workflow's generic scripts do, without Snakemake.

The scripts under ``workflow/scripts`` read their job's inputs, outputs and
parameters from Snakemake and call these functions: make the datasets, run one
experiment's study for one run (or every run of a sweep), draw one figure,
compute one claim's rows, build one applet's data (or all of an experiment's
figures, claim rows and applet data in turn). The experiments, their tables,
figures and claims are listed in :mod:`marginlab.experiments`.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from importlib import import_module
from pathlib import Path
from typing import Any

import pandas as pd

from ..core.datasets import (
    Dataset,
    DatasetError,
    make_dataset,
    read_dataset,
    write_dataset,
)
from ..core.io import write_frame_atomic, write_text_atomic
from ..experiments import claim_experiment, figure
from ..experiments._shared.rows import ClaimRow, to_frame

#: A table given to a plotter or claim function: one, or one per run of a sweep.
Table = pd.DataFrame | list[pd.DataFrame]


def resolve(ref: str) -> Any:
    """The object named by ``"module:name"`` (module relative to marginlab)."""
    module, _, name = ref.partition(":")
    return getattr(import_module(f"marginlab.{module}"), name)


def read_datasets(paths: Mapping[str, str | Sequence[str]]) -> dict[str, Any]:
    """Study arguments from dataset files: a path gives a :class:`Dataset`, a
    list of paths a mapping of dataset name (the file's stem) to Dataset."""
    out: dict[str, Dataset | dict[str, Dataset]] = {}
    for arg, value in paths.items():
        if isinstance(value, str):
            out[arg] = read_dataset(value)
        else:
            out[arg] = {Path(p).stem: read_dataset(p) for p in value}
    return out


def run_study(
    study: str,
    tables: Sequence[str],
    args: Mapping[str, Any],
    data: Mapping[str, str | Sequence[str]],
    outputs: Mapping[str, str],
    *,
    label: str | None = None,
    run: str = "",
) -> None:
    """Run ``study`` (``"module:function"``) with ``args`` and the datasets at
    ``data``; write its tables, named ``tables`` in order, to ``outputs``.

    With a ``label`` (a sweep's), the run id is inserted as the first column.
    """
    result = resolve(study)(**read_datasets(data), **args)
    frames = result if isinstance(result, tuple) else (result,)
    if len(frames) != len(tables):
        raise ValueError(
            f"{study} returned {len(frames)} tables; the registry names "
            f"{len(tables)} ({', '.join(tables)})"
        )
    for name, frame in zip(tables, frames, strict=True):
        if label:
            frame.insert(0, label, run)
        write_frame_atomic(frame, outputs[name])


def run_sweep(
    study: str,
    tables: Sequence[str],
    runs: Mapping[str, Mapping[str, Any]],
    stacked: Mapping[str, Sequence[str]],
    *,
    label: str | None = None,
    log: Callable[[str], None] = print,
) -> None:
    """Every run of a sweep in turn, as :func:`run_study` runs one (``runs``:
    per run id, its ``args``, ``data`` and ``outputs``), then each stacked
    table from the runs' files (``stacked``: its path → the files, in run
    order, :func:`stack_tables`). ``log`` gets a line per run with its time."""
    for k, (run, spec) in enumerate(runs.items(), start=1):
        start = time.perf_counter()
        run_study(
            study, tables, spec["args"], spec["data"], spec["outputs"],
            label=label, run=run,
        )  # fmt: skip
        log(f"run {k}/{len(runs)} {run}: {time.perf_counter() - start:.1f} s")
    for path, sources in stacked.items():
        stack_tables(sources, path)


def write_datasets(
    specs: Mapping[str, Mapping[str, Any]],
    paths: Mapping[str, str],
    *,
    log: Callable[[str], None] = print,
) -> None:
    """Make every dataset of ``specs`` (name → config entry,
    :func:`~marginlab.core.datasets.make_dataset`), then write each to its
    path in ``paths``: a bad one stops them all before any is written. ``log``
    gets a line per dataset with its size.

    Raises
    ------
    DatasetError
        Naming the dataset whose entry or CSV is bad.
    """
    made = {}
    for name, spec in specs.items():
        try:
            made[name] = make_dataset(spec)
        except DatasetError as err:
            raise DatasetError(f"dataset {name!r}: {err}") from err
    for name, data in made.items():
        write_dataset(data, paths[name])
        log(f"{paths[name]}: {data.n_samples} rows, {data.X.shape[1]} features")


def read_tables(
    paths: Mapping[str, str | Sequence[str]],
    cache: dict[str, pd.DataFrame] | None = None,
) -> dict[str, Table]:
    """Tables by name: a path gives a DataFrame, a list of paths a list.

    With a ``cache`` (path → table), a file is read once, and each call gets
    its own copy of the table, which the function it is given may change."""

    def read(path: str) -> pd.DataFrame:
        if cache is None:
            return pd.read_csv(path)
        if path not in cache:
            cache[path] = pd.read_csv(path)
        return cache[path].copy()

    return {
        name: read(value) if isinstance(value, str) else [read(p) for p in value]
        for name, value in paths.items()
    }


def plotter(name: str) -> Any:
    """The function that draws figure ``name`` from its tables (given by name)."""
    return resolve(figure(name).plotter)


def claim_function(claim: str) -> Any:
    """The function that computes ``claim``'s rows from its tables (by name)."""
    return resolve(claim_experiment(claim).claims[claim])


def draw_figure(function: str, tables: Mapping[str, Table], *paths: str) -> None:
    """Draw a figure with its plotter ``function`` (``"module:function"``) from
    its tables, by name, and save it to ``paths``."""
    # Imported here: a study job need not load matplotlib.
    from ..experiments._shared.figures import save_figure

    save_figure(resolve(function)(**tables), *paths)


def place_rows(claim: str, rows: Iterable[ClaimRow]) -> list[ClaimRow]:
    """``rows`` of ``claim`` as claims.csv holds them: each given the claim's
    id and, unless it names another figure that shows the claim, the first
    figure the registry shows the claim in.

    Raises
    ------
    ValueError
        When a row names another claim, or a figure that does not show it, or
        has no name, or two rows share a name (their keys, ``<id>/<name>``,
        must differ).
    """
    exp = claim_experiment(claim)
    shown = [name for name, fig in exp.figures.items() if claim in fig.claims]
    placed = []
    names: set[str] = set()
    for row in rows:
        if row.id not in ("", claim):
            raise ValueError(f"{claim}: a row of its function names claim {row.id}")
        if not row.name:
            raise ValueError(f"{claim}: a row has no name ({row.quantity!r})")
        if row.name in names:
            raise ValueError(f"{claim}: two rows are named {row.name!r}")
        names.add(row.name)
        if row.figure and row.figure not in shown:
            raise ValueError(
                f"{claim}: a row names figure {row.figure!r}, which does not show "
                f"the claim (figures of {claim}: {', '.join(shown)})"
            )
        placed.append(replace(row, id=claim, figure=row.figure or shown[0]))
    return placed


def claim_rows(
    claim: str, tables: Mapping[str, Table], function: str | None = None
) -> list[ClaimRow]:
    """The rows of ``claim``: its function (:func:`claim_function`), or
    ``function`` (``"module:function"``, e.g. the claim's timings), on its
    tables, by name, placed by :func:`place_rows`."""
    compute = resolve(function) if function else claim_function(claim)
    return place_rows(claim, compute(**tables))


def write_claim_rows(
    claim: str, tables: Mapping[str, Table], path: str, function: str | None = None
) -> None:
    """The rows of ``claim`` (:func:`claim_rows`) from its tables, by name,
    into ``path``."""
    write_frame_atomic(to_frame(claim_rows(claim, tables, function)), path)


def write_applet(function: str, tables: Mapping[str, Table], path: str) -> None:
    """Build an applet's data with ``function`` (``"module:function"``) from its
    tables, by name, and write it to ``path`` as compact JSON (no NaN)."""
    data = resolve(function)(**tables)
    write_text_atomic(json.dumps(data, separators=(",", ":"), allow_nan=False), path)


def run_readers(
    jobs: Sequence[Mapping[str, Any]],
    outputs: Iterable[str] | None = None,
    *,
    log: Callable[[str], None] = print,
) -> None:
    """The figure, applet, claim and timing jobs of one experiment in turn,
    each as its own job would run it (:func:`draw_figure`,
    :func:`write_applet`, :func:`write_claim_rows`), reading each table file
    once. ``jobs``: per job, its ``kind``, ``name``, ``function``, ``tables``
    (by name) and ``outputs``. Given ``outputs`` (the files to write), only
    the jobs that write them run. ``log`` gets a line per job with its time.

    Raises
    ------
    ValueError
        When ``outputs`` names a file that no job writes, or only part of a
        job's files (a figure's PNG without its PDF).
    """
    if outputs is not None:
        wanted = set(map(str, outputs))
        chosen = [job for job in jobs if wanted.intersection(job["outputs"])]
        for job in chosen:
            if not wanted.issuperset(job["outputs"]):
                raise ValueError(
                    f"{job['kind']} {job['name']} writes {', '.join(job['outputs'])}; "
                    f"asked for only some of them"
                )
        unknown = wanted.difference(*(job["outputs"] for job in chosen))
        if unknown:
            raise ValueError(f"no job writes {', '.join(sorted(unknown))}")
        jobs = chosen
    cache: dict[str, pd.DataFrame] = {}
    for k, job in enumerate(jobs, start=1):
        start = time.perf_counter()
        kind, name, paths = job["kind"], job["name"], job["outputs"]
        tables = read_tables(job["tables"], cache)
        if kind == "figure":
            draw_figure(job["function"], tables, *paths)
        elif kind == "applet":
            write_applet(job["function"], tables, *paths)
        elif kind in ("claim", "timing"):
            write_claim_rows(name, tables, *paths, job["function"])
        else:
            raise ValueError(f"{name}: no job kind {kind!r}")
        seconds = time.perf_counter() - start
        log(f"{kind} {k}/{len(jobs)} {name}: {seconds:.1f} s")


def stack_tables(paths: Sequence[str], path: str) -> None:
    """The runs' tables of a sweep, stacked in run order, into ``path``."""
    frames = [pd.read_csv(p) for p in paths]
    write_frame_atomic(pd.concat(frames, ignore_index=True), path)
