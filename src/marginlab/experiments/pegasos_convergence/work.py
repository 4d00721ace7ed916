"""pegasos_convergence's counted work: Pegasos's steps and the exact SVM."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .._shared.work import Work


def counted(cfg: Mapping[str, Any]) -> Work:
    """Pegasos iterations (``n_iter``) and the one exact SVM fit (tolerance
    1e-9) whose objective they approach."""
    return {"Pegasos iterations": cfg["pegasos_convergence"]["n_iter"], "SVM fits": 1}
