"""End to end: the small configuration through Snakemake, as a user runs it."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import signal
import subprocess
import time
import zipfile
from datetime import datetime
from pathlib import Path

import pandas as pd
import pytest
import yaml

from marginlab.experiments import applet, applets, figures, timed_claims
from marginlab.experiments import claims as claim_ids
from marginlab.experiments._shared.expected import as_read
from marginlab.experiments._shared.rows import COLUMNS, read_rows
from marginlab.experiments.losses.study import margin_grid
from marginlab.pipeline.site import ASSETS as SITE_ASSETS

from ..conftest import BIN, ROOT, SMALL, copy_workflow, declared_rows, snakemake
from .conftest import caption_of

FIGURES = figures()

# Under pytest-xdist (make test), every test of the session's small run in one
# process, so that it is made once.
pytestmark = [pytest.mark.pipeline, pytest.mark.xdist_group("small_run")]


#: Experiments that measure CPU time, and so draw figures of it: with
#: ``timings.csv`` and the atlas's timings page, the only results that are not
#: byte-identical from run to run. Their claims' rows in claims.csv count work
#: and are byte-identical.
TIMED_EXPERIMENTS = (
    "kernel_cost",
    "boosting_cost",
    "incremental_update",
    "primal_dual_cost",
)


def _reproducible(path: Path) -> bool:
    """Not a CPU-time result: a figure or table of a timed experiment
    (``results/metrics/<experiment>/...``), or the timings' rows."""
    inside = path.parts[len(path.parts) - path.parts[::-1].index("results") :]
    names = (path.stem, *inside)
    return not any(n.startswith(TIMED_EXPERIMENTS + ("timings",)) for n in names)


def digests(root: Path) -> dict[str, str]:
    """SHA-256 of every CSV, PNG and claims page, CPU-time results left out."""
    files = sorted(root.glob("results/**/*.csv")) + sorted(
        root.glob("results/**/*.png")
    )
    files += [root / "results" / n for n in ("claims.md", "claims.html")]
    files += sorted(root.glob("results/site/*.html"))
    # A partial run makes fewer; the browser tests' screenshots are not results.
    files = [f for f in files if f.exists() and "screenshots" not in f.parts]
    return {
        str(f.relative_to(root)): hashlib.sha256(f.read_bytes()).hexdigest()
        for f in filter(_reproducible, files)
    }


def test_small_run_writes_data_figures_and_claims(small_run: Path) -> None:
    results = small_run / "results"
    for name in ("xor", "circles", "moons", "breast_cancer", "diabetes"):
        assert (results / "data" / f"{name}.csv").stat().st_size > 0
    for name in FIGURES:
        for ext in ("png", "pdf"):
            assert (results / "figures" / f"{name}.{ext}").stat().st_size > 1000
    claims = pd.read_csv(results / "claims.csv", dtype=str, keep_default_na=False)
    assert tuple(claims.columns) == COLUMNS
    # Every row, in order, under the name its room declares for the run's
    # configuration (results/config.yaml: defaults filled in, the profile
    # merged), claims in the catalog's order K, E, B, S.
    cfg = yaml.safe_load((results / "config.yaml").read_text())
    declared = declared_rows(cfg)
    assert list(declared) == claim_ids()
    names = claims["key"].str.split("/", n=1).str[1]
    rows = list(zip(claims["id"], names, strict=True))
    expected = [
        (claim, name)
        for claim, names in declared.items()
        for name in as_read(names, [n for c, n in rows if c == claim])
    ]
    assert rows == expected
    assert set(claims["holds"]) <= {"true", "false", "not resolved", "n/a"}
    # Theorems, identities and checks hold on this data; empirical tendencies
    # may not (and are then reported as not holding, with their numbers).
    exact = claims[claims["kind"].isin(["theorem", "identity", "check"])]
    assert set(exact["holds"]) == {"true"}, exact[exact["holds"] != "true"]
    # Two rows read a lecture statement in a way algebra settles before any
    # data (CLAIMS.md, Errata 14 and 15): illustrations, with no verdict.
    settled = claims["key"].isin(["B22/minimizer/real", "B23/hull/one_stump"])
    assert settled.sum() == 2
    assert set(claims[settled]["kind"]) == {"illustration"}
    assert set(claims[settled]["holds"]) == {"n/a"}
    assert "| B13 |" in (results / "claims.md").read_text()
    # The cost claims' CPU times are in timings.csv, with their own verdicts:
    # the claims whose rooms declare timings, in the catalog's order.
    timings = read_rows([results / "timings.csv"])
    assert list(dict.fromkeys(timings["id"])) == timed_claims()
    assert len(timings) > 0
    assert timings["key"].str.match(r"^[A-Z]\d+/time/").all()
    assert not claims["key"].str.contains("/time/").any()
    # Every row has its own key.
    assert claims["key"].is_unique
    assert timings["key"].is_unique
    assert (claims["key"].str.split("/").str[0] == claims["id"]).all()
    # The claims atlas has a page per claim, and the report's table links to them.
    site = results / "site"
    assert {p.stem for p in site.glob("*.html")} == {
        "index",
        "table",
        "timings",
        "catalog",
        "smo",
        *claim_ids(),
    }
    assert 'href="timings.html#K2"' in (site / "K2.html").read_text()
    # The report's table links each row to its row on the claim's page.
    assert 'href="site/B13.html#B13/' in (results / "claims.html").read_text()
    # Every applet's data, and the page of each claim it illustrates shows it.
    for name in applets():
        data = json.loads((results / "applets" / f"{name}.json").read_text())
        assert data["kind"] == name
        for claim in applet(name).claims:
            assert f'data-applet="{name}"' in (site / f"{claim}.html").read_text()
    # The small profile's overrides were merged over config.yaml.
    moons = pd.read_csv(results / "data" / "moons.csv")
    assert len(moons) == 80
    assert set(moons["label"]) == {-1, 1}


