"""Draw an experiment's figures and write its applets' data, claim rows and
timing rows, each from the experiment's tables, in one job."""

import sys

sys.stderr = open(snakemake.log[0], "w", buffering=1)  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.pipeline.jobs import run_readers  # noqa: E402

run_readers(snakemake.params.jobs, log=lambda line: print(line, file=sys.stderr))
