"""A subset of the small configuration through SLURM (workflow/profiles/slurm).

A one-node SLURM cluster on loopback is started for the test (Debian's
slurm-wlm and munge, installed with apt-get when absent: needs root) and
stopped again when the test ends, also when it fails.
"""

from __future__ import annotations

import os
import pwd
import re
import shlex
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from ..conftest import SMALL, apt_install, copy_workflow, snakemake
from .test_pipeline import digests

pytestmark = pytest.mark.pipeline

SLURM = [
    "--workflow-profile",
    "workflow/profiles/slurm",
    # This cluster keeps no accounting (no sacct, no accounts): squeue reports
    # the job states, and jobs go to the default partition without an account.
    "--slurm-status-command",
    "squeue",
    "--slurm-no-account",
    "--slurm-init-seconds-before-status-checks",
    "1",
]
PARTITION = "marginlab"

#: Overrides of the small configuration for a run that goes through every kind
#: of rule, in 17 jobs instead of 145 (the plugin's fixed cost per job, about
#: 10 s here, is what a SLURM run of the small configuration spends its time
#: on): datasets; a sweep job and its table (E1, E2); a per-dataset job with
#: raised memory and its table (B7); a study without data, timed on a node of
#: its own (B11); a figure and a claim of each; the claims table; the resolved
#: config.
SUBSET = {
    "figures": ["loo_vs_sv_bound", "margin_growth", "boosting_cost"],
    "loo_vs_sv_bound": {
        "datasets": ["blobs"],
        "kernels": [{"name": "linear"}],
        "C": [1.0],
    },
    "margin_growth": {"datasets": ["moons"]},
}
#: The subset's results (without every dataset of the config, as `all` has).
TARGETS = [
    "results/claims.csv",
    "results/config.yaml",
    *(
        f"results/figures/{name}.{ext}"
        for name in SUBSET["figures"]
        for ext in ("png", "pdf")
    ),
]


