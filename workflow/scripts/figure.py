"""Draw one figure from its metric tables (kernelboost.plotting.PLOTTERS)."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

import pandas as pd  # noqa: E402

from kernelboost.plotting import PLOTTERS, save_figure  # noqa: E402

tables = [pd.read_csv(path) for path in snakemake.input]
fig = PLOTTERS[snakemake.wildcards.figure](*tables)
save_figure(fig, snakemake.output.png, snakemake.output.pdf)
