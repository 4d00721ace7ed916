"""Draw one figure from its experiment's tables, given to the plotter by name."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.pipeline.jobs import draw_figure, read_tables  # noqa: E402

p = snakemake.params
draw_figure(
    p.plotter, read_tables(p.tables), snakemake.output.png, snakemake.output.pdf
)
