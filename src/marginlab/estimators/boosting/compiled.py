"""The tree modules' loops, compiled with numba at their first use.

A module lists its loops (plain Python functions over arrays) and calls
:func:`compile_loops` before it runs them: numba is imported then, not when
marginlab is imported, and each loop is replaced in the module's namespace by
its numba version, once per process. ``cache=True`` keeps the machine code in
``__pycache__``, so only the first process ever compiles; with
``NUMBA_DISABLE_JIT=1`` the loops stay Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, MutableMapping
from typing import Any

#: The key of a module's namespace that says its loops are compiled.
_DONE = "_compiled"


def compile_loops(
    namespace: MutableMapping[str, Any],
    loops: Iterable[str],
    *,
    vectorized: Iterable[str] = (),
    inlined: Iterable[str] = (),
    intrinsics: Callable[[], dict[str, Any]] | None = None,
) -> None:
    """Replace each of ``loops`` in ``namespace`` (a module's ``globals()``)
    by its numba version, unless that was done already.

    Parameters
    ----------
    namespace : mapping
        The module's globals.
    loops : names
        The functions to compile, callees before callers.
    vectorized : names
        Compiled with ``error_model="numpy"``: no check of float divisions for
        0, which keeps LLVM from vectorizing their loops (a division by 0 gives
        ±∞ or NaN instead of raising).
    inlined : names
        Compiled with ``inline="always"``: inlined where they are called.
    intrinsics : callable, optional
        Returns numba intrinsics to put in the namespace first (skipped with
        ``NUMBA_DISABLE_JIT=1``, when the Python versions stay).
    """
    if namespace.get(_DONE):
        return
    from numba import config, njit

    vectorized, inlined = set(vectorized), set(inlined)
    if intrinsics is not None and not config.DISABLE_JIT:
        namespace.update(intrinsics())
    for name in loops:
        namespace[name] = njit(
            cache=True,
            error_model="numpy" if name in vectorized else "python",
            inline="always" if name in inlined else "never",
        )(namespace[name])
    namespace[_DONE] = True
