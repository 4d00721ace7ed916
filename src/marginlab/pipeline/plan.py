"""What the workflow runs under one configuration, read from the registry.

A :class:`Plan` answers, without Snakemake, every question the workflow's
rules ask while Snakemake parses the workflow and builds its graph of jobs:
the runs of each experiment (computed once per configuration, not once per
job), the files a study job reads and writes, the tables a figure, applet or
claim job reads (:class:`Job`), the code digest each job carries, and the
targets of a whole run. ``workflow/rules/common.smk`` makes one plan and
hands its answers to the rules.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from ..experiments import (
    EXPERIMENTS,
    applet,
    applet_experiment,
    applets,
    claim_experiment,
    claim_order,
    experiment,
    figure,
    figure_experiment,
    timed_claims,
)
from ..experiments._shared.experiment import DataRef, Experiment, Run
from .digest import Digests, shared

__all__ = [
    "KINDS",
    "MAX_PRESET_POINTS",
    "ONE_OUTPUT_RULES",
    "OUTPUTS",
    "Job",
    "Plan",
    "Readers",
    "command_line_files",
    "one_output_log",
    "one_output_paths",
    "one_wildcard",
]

#: The most points of a dataset the live SMO applet of the atlas offers as a
#: preset: it retrains while a point is dragged, and shows the brute-force
#: leave-one-out (one SMO solve per point).
MAX_PRESET_POINTS = 500

#: The jobs that read an experiment's tables by name, and the wildcard that
#: names each: a figure, an applet's data, a claim's rows, a claim's timings.
KINDS = ("figure", "applet", "claim", "timing")

#: A table as a job reads it: one CSV, or a sweep's per-run CSVs in run order.
Paths = str | list[str]

#: The files each kind of job writes, with ``{}`` for its figure, applet or
#: claim.
OUTPUTS = {
    "figure": ("results/figures/{}.png", "results/figures/{}.pdf"),
    "applet": ("results/applets/{}.json",),
    "claim": ("results/claims/{}.csv",),
    "timing": ("results/timings/{}.csv",),
}

#: The rules that make one figure, applet, claim's rows or timings, by kind.
ONE_OUTPUT_RULES = {
    "figure": "figure",
    "applet": "applet",
    "claim": "claim_rows",
    "timing": "timing_rows",
}


def one_wildcard(kind: str) -> str:
    """The wildcard that names the output of ``kind``: ``claim`` for a claim's
    rows or timings, else ``figure`` or ``applet``."""
    return "claim" if kind in ("claim", "timing") else kind


def one_output_paths(kind: str) -> list[str]:
    """What the job of one output of ``kind`` (:data:`ONE_OUTPUT_RULES`)
    writes: :data:`OUTPUTS` with its wildcard.

    Examples
    --------
    >>> one_output_paths("figure")
    ['results/figures/{figure}.png', 'results/figures/{figure}.pdf']
    >>> one_output_paths("timing")
    ['results/timings/{claim}.csv']
    """
    return [p.format(f"{{{one_wildcard(kind)}}}") for p in OUTPUTS[kind]]


def one_output_log(kind: str, ext: str) -> str:
    """The log (``ext`` ``"log"``) or benchmark (``"bench.tsv"``) of that job.

    Examples
    --------
    >>> one_output_log("claim", "log")
    'results/logs/claims/{claim}.log'
    """
    folder = {"claim": "claims", "timing": "timings"}.get(kind, kind)
    return f"results/logs/{folder}/{{{one_wildcard(kind)}}}.{ext}"


def command_line_files(argv: Sequence[str], cwd: str | Path) -> set[str]:
    """The files named on a command line ``argv`` (its arguments, without the
    program), as targets or to an option such as ``--forcerun``, relative to
    the working directory ``cwd``; options and files outside it are left
    out. Snakemake gives a workflow its targets only after parsing it, so
    the rules cannot ask for them; a figure, applet, claim's rows or timings
    named here is made by a job of its own (:attr:`Plan.batched`).

    Examples
    --------
    >>> sorted(command_line_files(["-c1", "results/figures/x.png", "/w/a/b.csv",
    ...                            "/elsewhere/c.csv", "./d//e.csv"], "/w"))
    ['a/b.csv', 'd/e.csv', 'results/figures/x.png']
    """
    here = Path(cwd).resolve()
    files = set()
    for arg in argv:
        if arg.startswith("-"):
            continue
        path = Path(arg)
        if path.is_absolute():
            try:
                path = path.resolve().relative_to(here)
            except ValueError:
                continue
        files.add(os.path.normpath(path))
    return files


#: The experiment whose tables each kind of job reads, by the job's name.
_OWNER = {
    "figure": figure_experiment,
    "applet": applet_experiment,
    "claim": claim_experiment,
    "timing": claim_experiment,
}

#: The function of :mod:`.jobs` that runs each kind of job.
_RUNNER = {
    "figure": "pipeline.jobs:draw_figure",
    "applet": "pipeline.jobs:write_applet",
    "claim": "pipeline.jobs:write_claim_rows",
    "timing": "pipeline.jobs:write_claim_rows",
}


@dataclass(frozen=True)
class Job:
    """A figure, applet or claim job: its function, the tables it reads (by
    parameter name), and those tables' files."""

    function: str
    tables: dict[str, Paths]
    inputs: list[str]