def test_every_job_left_a_log_and_a_benchmark(small_run: Path) -> None:
    logs = small_run / "results" / "logs"
    assert len(list(logs.rglob("*.log"))) == len(list(logs.rglob("*.bench.tsv")))
    assert (logs / "datasets.bench.tsv").exists()  # one job makes every dataset
    assert "results/data/moons.csv: 80 rows" in (logs / "datasets.log").read_text()


def test_up_to_date_tree_has_nothing_to_do(small_run: Path) -> None:
    proc = snakemake(small_run, *SMALL, "-n")
    assert "Nothing to be done" in proc.stdout + proc.stderr


def test_the_resolved_config_reproduces_the_run(small_run: Path) -> None:
    """results/config.yaml holds every setting: given back, nothing changes."""
    resolved = yaml.safe_load((small_run / "results" / "config.yaml").read_text())
    assert resolved["datasets"]["moons"]["n_samples"] == 80  # the small profile's
    assert resolved["cv"] == {"folds": 5, "seed": 12}
    assert not set(resolved) & {"claim_status", "figure_captions"}
    proc = snakemake(small_run, "-n", "--configfile", "results/config.yaml")
    assert "Nothing to be done" in proc.stdout + proc.stderr


def test_report_lists_the_figure(small_run: Path, small_report: Path) -> None:
    html = small_report.read_text(errors="replace")
    for name in FIGURES:
        assert f"{name}.png" in html
    # Captions are each figure's own text; categories are the claim families.
    for name in FIGURES:
        caption = caption_of(small_run, name).read_text()
        claim = caption.removeprefix("**").split(" ", 1)[0]  # "**K1 — ..."
        assert f"<strong>{claim} \\u2014" in html, f"caption of {name} not rendered"
    # Each caption says how its claims came out in this run.
    assert html.count("Outcome in this run:") == len(FIGURES)
    assert "K1 held in 4 of 4 rows" in html
    # K2's rows in claims.csv count work (checks); its times are apart.
    assert "K2: 4 of 4 checks passed" in html
    # E1: one check per (dataset, kernel), and the two configurations whose
    # every point is a support vector (#SV/l = 1, which no error exceeds).
    assert "E1: 8 of 8 checks passed" in html
    assert "K: kernels" in html
    assert "B: boosting and margins" in html


def planned_jobs(dry_run_output: str) -> dict[str, int]:
    """Rule → job count from the 'Job stats' table of a dry run."""
    lines = dry_run_output.splitlines()
    start = lines.index("Job stats:") + 3
    jobs = {}
    for line in lines[start:]:
        rule, count = line.split()
        if rule == "total":
            return jobs
        jobs[rule] = int(count)
    raise AssertionError("no 'total' line in the job stats")


