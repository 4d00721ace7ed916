"""Figure `losses` (B13): surrogate losses above the zero-one loss."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115

import pandas as pd  # noqa: E402

from kernelboost.plotting import plot_losses, save_figure  # noqa: E402

fig = plot_losses(pd.read_csv(snakemake.input[0]))
save_figure(fig, snakemake.output.png, snakemake.output.pdf)
