"""Stack tables with the same columns (one row per sweep configuration)."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

import pandas as pd  # noqa: E402

from kernelboost.io import write_frame_atomic  # noqa: E402

table = pd.concat([pd.read_csv(path) for path in snakemake.input], ignore_index=True)
write_frame_atomic(table, snakemake.output[0])