def test_a_named_figure_or_claim_is_rebuilt_alone_with_the_same_bytes(
    small_run: Path,
) -> None:
    """A figure and a claim's rows named on the command line are made by a job
    each, from the tables as they are, without the other figures and claims
    of their experiment's one job; the files are the same bytes as that job's,
    and up to date for it. Made by the experiment's job again, the same bytes
    once more."""
    results = small_run / "results"
    named = [results / "figures" / "adaboost_bound.png", results / "claims" / "B1.csv"]
    named.append(named[0].with_suffix(".pdf"))
    untouched = [
        results / "metrics" / "adaboost" / "history.csv",
        results / "figures" / "margin_bound.png",
        results / "claims" / "B5.csv",
    ]
    before = {p: p.stat().st_mtime_ns for p in untouched}
    made = {p: p.read_bytes() for p in named}
    targets = [str(p.relative_to(small_run)) for p in named[:2]]
    for path in named:
        path.unlink()
    plan = snakemake(small_run, *SMALL, "-n", *targets)
    assert planned_jobs(plan.stdout + plan.stderr) == {"claim_rows": 1, "figure": 1}
    snakemake(small_run, *SMALL, *targets)
    assert {p: p.read_bytes() for p in named} == made
    assert {p: p.stat().st_mtime_ns for p in untouched} == before
    log = (results / "logs" / "figure" / "adaboost_bound.log").read_text()
    assert log.startswith("figure 1/1 adaboost_bound: ")
    for args in ((), targets):  # up to date for the run and for themselves
        proc = snakemake(small_run, *SMALL, "-n", *args)
        assert "Nothing to be done" in proc.stdout + proc.stderr, args
    # The experiment's one job makes them again: the same bytes.
    named[0].unlink()
    plan = snakemake(small_run, *SMALL, "-n")
    assert planned_jobs(plan.stdout + plan.stderr)["adaboost_figures"] == 1
    snakemake(small_run, *SMALL)
    assert {p: p.read_bytes() for p in named} == made
    proc = snakemake(small_run, *SMALL, "-n")
    assert "Nothing to be done" in proc.stdout + proc.stderr


def test_bad_user_csv_fails_its_job_and_writes_nothing(workflow_copy: Path) -> None:
    (workflow_copy / "mine.csv").write_text("x1,x2,label\n1,2,1\n3,oops,-1\n")
    config = (workflow_copy / "config.yaml").read_text()
    config = config.replace(
        "  # mine: {generator: csv, path: data/mine.csv}",
        "  mine: {generator: csv, path: mine.csv}",
    )
    (workflow_copy / "config.yaml").write_text(config)
    proc = snakemake(workflow_copy, *SMALL, "results/data/mine.csv", check=False)
    assert proc.returncode != 0
    out = proc.stdout + proc.stderr
    assert "mine.csv, line 3, column 'x2': 'oops' is not a number" in out
    assert not (workflow_copy / "results" / "data" / "mine.csv").exists()


#: Snakemake's own marker in a directory output (results/site/): not a result.
SNAKEMAKE_MARKER = ".snakemake_timestamp"


def _hidden_files(root: Path) -> list[Path]:
    """Files whose name starts with a dot under results/ (e.g. a partial write),
    Snakemake's marker of a finished directory output aside."""
    return [
        p
        for p in (root / "results").rglob(".*")
        if p.is_file() and p.name != SNAKEMAKE_MARKER
    ]


def _job_scripts(wf: Path) -> list[int]:
    """PIDs of the job scripts Snakemake is running in ``wf``."""
    found = subprocess.run(
        ["pgrep", "-f", str(wf / ".snakemake" / "scripts")],
        capture_output=True,
        text=True,
        check=False,
    )
    return [int(pid) for pid in found.stdout.split()]


def _default_sigint() -> None:
    """In the child: SIGINT as by default, even when the tests themselves were
    started with it ignored (a shell's background job), so that Snakemake sees
    the interrupt the tests send."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _start(wf: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [str(BIN / "snakemake"), *args, *SMALL],
        cwd=wf,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_default_sigint,
    )


def _wait_for(condition, seconds: float = 120.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError("the run never reached the point to interrupt")
        time.sleep(0.05)


#: The rooms of the interrupted run: a sweep (E1, E2) and a room of five figures
#: and seven claims, each with its study and its one job of figures and claims
#: as in a whole run, and the datasets (``--until`` these rules; 5 jobs).
SECOND_RUN = ("loo_vs_sv_bound_figures", "adaboost_figures")


@pytest.fixture(scope="session")
def second_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A second run of some rooms of the small configuration
    (:data:`SECOND_RUN`) in a fresh copy, interrupted by SIGINT once some
    experiment's tables exist and jobs are still running, then resumed.

    Session-scoped, not module-scoped: under pytest-xdist the tests of this
    module interleave with other modules of the ``small_run`` group, and a
    module fixture would be torn down and run again in between."""
    wf = copy_workflow(tmp_path_factory.mktemp("second") / "wf")
    until = ("--until", *SECOND_RUN)
    proc = _start(wf, *until)
    metrics = wf / "results" / "metrics"
    _wait_for(
        lambda: (
            any(metrics.rglob("*.csv"))
            and len(_job_scripts(wf)) > 0
            and proc.poll() is None
        )
    )
    proc.send_signal(signal.SIGINT)
    assert proc.wait(timeout=300) != 0, "the run finished before the interrupt"
    snakemake(wf, *until, *SMALL)  # resume (rerun-incomplete is in the profile)
    return wf