@dataclass(frozen=True)
class Readers:
    """What the Snakemake job that makes one figure, applet, claim's rows or
    timings is given: ``jobs``, the jobs of :func:`~.jobs.run_readers` (it
    runs those whose outputs are the Snakemake job's), the tables they read
    (``inputs``) and the digest of their code (``library``)."""

    jobs: list[dict[str, Any]]
    inputs: list[str]
    library: str


def _targets(kind: str, names: list[str]) -> list[str]:
    return [path.format(name) for name in names for path in OUTPUTS[kind]]


def _flat(tables: Mapping[str, Paths]) -> list[str]:
    return [p for v in tables.values() for p in ([v] if isinstance(v, str) else v)]


class Plan:
    """The jobs and files of the pipeline under the configuration ``cfg``
    (validated, defaults filled in).

    ``digests`` computes the jobs' code digests (by default from the sources,
    read once per process; the workflow passes one that keeps what it read
    between runs). ``targets`` are the files the command line names, relative
    to the working directory: a figure, applet, claim's rows or timings among
    them is made by a job of its own, even where one job makes the rest of
    its experiment's (:meth:`batched`)."""

    def __init__(
        self,
        cfg: Mapping[str, Any],
        digests: Digests | None = None,
        targets: Iterable[str] = (),
    ) -> None:
        self.cfg = cfg
        self.digests = digests if digests is not None else shared()
        self.targets = frozenset(targets)
        self._runs: dict[str, dict[str, Run]] = {}
        self._jobs: dict[tuple[str, str], Job] = {}
        self._readers: dict[tuple[str, str], Readers] = {}

    def digest(self, *refs: str) -> str:
        """The digest of the library code behind ``refs`` (:mod:`.digest`)."""
        return self.digests(refs)

    # -- the runs of an experiment -------------------------------------------
    def runs(self, exp: Experiment) -> dict[str, Run]:
        """``{run id: Run}`` of ``exp``, computed once."""
        if exp.name not in self._runs:
            self._runs[exp.name] = exp.runs(self.cfg)
        return self._runs[exp.name]

    def is_sweep(self, exp: Experiment) -> bool:
        """Whether ``exp`` runs as several jobs (one per run)."""
        return list(self.runs(exp)) != [""]

    @property
    def one_job_per_output(self) -> bool:
        """The configuration's ``one_job_per_output`` (a cluster's): one job
        per run of a sweep, per stacked table, per figure, claim and applet;
        else one job makes a sweep's runs and one an experiment's figures."""
        return bool(self.cfg.get("one_job_per_output", False))

    def in_one_job(self, exp: Experiment) -> bool:
        """Whether ``exp`` is a sweep whose runs one job makes, with its
        stacked tables."""
        return self.is_sweep(exp) and not self.one_job_per_output

    def priority(self, exp: Experiment) -> int:
        """The Snakemake priority of ``exp``'s study job: the registry's."""
        return exp.priority

    def dataset_priority(self) -> int:
        """The Snakemake priority of the dataset job(s): one above the
        registry's highest, so that they start first, beside a study that
        reads no data (every other study waits for them). Without
        ``one_job_per_output`` one job makes every dataset (about two
        seconds, on one core); with it, one job per dataset: among jobs of
        one priority Snakemake's greedy scheduler starts those with the
        largest inputs first, and a dataset job has none."""
        return 1 + max(e.priority for e in EXPERIMENTS)

    def study_outputs(self, exp: Experiment) -> dict[str, str]:
        """The study's tables by name, with a ``{run}`` wildcard for a sweep
        of one job per run."""
        run = "{run}" if self.is_sweep(exp) else ""
        return {t: exp.table_path(t, run) for t in exp.tables}

    def study_log(self, exp: Experiment, ext: str) -> str:
        """The log (``ext`` "log") or timings ("bench.tsv") of a study job."""
        folder = f"results/logs/{exp.name}"
        per_run = self.is_sweep(exp) and not self.in_one_job(exp)
        return f"{folder}/{{run}}.{ext}" if per_run else f"{folder}.{ext}"

    # -- a sweep in one job ------------------------------------------------------
    def sweep_runs(self, exp: Experiment) -> dict[str, dict[str, Any]]:
        """Per run of the sweep ``exp``, in run order: its study ``args``, its
        ``data`` files and its tables' ``outputs`` by name."""
        return {
            run: {
                "args": self.study_args(exp, run),
                "data": self.study_data(exp, run),
                "outputs": {t: exp.table_path(t, run) for t in exp.tables},
            }
            for run in self.runs(exp)
        }

    def sweep_stacked(self, exp: Experiment) -> dict[str, list[str]]:
        """The sweep's stacked tables: their file, and the runs' files stacked
        into it in run order."""
        return {
            exp.table_path(t): self.stacked_sources(exp.name, t)
            for t in exp.tables
            if t not in exp.per_run
        }

    def sweep_inputs(self, exp: Experiment) -> list[str]:
        """The dataset files of all the sweep's runs, each once."""
        return list(
            dict.fromkeys(p for r in self.runs(exp) for p in self.study_inputs(exp, r))
        )

    def sweep_outputs(self, exp: Experiment) -> list[str]:
        """Every run's tables, then the stacked tables."""
        runs = self.sweep_runs(exp).values()
        return [p for r in runs for p in r["outputs"].values()] + list(
            self.sweep_stacked(exp)
        )

    def sweep_library(self, exp: Experiment) -> str:
        """The digest of the study's code and of the functions that run and
        stack it."""
        return self.digest(exp.study, "pipeline.jobs:run_sweep")

    def run_constraint(self, exp: Experiment) -> dict[str, str]:
        """A sweep's ``{run}`` wildcard matches exactly its run ids."""
        if not self.is_sweep(exp):
            return {}
        return {"run": "|".join(re.escape(r) for r in self.runs(exp))}

    def study_data(self, exp: Experiment, run: str) -> dict[str, Paths]:
        """Per study argument, the dataset file(s) of the run."""

        def paths(refs: DataRef | tuple[DataRef, ...]) -> Paths:
            if isinstance(refs, tuple):
                return [f"results/data/{ref.name}.csv" for ref in refs]
            return f"results/data/{refs.name}.csv"

        return {arg: paths(refs) for arg, refs in self.runs(exp)[run].data.items()}

    def study_inputs(self, exp: Experiment, run: str) -> list[str]:
        """The dataset files a study job reads."""
        return _flat(self.study_data(exp, run))

    def study_args(self, exp: Experiment, run: str) -> dict[str, Any]:
        """The run's keyword arguments of the study (other than datasets)."""
        return dict(self.runs(exp)[run].args)

    def study_library(self, exp: Experiment) -> str:
        """The digest of the study's code and of the function that runs it."""
        return self.digest(exp.study, "pipeline.jobs:run_study")

    # -- the stacked tables of sweeps ------------------------------------------
    def stacked_sources(self, name: str, table: str) -> list[str]:
        """The runs' files of a sweep's table, in run order."""
        exp = experiment(name)
        return [exp.table_path(table, run) for run in self.runs(exp)]

    def stacked_constraints(self) -> dict[str, str]:
        """Wildcard patterns of the sweeps' stacked tables."""
        sweeps = [e for e in EXPERIMENTS if self.is_sweep(e) and not self.in_one_job(e)]
        names = sorted({t for e in sweeps for t in e.tables if t not in e.per_run})
        return {
            "experiment": "|".join(e.name for e in sweeps) or "^$",
            "table": "|".join(names) or "^$",
        }

    # -- the jobs that read tables by name ------------------------------------
    def consumed(self, exp: Experiment, table: str) -> Paths:
        """What a plotter, builder or claim function reads of ``table``: its
        file, or for a sweep's per-run table every run's, in run order."""
        if table not in exp.tables:
            raise KeyError(f"experiment {exp.name!r} has no table {table!r}")
        if table in exp.per_run and self.is_sweep(exp):
            return [exp.table_path(table, run) for run in self.runs(exp)]
        return exp.table_path(table)

    def job(self, kind: str, name: str) -> Job:
        """The ``kind`` job (a key of :data:`KINDS`) of figure, applet or claim
        ``name``: computed once."""
        key = (kind, name)
        if key not in self._jobs:
            if kind not in _OWNER:
                raise KeyError(f"no job kind {kind!r} (known: {', '.join(KINDS)})")
            exp = _OWNER[kind](name)
            function = {
                "figure": lambda: figure(name).plotter,
                "applet": lambda: applet(name).builder,
                "claim": lambda: exp.claims[name],
                "timing": lambda: exp.timings[name],
            }[kind]()
            tables = {
                t: self.consumed(exp, t)
                for t in self.digests.required_parameters(function)
            }
            self._jobs[key] = Job(function, tables, _flat(tables))
        return self._jobs[key]

    # -- an experiment's figures, claims and applets in one job ----------------
    @cached_property
    def readers(self) -> dict[str, list[tuple[str, str]]]:
        """Per experiment whose tables the run reads, the jobs that read them,
        as ``(kind, name)``: its figures, applets, claims and timings of the
        run, in that order and each in target order. Without
        ``one_job_per_output`` one job makes them all (:meth:`readers_jobs`),
        but those the command line names (:meth:`batched`)."""
        found: dict[str, list[tuple[str, str]]] = {}
        for kind, names in (
            ("figure", self.cfg["figures"]),
            ("applet", self.shown_applets),
            ("claim", self.shown_claims),
            ("timing", self.shown_timings),
        ):
            for name in names:
                found.setdefault(_OWNER[kind](name).name, []).append((kind, name))
        return found

    def batched(self, exp: Experiment) -> list[tuple[str, str]]:
        """The jobs of :meth:`readers` that ``exp``'s one job makes: none with
        ``one_job_per_output``; else all but those with an output among the
        :attr:`targets`, which a job of their own makes, so that naming one
        figure (or claim) redraws only that one. Both jobs get the same
        parameters and inputs (:meth:`reader`), so either may make a file
        that the other then finds up to date."""
        if self.one_job_per_output:
            return []
        return [
            (kind, name)
            for kind, name in self.readers.get(exp.name, [])
            if not self.targets.intersection(_targets(kind, [name]))
        ]

    def in_readers_job(self, exp: Experiment) -> bool:
        """Whether one job makes some of ``exp``'s figures, applets, claim and
        timing rows (:meth:`batched`)."""
        return bool(self.batched(exp))

    def readers_jobs(self, exp: Experiment) -> list[dict[str, Any]]:
        """Every job of :meth:`readers` of ``exp``, in turn: each job's
        ``kind``, ``name``, ``function``, ``tables`` (by name) and
        ``outputs``."""
        return [self._reader_job(kind, name) for kind, name in self.readers[exp.name]]

    def _reader_job(self, kind: str, name: str) -> dict[str, Any]:
        job = self.job(kind, name)
        return {
            "kind": kind,
            "name": name,
            "function": job.function,
            "tables": job.tables,
            "outputs": _targets(kind, [name]),
        }

    def readers_outputs(self, exp: Experiment) -> list[str]:
        """The files ``exp``'s one job writes: those of :meth:`batched`."""
        return [p for kind, name in self.batched(exp) for p in _targets(kind, [name])]

    def readers_inputs(self, exp: Experiment) -> list[str]:
        """The tables the jobs of :meth:`readers` of ``exp`` read, each once."""
        jobs = self.readers[exp.name]
        return list(dict.fromkeys(p for k, n in jobs for p in self.job(k, n).inputs))

    def readers_library(self, exp: Experiment) -> str:
        """The digest of the code of every job of :meth:`readers` of ``exp``
        and of the function that runs them."""
        functions = [self.job(k, n).function for k, n in self.readers[exp.name]]
        runners = [_RUNNER[kind] for kind, _ in self.readers[exp.name]]
        return self.digest(*functions, *runners, "pipeline.jobs:run_readers")

    def reader(self, kind: str, name: str) -> Readers:
        """What the job of one output of ``kind`` (a key of :data:`KINDS`),
        ``name``, is given. Without ``one_job_per_output``, for an output of
        the run, what its experiment's one job is given (the run's jobs of
        the experiment, their tables and code digest), so that a file made
        by either job is up to date for the other; else its own job only."""
        key = (kind, name)
        if key not in self._readers:
            exp = _OWNER[kind](name)
            if not self.one_job_per_output and key in self.readers.get(exp.name, []):
                self._readers[key] = Readers(
                    self.readers_jobs(exp),
                    self.readers_inputs(exp),
                    self.readers_library(exp),
                )
            else:
                job = self.job(kind, name)
                self._readers[key] = Readers(
                    [self._reader_job(kind, name)],
                    job.inputs,
                    self.digest(
                        job.function, _RUNNER[kind], "pipeline.jobs:run_readers"
                    ),
                )
        return self._readers[key]

    def prepare(self) -> None:
        """Compute every job's code digest now (each job of a run needs its
        digest to decide whether to rerun), then save what the digests read."""
        for exp in EXPERIMENTS:
            self.sweep_library(exp) if self.in_one_job(exp) else self.study_library(exp)
        for kind, names in (
            ("figure", self.cfg["figures"]),
            ("applet", self.shown_applets),
            ("claim", self.shown_claims),
            ("timing", self.shown_timings),
        ):
            for name in names:
                self.reader(kind, name)
        self.digests.save()

    # -- targets ---------------------------------------------------------------
    @cached_property
    def shown_claims(self) -> list[str]:
        """The claims of the figures the configuration asks for, in catalog
        order."""
        shown = {c for f in self.cfg["figures"] for c in figure(f).claims}
        return sorted(shown, key=claim_order)

    def data_targets(self) -> list[str]:
        return [f"results/data/{name}.csv" for name in sorted(self.cfg["datasets"])]

    @cached_property
    def presets(self) -> list[str]:
        """The datasets the atlas's live SMO applet offers as presets: those of
        the configuration with two features and two classes and at most
        :data:`MAX_PRESET_POINTS` points, by name."""
        from ..core.datasets import DatasetError, dataset_rows, dataset_shape

        names = []
        for name, spec in sorted(self.cfg["datasets"].items()):
            try:
                shape = dataset_shape(spec)
                rows = dataset_rows(spec)
            except (DatasetError, OSError):
                continue
            two_d = shape.task == "classification" and shape.n_features == 2
            if two_d and rows <= MAX_PRESET_POINTS:
                names.append(name)
        return names

    def preset_targets(self) -> list[str]:
        return [f"results/data/{name}.csv" for name in self.presets]

    def figure_targets(self) -> list[str]:
        return _targets("figure", self.cfg["figures"])

    def claim_row_targets(self) -> list[str]:
        return _targets("claim", self.shown_claims)

    @cached_property
    def shown_timings(self) -> list[str]:
        """The shown claims with machine measurements, in catalog order."""
        return [c for c in timed_claims() if c in self.shown_claims]

    def timing_row_targets(self) -> list[str]:
        return _targets("timing", self.shown_timings)

    @cached_property
    def shown_applets(self) -> list[str]:
        """The applets that illustrate a claim of this run, in registry order."""
        shown = set(self.shown_claims)
        return [name for name in applets() if set(applet(name).claims) & shown]

    def applet_targets(self) -> list[str]:
        return _targets("applet", self.shown_applets)

    def all_targets(self) -> list[str]:
        """Everything a full run makes."""
        return [
            *self.data_targets(),
            *self.figure_targets(),
            "results/claims.csv",
            "results/claims.md",
            "results/timings.csv",
            "results/config.yaml",
            "results/site",
            "results/claims.html",
        ]

    # -- datasets ----------------------------------------------------------------
    def dataset_spec(self, name: str) -> dict[str, Any]:
        """The config entry of one dataset, keys sorted (stable params)."""
        return dict(sorted(self.cfg["datasets"][name].items()))

    def dataset_specs(self) -> dict[str, dict[str, Any]]:
        """Every dataset's config entry (:meth:`dataset_spec`), by name."""
        return {name: self.dataset_spec(name) for name in sorted(self.cfg["datasets"])}

    def dataset_paths(self) -> dict[str, str]:
        """Every dataset's file, by name."""
        return dict(zip(sorted(self.cfg["datasets"]), self.data_targets(), strict=True))

    def dataset_sources(self) -> list[str]:
        """The user CSVs of every dataset (:meth:`dataset_source`)."""
        return [
            p
            for name in sorted(self.cfg["datasets"])
            for p in self.dataset_source(name)
        ]

    def dataset_source(self, name: str) -> list[str]:
        """A user CSV is an input file of its dataset job; generated data have
        none."""
        spec = self.cfg["datasets"][name]
        return [spec["path"]] if spec["generator"] == "csv" else []
