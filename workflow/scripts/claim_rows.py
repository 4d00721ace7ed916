"""Rows of one claim, computed from its metric tables."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

import pandas as pd  # noqa: E402

from kernelboost.claims import CLAIMS, to_frame  # noqa: E402
from kernelboost.io import write_frame_atomic  # noqa: E402

tables = [pd.read_csv(path) for path in snakemake.input]
rows = CLAIMS[snakemake.wildcards.claim](*tables)
write_frame_atomic(to_frame(rows), snakemake.output[0])