def test_an_interrupted_second_run_is_byte_identical_to_the_first(
    small_run: Path, second_run: Path
) -> None:
    """Every file of the second run was computed again, before or after the
    interrupt: same code and config give the same bytes, interrupted or not.
    The same files as the small run's: the data, the rooms' tables, claims
    and figures."""
    made = digests(second_run)
    assert len(made) >= 15, "too few CSV and PNG files"
    assert {
        f"results/{name}"
        for name in (
            "claims/E1.csv",
            "claims/E2.csv",
            "claims/B1.csv",
            "metrics/loo_vs_sv_bound/rows.csv",
            "figures/loo_vs_sv_bound.png",
            "figures/adaboost_bound.png",
            "figures/margin_bound.png",
        )
    } <= set(made)
    expected = digests(small_run)
    assert made == {name: expected.get(name) for name in made}
    assert _hidden_files(second_run) == []


#: The claims of the timing studies (their CPU times are results), and the
#: claims of a study that uses BLAS at every step.
THREADED = tuple(
    f"results/claims/{c}.csv" for c in ("K2", "K8", "K18", "K20", "B11", "E1")
)


def test_claims_of_threaded_jobs_are_the_same_bytes_on_one_core(
    small_run: Path, workflow_copy: Path
) -> None:
    """The timing studies (whose CPU times are results) and a study that uses
    BLAS at every step, and their claims, made again with one core: the
    counted work in claims.csv does not depend on the number of cores or on
    the other jobs beside them."""
    snakemake(workflow_copy, *THREADED, *SMALL, "--cores", "1")
    for target in THREADED:
        assert (workflow_copy / target).read_bytes() == (
            small_run / target
        ).read_bytes(), target


#: A few jobs (a dataset, a study, its figure and claims) for the killed-job test.
KNN = ("results/figures/knn_k.png", "results/claims/K14.csv", "results/claims/E4.csv")


def test_a_killed_job_fails_the_run_and_a_rerun_repairs_it(
    small_run: Path, tmp_path: Path
) -> None:
    wf = copy_workflow(tmp_path / "killed")
    proc = _start(wf, *KNN)
    _wait_for(lambda: len(_job_scripts(wf)) > 0 and proc.poll() is None)
    for pid in _job_scripts(wf):
        os.kill(pid, signal.SIGKILL)
    assert proc.wait(timeout=300) != 0, "a job was killed, yet the run succeeded"
    snakemake(wf, *KNN, *SMALL)
    repaired = digests(wf)
    assert {
        f"results/{name}" for name in ("figures/knn_k.png", "claims/K14.csv")
    } <= set(repaired)
    assert repaired.items() <= digests(small_run).items()
    assert _hidden_files(wf) == []