def _run(*cmd: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(cmd, capture_output=True, text=True, check=False, **kwargs)


def _munge_works() -> bool:
    if not shutil.which("munge"):
        return False
    cred = _run("munge", "-n")
    return cred.returncode == 0 and _run("unmunge", input=cred.stdout).returncode == 0


def _start_munged(log: Path) -> subprocess.Popen | None:
    """Start munged as user munge, unless a munged already answers."""
    if _munge_works():
        return None
    munge = pwd.getpwnam("munge")
    key = Path("/etc/munge/munge.key")
    if not key.exists():
        key.parent.mkdir(parents=True, exist_ok=True)
        key.write_bytes(os.urandom(1024))
    os.chown(key, munge.pw_uid, munge.pw_gid)
    key.chmod(0o400)
    for directory in ("/run/munge", "/var/lib/munge", "/var/log/munge"):
        Path(directory).mkdir(parents=True, exist_ok=True)
        os.chown(directory, munge.pw_uid, munge.pw_gid)
    daemon = subprocess.Popen(
        ["munged", "--foreground"],
        user=munge.pw_uid,
        group=munge.pw_gid,
        stdout=log.open("w"),
        stderr=subprocess.STDOUT,
    )
    _wait_until(_munge_works, 30, "munged to answer", log)
    return daemon


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _slurm_conf(root: Path, node: str) -> str:
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") // 2**20
    return f"""\
ClusterName=marginlab
SlurmctldHost={node}(127.0.0.1)
SlurmctldPort={_free_port()}
SlurmdPort={_free_port()}
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
StateSaveLocation={root}/state
SlurmdSpoolDir={root}/spool
SlurmctldPidFile={root}/slurmctld.pid
SlurmdPidFile={root}/slurmd.pid
SlurmctldLogFile={root}/slurmctld.log
SlurmdLogFile={root}/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core_Memory
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
MinJobAge=600
NodeName={node} NodeAddr=127.0.0.1 CPUs={os.cpu_count()} RealMemory={memory * 9 // 10}
PartitionName={PARTITION} Nodes={node} Default=YES MaxTime=INFINITE State=UP
"""


def _wait_until(condition, seconds: float, what: str, *logs: Path) -> None:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            tails = "\n".join(
                f"--- {log}:\n{log.read_text(errors='replace')[-3000:]}"
                for log in logs
                if log.exists()
            )
            pytest.fail(f"waited {seconds} s for {what}\n{tails}")
        time.sleep(0.5)


def _stop(daemon: subprocess.Popen | None) -> None:
    if daemon is None or daemon.poll() is not None:
        return
    daemon.terminate()
    try:
        daemon.wait(timeout=30)
    except subprocess.TimeoutExpired:
        daemon.kill()
        daemon.wait()


@pytest.fixture(scope="module")
def slurm_cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """A one-node SLURM cluster on 127.0.0.1; SLURM_CONF points the clients at it."""
    start = time.monotonic()
    apt_install("slurm-wlm", "munge", commands=("slurmctld", "slurmd", "munged"))
    print(f"\nSLURM installed or found in {time.monotonic() - start:.1f} s")
    root = tmp_path_factory.mktemp("slurm")
    for directory in ("state", "spool"):
        (root / directory).mkdir()
    node = socket.gethostname().split(".")[0]
    conf = root / "slurm.conf"
    conf.write_text(_slurm_conf(root, node))
    # A real cluster has its slurm.conf where every client looks (/etc/slurm);
    # this one is in a temporary directory, named by SLURM_CONF. The jobstep
    # plugin drops SLURM_* variables for the srun inside each job, so there an
    # srun first on PATH names the configuration again.
    wrappers = root / "bin"
    wrappers.mkdir()
    srun = wrappers / "srun"
    real_srun = shlex.quote(shutil.which("srun"))
    srun.write_text(
        f'#!/bin/sh\nSLURM_CONF={shlex.quote(str(conf))} exec {real_srun} "$@"\n'
    )
    srun.chmod(0o755)
    logs = [root / name for name in ("munged.out", "slurmctld.log", "slurmd.log")]
    daemons: list[subprocess.Popen | None] = []
    old_env = {name: os.environ.get(name) for name in ("SLURM_CONF", "PATH")}
    os.environ["SLURM_CONF"] = str(conf)  # for sinfo, sbatch, squeue, scancel
    os.environ["PATH"] = f"{wrappers}{os.pathsep}{os.environ['PATH']}"
    try:
        daemons.append(_start_munged(root / "munged.out"))
        for daemon in (["slurmctld", "-D", "-c"], ["slurmd", "-D", "-N", node]):
            out = (root / f"{daemon[0]}.out").open("w")
            daemons.append(
                subprocess.Popen(
                    [*daemon, "-f", str(conf)], stdout=out, stderr=subprocess.STDOUT
                )
            )
            logs.append(root / f"{daemon[0]}.out")

        def node_idle() -> bool:
            state = _run("sinfo", "--noheader", "--Node", "--format=%t")
            return state.stdout.strip() == "idle"

        _wait_until(node_idle, 60, f"node {node} to be idle in sinfo", *logs)
        print(f"SLURM cluster up after {time.monotonic() - start:.1f} s")
        yield root
    finally:
        # Jobs first (their slurmstepd processes belong to slurmd), then daemons.
        _run("scancel", f"--partition={PARTITION}")
        _wait_until_no_jobs = time.monotonic() + 30
        while time.monotonic() < _wait_until_no_jobs:
            queue = _run("squeue", "--noheader", f"--partition={PARTITION}")
            if queue.returncode != 0 or not queue.stdout.strip():
                break
            time.sleep(0.5)
        for daemon in reversed(daemons):
            _stop(daemon)
        for name, value in old_env.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = value


def _config_md5(log: str) -> str:
    found = re.search(r"Config MD5: (\w+)", log)
    assert found, "snakemake printed no Config MD5"
    return found.group(1)


def _subset_copy(dest: Path) -> Path:
    wf = copy_workflow(dest)
    (wf / "subset.yaml").write_text(yaml.safe_dump(SUBSET))
    return wf


def test_slurm_run_is_byte_identical_to_a_local_run(
    slurm_cluster: Path, tmp_path: Path
) -> None:
    configs = ["workflow/profiles/small/config.small.yaml", "subset.yaml"]
    local_wf = _subset_copy(tmp_path / "local")
    start = time.monotonic()
    snakemake(local_wf, *TARGETS, *SMALL, "--configfile", *configs)
    local_seconds = time.monotonic() - start
    cluster_wf = _subset_copy(tmp_path / "slurm")
    start = time.monotonic()
    cluster = snakemake(
        cluster_wf, *TARGETS, *SLURM, "--configfile", *configs, timeout=1200
    )
    cluster_seconds = time.monotonic() - start
    out = cluster.stdout + cluster.stderr
    submitted = set(re.findall(r"submitted with SLURM jobid (\d+)", out))
    print(
        f"\nsubset of the small configuration: SLURM {cluster_seconds:.1f} s "
        f"({len(submitted)} SLURM jobs), local {local_seconds:.1f} s"
    )
    # Same effective configuration (the profile's one_job_per_output, how the
    # runs, figures and claims become jobs, aside: results/config.yaml leaves
    # it out), every job through SLURM, the same files.
    (local_log,) = (local_wf / ".snakemake" / "log").glob("*.snakemake.log")
    assert _config_md5(local_log.read_text()) != _config_md5(out)
    resolved = "results/config.yaml"
    assert (local_wf / resolved).read_bytes() == (cluster_wf / resolved).read_bytes()
    planned = int(re.search(r"^total\s+(\d+)$", out, re.MULTILINE).group(1))
    assert len(submitted) == planned
    assert planned >= 15
    rules = set(re.findall(r"^(\w+)\s+\d+$", out.split("Job stats:")[1], re.MULTILINE))
    # One job per run of a sweep on the cluster (stack_tables stacks them);
    # locally the sweep was one job that stacked its own tables.
    assert {"dataset", "loo_vs_sv_bound", "stack_tables", "margin_growth"} <= rules
    local_rules = set(re.findall(r"\(Rule: (\w+)\)", local_log.read_text()))
    assert "loo_vs_sv_bound" in local_rules
    assert "stack_tables" not in local_rules
    # One job per figure and per claim on the cluster; locally one job per
    # experiment made its claim rows, and the figures, named on the command
    # line, a job each.
    assert {"boosting_cost", "figure", "claim_rows", "claims_table"} <= rules
    assert "boosting_cost_figures" in local_rules
    assert "figure" in local_rules
    assert not {"claim_rows", "timing_rows"} & local_rules
    assert "datasets" in local_rules  # one job made every dataset of the config
    expected = digests(local_wf)
    assert "results/claims.csv" in expected
    made = digests(cluster_wf)
    # The same bytes; locally, the datasets the subset does not read too.
    assert made == {name: expected[name] for name in made}
    assert {n for n in expected if n not in made} == {
        f"results/data/{name}.csv"
        for name in yaml.safe_load((local_wf / resolved).read_text())["datasets"]
    } - set(made)
