"""Write one dataset of the config to results/data/<name>.csv."""

import sys

sys.stderr = open(snakemake.log[0], "w")  # noqa: SIM115
sys.path.insert(0, f"{snakemake.scriptdir}/../../src")  # this checkout's library

from kernelboost.core.datasets import DatasetError, make_dataset, write_dataset  # noqa: E402

try:
    data = make_dataset(snakemake.params.spec)
except DatasetError as err:
    sys.exit(f"dataset {snakemake.wildcards.name!r}: {err}")
write_dataset(data, snakemake.output[0])
print(
    f"{snakemake.output[0]}: {data.n_samples} rows, {data.X.shape[1]} features",
    file=sys.stderr,
)