@pytest.mark.parametrize(("umask", "mode"), [(0o022, 0o644), (0o027, 0o640)])
def test_results_get_the_permissions_of_the_umask(
    workflow_copy: Path, umask: int, mode: int
) -> None:
    """Results, logs and timings are as readable as the umask allows (a shared
    cluster file system, a web server), not private to their writer."""
    proc = subprocess.run(
        [str(BIN / "snakemake"), *SMALL, "results/metrics/losses/curves.csv"],
        cwd=workflow_copy,
        capture_output=True,
        text=True,
        umask=umask,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    files = [p for p in (workflow_copy / "results").rglob("*") if p.is_file()]
    assert {p.name for p in files} >= {"curves.csv", "losses.log"}
    modes = {
        str(p.relative_to(workflow_copy)): oct(p.stat().st_mode & 0o777) for p in files
    }
    assert set(modes.values()) == {oct(mode)}, modes


#: The rules that gather the claims' and timings' rows into their tables, and
#: the atlas from them (results/site/, results/claims.html).
GATHERING = ("claims_table", "timings_table", "site")


def _second_build(small_run: Path, dest: Path) -> Path:
    """A second build of the small run's results in a fresh copy: its rows,
    tables, figures and report as they are; the claims and timings tables and
    the atlas made again."""
    wf = copy_workflow(dest)
    for name in ("results", ".snakemake"):
        shutil.copytree(
            small_run / name,
            wf / name,
            symlinks=True,
            ignore=shutil.ignore_patterns("screenshots", "marginlab-results.zip"),
        )
    snakemake(wf, *SMALL, "--forcerun", *GATHERING)
    return wf


def test_the_archive_holds_report_figures_claims_config_and_provenance(
    small_run: Path, small_report: Path, tmp_path: Path
) -> None:
    """Two builds of the same commit give archives that differ only in what
    cannot agree: provenance.json, the report's job timings and wall times.
    The second build, in another folder, starts from the run's rows, tables,
    figures and report, and makes the claims and timings tables and the atlas
    again. (Rows, tables and figures made again by a second run, for some
    rooms: test_an_interrupted_second_run_is_byte_identical_to_the_first.)"""
    archives = []
    for wf in (small_run, _second_build(small_run, tmp_path / "second")):
        proc = subprocess.run(
            [
                str(BIN / "python"),
                "-m",
                "marginlab.pipeline.archive",
                "results",
                "--root",
                str(ROOT),
            ],
            cwd=wf,
            capture_output=True,
            text=True,
        )
        assert proc.returncode == 0, proc.stderr
        archives.append(wf / "results" / "marginlab-results.zip")
    with zipfile.ZipFile(archives[0]) as zf:
        names = zf.namelist()
        members = {n: zf.read(n) for n in names}
        stamps = {info.date_time for info in zf.infolist()}
    prefix = "marginlab-results/"
    expected = {
        "report.html",
        "claims.csv",
        "claims.md",
        "config.yaml",
        "provenance.json",
        "claims.html",
        "timings.csv",
        "timings.md",
    }
    expected |= {f"figures/{f}.{e}" for f in FIGURES for e in ("png", "pdf")}
    # The claims atlas: a page per claim, the figures it shows, its assets.
    pages = ("index", "table", "timings", "catalog", "smo", *claim_ids())
    expected |= {f"site/{page}.html" for page in pages}
    expected |= {f"site/figures/{f}.png" for f in FIGURES}
    expected |= {f"site/assets/{name}" for name in SITE_ASSETS}
    expected |= {f"site/data/{name}.js" for name in (*applets(), "presets")}
    assert names == sorted(prefix + name for name in expected)
    record = json.loads(members[prefix + "provenance.json"])
    results = small_run / "results"
    assert members[prefix + "claims.csv"] == (results / "claims.csv").read_bytes()
    assert (
        record["config_sha256"]
        == hashlib.sha256(members[prefix + "config.yaml"]).hexdigest()
    )
    assert record["marginlab"] == "0.1.0"
    assert {"numpy", "scipy", "pandas", "matplotlib", "snakemake"} <= set(
        record["packages"]
    )
    # Members carry the date of the data (the commit), not of the run.
    assert len(stamps) == 1
    date = datetime.fromisoformat(record["source_date"]).replace(tzinfo=None)
    stamp = datetime(*stamps.pop())
    assert 0 <= (date - stamp).total_seconds() < 2  # ZIP keeps even seconds
    with zipfile.ZipFile(archives[1]) as zf:
        other = {n: zf.read(n) for n in zf.namelist()}
    assert set(other) == set(members)
    differ = {n for n in members if members[n] != other[n]}
    # The claims and timings tables, claims.md, claims.html and every page
    # of the atlas are the same bytes, made again.
    assert differ <= {prefix + n for n in ("provenance.json", "report.html")}, differ


def test_another_configuration_gets_its_own_directory(workflow_copy: Path) -> None:
    """`--directory runs/<name>`: the project's config.yaml (or the run
    directory's own), overrides from --configfile, results under runs/<name>."""
    (workflow_copy / "fewer.yaml").write_text("losses: {n_points: 11}\n")
    snakemake(
        workflow_copy,
        "results/metrics/losses/curves.csv",
        "--directory",
        "runs/fewer",
        "--configfile",
        str(workflow_copy / "fewer.yaml"),
    )
    table = pd.read_csv(workflow_copy / "runs/fewer/results/metrics/losses/curves.csv")
    assert table["margin"].nunique() == len(margin_grid(-2.0, 2.0, 11))
    assert not (workflow_copy / "results").exists()
