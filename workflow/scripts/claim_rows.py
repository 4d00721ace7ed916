"""Rows of one claim (or of its timings), computed from its experiment's tables
(given by name) by the job's function."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.pipeline.jobs import read_tables, write_claim_rows  # noqa: E402

p = snakemake.params
write_claim_rows(
    snakemake.wildcards.claim, read_tables(p.tables), snakemake.output[0], p.function
)
