"""marginlab.estimators.boosting.compiled: a module's loops compiled once."""

from __future__ import annotations

import numpy as np
from numba import config

from marginlab.estimators.boosting.compiled import compile_loops


def _halve(x: np.ndarray) -> np.ndarray:
    out = np.empty_like(x)
    for i in range(x.size):
        out[i] = x[i] / 2.0
    return out


def _twice_halved(x: np.ndarray) -> np.ndarray:
    return _halve(_halve(x)) * 2.0


def test_loops_are_replaced_once_and_give_the_python_results() -> None:
    namespace = {"_halve": _halve, "_twice_halved": _twice_halved}
    compile_loops(namespace, ["_halve", "_twice_halved"], vectorized=["_halve"])
    first = namespace["_halve"]
    if not config.DISABLE_JIT:
        assert first is not _halve
        assert hasattr(first, "py_func")
        assert first.py_func is _halve
    assert namespace["_compiled"] is True
    x = np.array([1.0, 3.0, -5.0])
    np.testing.assert_array_equal(first(x), _halve(x))
    # A second call leaves the compiled versions in place.
    compile_loops(namespace, ["_halve", "_twice_halved"])
    assert namespace["_halve"] is first


def test_intrinsics_are_added_first() -> None:
    namespace = {"_halve": _halve}
    compile_loops(namespace, ["_halve"], intrinsics=lambda: {"_extra": 1})
    assert namespace.get("_extra") == (None if config.DISABLE_JIT else 1)
