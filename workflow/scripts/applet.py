"""Build one applet's data (results/applets/<name>.json) from its tables."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.pipeline.jobs import read_tables, write_applet  # noqa: E402

p = snakemake.params
write_applet(p.builder, read_tables(p.tables), snakemake.output[0])
