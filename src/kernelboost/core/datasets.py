"""Datasets: seeded generators, bundled real data, a user's CSV, and what the
configuration check forecasts of them (shapes, rows, class counts) without
making them.

The public names of the modules that hold them, importable from here (and
from :mod:`kernelboost.datasets`):

- :mod:`kernelboost.core.dataset`: the container, :class:`Dataset`;
- :mod:`kernelboost.core.synthetic`: the seeded generators and label noise;
- :mod:`kernelboost.core.real_data`: the data scikit-learn ships, and the UCI
  letter data, downloaded on first use by :mod:`kernelboost.core.downloads`
  for opt-in runs only;
- :mod:`kernelboost.core.csv_files`: a user's CSV with its checks, and the
  pipeline's own CSV files;
- :mod:`kernelboost.core.generators`: one description per generator
  (:data:`GENERATOR_TABLE`), and what reads it: :func:`make_dataset` and the
  forecasts.
"""

from __future__ import annotations

from .csv_files import (
    count_csv_rows,
    csv_feature_names,
    load_csv,
    load_csv_with_classes,
    read_dataset,
    safe_magnitude,
    write_dataset,
)
from .dataset import Dataset, DatasetError, Task
from .generators import (
    GENERATOR_TABLE,
    GENERATORS,
    MAX_FEATURES,
    MAX_POINTS,
    DatasetShape,
    Generator,
    Parameter,
    class_counts,
    data_file,
    dataset_rows,
    dataset_shape,
    generator_of,
    make_dataset,
)
from .real_data import (
    LETTER_PARTS,
    load_breast_cancer,
    load_diabetes,
    load_digits_1_7,
    load_digits_4_9,
    load_digits_pair,
    load_letter_part,
)
from .synthetic import (
    CLUSTER_CENTRES,
    CLUSTER_LABELS,
    TRIANGLE,
    WAVEFORM_BASES,
    WAVEFORM_PAIRS,
    edge_lines,
    flip_labels,
    make_blobs,
    make_circles,
    make_forward_trap,
    make_interval,
    make_moons,
    make_ringnorm,
    make_sparse_regression,
    make_three_clusters,
    make_three_discs,
    make_threenorm,
    make_triangle,
    make_twonorm,
    make_waveform,
    make_xor,
)

__all__ = [
    "CLUSTER_CENTRES",
    "CLUSTER_LABELS",
    "GENERATORS",
    "GENERATOR_TABLE",
    "LETTER_PARTS",
    "MAX_FEATURES",
    "MAX_POINTS",
    "TRIANGLE",
    "WAVEFORM_BASES",
    "WAVEFORM_PAIRS",
    "Dataset",
    "DatasetError",
    "DatasetShape",
    "Generator",
    "Parameter",
    "Task",
    "class_counts",
    "count_csv_rows",
    "csv_feature_names",
    "data_file",
    "dataset_rows",
    "dataset_shape",
    "edge_lines",
    "flip_labels",
    "generator_of",
    "load_breast_cancer",
    "load_csv",
    "load_csv_with_classes",
    "load_diabetes",
    "load_digits_1_7",
    "load_digits_4_9",
    "load_digits_pair",
    "load_letter_part",
    "make_blobs",
    "make_circles",
    "make_dataset",
    "make_forward_trap",
    "make_interval",
    "make_moons",
    "make_ringnorm",
    "make_sparse_regression",
    "make_three_clusters",
    "make_three_discs",
    "make_threenorm",
    "make_triangle",
    "make_twonorm",
    "make_waveform",
    "make_xor",
    "read_dataset",
    "safe_magnitude",
    "write_dataset",
]
