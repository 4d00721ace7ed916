"""kernelboost: kernels and boosting, with the lecture claims reproduced."""

from .datasets import Dataset, DatasetError, make_dataset
from .kernels import Gaussian, Kernel, Linear, make_kernel

__all__ = [
    "Dataset",
    "DatasetError",
    "Gaussian",
    "Kernel",
    "Linear",
    "make_dataset",
    "make_kernel",
]

__version__ = "0.1.0"
