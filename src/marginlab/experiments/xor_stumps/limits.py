"""xor_stumps's size limit: B8's depth-2 trees, within the family budget."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.limits import FAMILY_BYTES, Problems, dataset_size, format_bytes


def tree_columns(splits: int) -> int:
    """Columns of B8's depth-2 trees before duplicates are dropped, for S
    splits (:func:`marginlab.theory.margins.distinct_trees`): 2 + S(2S + 2)².

    Examples
    --------
    >>> tree_columns(2)  # exact XOR: one split per feature
    74
    """
    return 2 + splits * (2 * splits + 2) ** 2


def problems(cfg: Mapping[str, Any]) -> Problems:
    """The values of every depth-2 tree on the points, at most
    ``max_thresholds`` splits per feature, within
    :data:`~marginlab.experiments._shared.limits.FAMILY_BYTES`.

    A feature of v distinct values has v − 1 splits; first bounded by the
    rows, then, if that bound is too large, counted on the data."""
    data = dataset_size(cfg, "xor_stumps")
    if data is None:
        return
    name, m, n_features = data
    most = int(cfg["xor_stumps"]["max_thresholds"])
    splits = n_features * min(most, m - 1)
    if 8 * m * tree_columns(splits) > FAMILY_BYTES:
        import numpy as np

        from ...core.datasets import make_dataset

        X = make_dataset(cfg["datasets"][name]).X
        splits = sum(min(most, np.unique(x).size - 1) for x in X.T)
    n_bytes = 8 * m * tree_columns(splits)
    if n_bytes <= FAMILY_BYTES:
        return
    yield (
        f"'xor_stumps.max_thresholds': {most} thresholds per feature on the {m} "
        f"points of {name!r} make S = {splits} splits and up to 2 + S(2S + 2)² = "
        f"{tree_columns(splits)} depth-2 trees, a {m} × {tree_columns(splits)} "
        f"matrix of tree predictions, {format_bytes(n_bytes)}, which the game's "
        f"linear program copies many times; at most {format_bytes(FAMILY_BYTES)}"
    )
