"""A small timing harness: our implementation against a peer, in one process.

Each :class:`Case` builds its inputs once (untimed), then :func:`run_case` times
our callable and the peer's on those inputs, alternating between the two and
flipping which one goes first on every repeat (ours, peer | peer, ours | ...),
so that slow drift of the machine (frequency scaling, other load, a warming
cache) falls on both sides evenly.
Reported times are medians over the repeats; ``ratio = ours_s / peer_s``.
:func:`machine` says what the times were measured on (the processor, numpy's
SIMD code paths, numba's target, the BLAS), the same for every case.

This module only imports the standard library and pandas (numpy, llvmlite and
threadpoolctl only to describe the machine, when present); the cases
themselves live in ``cases.py``.
"""

from __future__ import annotations

import gc
import importlib
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Literal

import pandas as pd

#: Columns of the result table, before the quality columns of the cases.
COLUMNS: tuple[str, ...] = (
    "case",
    "size",
    "ours_s",
    "peer_s",
    "ratio",
    "ours_min_s",
    "peer_min_s",
    "repeats",
    "target",
    "meets_target",
)

#: Columns of :func:`machine`, the last of the table written by ``run.py``.
MACHINE_COLUMNS: tuple[str, ...] = ("cpu", "cores", "numpy_simd", "numba_cpu", "blas")


def _cpu_model(cpuinfo: str = "/proc/cpuinfo") -> str:
    """The processor's name and identity from ``/proc/cpuinfo`` (Linux), else
    from :mod:`platform`, e.g. ``"AMD EPYC (AuthenticAMD family 25 model 17)"``."""
    fields: dict[str, str] = {}
    try:
        with open(cpuinfo, encoding="utf-8") as lines:
            for line in lines:
                if not line.strip():
                    break  # the first processor is enough
                key, _, value = line.partition(":")
                fields.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    name = fields.get("model name") or platform.processor() or platform.machine()
    ident = " ".join(
        f"{label} {fields[key]}".strip()
        for key, label in (
            ("vendor_id", ""),
            ("cpu family", "family"),
            ("model", "model"),
        )
        if fields.get(key)
    )
    return f"{name} ({ident})" if ident else name


def _numpy_simd() -> str:
    """numpy's SIMD code paths: the baseline it was built for and the
    dispatch targets enabled at run time (``NPY_DISABLE_CPU_FEATURES`` turns
    some off), e.g. ``"baseline X86_V2; dispatch X86_V3 X86_V4 AVX512_ICL"``."""
    for name in ("numpy._core._multiarray_umath", "numpy.core._multiarray_umath"):
        try:
            umath = importlib.import_module(name)
        except ImportError:
            continue
        features = getattr(umath, "__cpu_features__", {})
        baseline = getattr(umath, "__cpu_baseline__", [])
        enabled = [f for f in getattr(umath, "__cpu_dispatch__", []) if features.get(f)]
        return f"baseline {' '.join(baseline)}; dispatch {' '.join(enabled) or '-'}"
    return ""


def _numba_cpu() -> str:
    """The CPU numba generates code for: ``NUMBA_CPU_NAME`` if set, else the
    host CPU as LLVM names it (e.g. ``znver4``)."""
    if os.environ.get("NUMBA_CPU_NAME"):
        return os.environ["NUMBA_CPU_NAME"]
    try:
        from llvmlite import binding
    except ImportError:
        return ""
    return str(binding.get_host_cpu_name())


def _blas() -> str:
    """The BLAS numpy calls and the kernels it chose for this CPU, e.g.
    ``"openblas 0.3.31 Zen"`` (from threadpoolctl, when installed)."""
    try:
        import numpy  # noqa: F401  (loads its BLAS)
        from threadpoolctl import threadpool_info
    except ImportError:
        return ""
    return "; ".join(
        " ".join(
            str(info[key])
            for key in ("internal_api", "version", "architecture")
            if info.get(key)
        )
        for info in threadpool_info()
        if info.get("user_api") == "blas"
    )


def machine() -> dict[str, object]:
    """What the timings ran on, as the columns :data:`MACHINE_COLUMNS`.

    ``cpu``: the processor's name and identity; ``cores``: logical processors
    available; ``numpy_simd``: numpy's baseline and enabled SIMD dispatch
    targets (numpy's ``exp``, ``minimum`` and the like take the most advanced
    enabled path, so the times and the last bits of some values depend on
    them); ``numba_cpu``: the CPU numba compiles for; ``blas``: the BLAS
    library, its version and the kernels it chose. A part that cannot be
    read is empty.
    """
    cores = (
        len(os.sched_getaffinity(0))
        if hasattr(os, "sched_getaffinity")
        else os.cpu_count()
    )
    return {
        "cpu": _cpu_model(),
        "cores": cores,
        "numpy_simd": _numpy_simd(),
        "numba_cpu": _numba_cpu(),
        "blas": _blas(),
    }


def scaled(n: int, scale: float, low: int = 2) -> int:
    """A problem size ``n`` multiplied by ``scale`` and rounded, at least ``low``."""
    if not scale > 0:
        raise ValueError(f"scale must be > 0, got {scale}.")
    return max(low, round(n * scale))


@dataclass(frozen=True)
class Case:
    """One benchmark: our callable and a peer's, on the same inputs.

    Parameters
    ----------
    name : str
        Identifier, used by ``run.py --case NAME``.
    size : str
        Human-readable problem size, e.g. ``"m=10000, n=10"``.
    setup : callable () -> object
        Builds the inputs once; not timed.
    ours : callable (inputs) -> object
        Our implementation; timed.
    peer : callable (inputs) -> object
        The reference implementation; timed.
    quality : callable (ours_result, peer_result) -> dict of str to float
        Compares the two results of the last repeat, e.g.
        ``{"max_abs_diff": 1e-15}``; each key becomes a column.
    target : str, default=""
        Human-readable target; empty means ``f"ratio {direction} {target_ratio}"``.
    target_ratio : float or None, default=1.0
        ``None``: the case is reported without a target (``meets_target`` is
        ``"n/a"``), e.g. a size at which no target was set.
        Threshold the ratio ``ours_s / peer_s`` is compared with.
    direction : {"<=", ">="}, default="<="
        ``"<="``: the target is met when ``ratio <= target_ratio`` (we must be
        at most that much slower); ``">="``: when ``ratio >= target_ratio``.
    limits : mapping of str to float, default={}
        Upper bounds on quality columns that are part of the target, e.g.
        ``{"max_abs_diff": 1e-12}``: the target is met only when each of those
        columns is at most its bound (a NaN or missing one fails).
    """

    name: str
    size: str
    setup: Callable[[], object]
    ours: Callable[[object], object]
    peer: Callable[[object], object]
    quality: Callable[[object, object], dict[str, float]]
    target: str = ""
    target_ratio: float | None = 1.0
    direction: Literal["<=", ">="] = "<="
    limits: Mapping[str, float] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.direction not in ("<=", ">="):
            raise ValueError(
                f"Case {self.name!r}: direction must be '<=' or '>=', "
                f"got {self.direction!r}."
            )
        if not self.target:
            text = (
                "none"
                if self.target_ratio is None
                else f"ratio {self.direction} {self.target_ratio}"
            )
            object.__setattr__(self, "target", text)

    def meets(
        self, ratio: float, quality: Mapping[str, float] | None = None
    ) -> bool | str:
        """Whether ``ratio`` (and ``quality``, for :attr:`limits`) meet the
        target (``False`` for a NaN ratio)."""
        if self.target_ratio is None:
            return "n/a"
        if math.isnan(ratio):
            return False
        quality = quality or {}
        within = all(
            float(quality.get(key, math.nan)) <= bound
            for key, bound in self.limits.items()
        )
        if self.direction == "<=":
            return ratio <= self.target_ratio and within
        return ratio >= self.target_ratio and within


def _timed(
    fn: Callable[[object], object],
    inputs: object,
    timer: Callable[[], float],
) -> tuple[object, float]:
    """Call ``fn(inputs)`` once with the garbage collector off; return (result, s).

    A full collection runs just before, outside the timed region, so neither
    side pays for garbage left by the other.
    """
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        start = timer()
        result = fn(inputs)
        elapsed = timer() - start
    finally:
        if enabled:
            gc.enable()
    return result, elapsed


def run_case(
    case: Case,
    repeats: int,
    warmup: int = 1,
    *,
    timer: Callable[[], float] = time.perf_counter,
) -> dict[str, object]:
    """Time ``case.ours`` and ``case.peer`` alternately on the same inputs.

    Parameters
    ----------
    case : Case
    repeats : int >= 1
        Timed calls of each side. Repeat ``r`` calls ours first when ``r`` is
        even and the peer first when ``r`` is odd.
    warmup : int >= 0, default=1
        Untimed calls of each side (ours, then peer) before the timed ones.
    timer : callable () -> float, default=time.perf_counter
        Clock in seconds; replaceable for tests.

    Returns
    -------
    row : dict
        ``case``, ``size``, ``ours_s`` and ``peer_s`` (medians over repeats),
        ``ratio`` (``ours_s / peer_s``), ``ours_min_s``, ``peer_min_s``,
        ``repeats``, ``target``, ``meets_target``, then the quality columns
        computed on the results of the last repeat.

    Notes
    -----
    Only the results of the last repeat are kept (for ``case.quality``); every
    earlier result is dropped and collected outside the timed region, so a
    case with a large output holds at most two of them at a time.
    """
    if repeats < 1:
        raise ValueError(f"repeats must be >= 1, got {repeats}.")
    if warmup < 0:
        raise ValueError(f"warmup must be >= 0, got {warmup}.")
    sides = {"ours": case.ours, "peer": case.peer}
    inputs = case.setup()

    for _ in range(warmup):
        for fn in sides.values():
            result = fn(inputs)
            del result
            gc.collect()

    times: dict[str, list[float]] = {"ours": [], "peer": []}
    last: dict[str, object] = {}
    for r in range(repeats):
        order = ("ours", "peer") if r % 2 == 0 else ("peer", "ours")
        final = r == repeats - 1
        for side in order:
            result, elapsed = _timed(sides[side], inputs, timer)
            times[side].append(elapsed)
            if final:
                last[side] = result
            del result
            gc.collect()

    quality = dict(case.quality(last["ours"], last["peer"]))
    last.clear()
    del inputs
    gc.collect()

    ours_s = statistics.median(times["ours"])
    peer_s = statistics.median(times["peer"])
    ratio = ours_s / peer_s if peer_s > 0 else math.nan
    row: dict[str, object] = {
        "case": case.name,
        "size": case.size,
        "ours_s": ours_s,
        "peer_s": peer_s,
        "ratio": ratio,
        "ours_min_s": min(times["ours"]),
        "peer_min_s": min(times["peer"]),
        "repeats": repeats,
        "target": case.target,
        "meets_target": case.meets(ratio, quality),
    }
    clash = set(quality) & set(row)
    if clash:
        raise ValueError(
            f"Case {case.name!r}: quality columns {sorted(clash)} clash with "
            "the timing columns."
        )
    row.update({key: float(value) for key, value in quality.items()})
    return row


def _verdict(meets: bool | str) -> str:
    if meets == "n/a":
        return "n/a"
    return "met" if meets else "MISSED"


def _to_stderr(line: str) -> None:
    print(line, file=sys.stderr, flush=True)


def run(
    cases: Iterable[Case],
    repeats: int,
    progress: Callable[[str], None] | None = _to_stderr,
    *,
    warmup: int = 1,
    machine: Mapping[str, object] | None = None,
) -> pd.DataFrame:
    """Run every case in turn; one row per case.

    Parameters
    ----------
    cases : iterable of Case
    repeats : int >= 1
        Timed calls of each side per case (see :func:`run_case`).
    progress : callable (str) -> None or None, default: print to stderr
        Receives one line per finished case (name, size, ratio); ``None``
        silences it.
    warmup : int >= 0, default=1
    machine : mapping of str to object, optional
        Columns the same for every row, last: what the cases ran on (e.g.
        :func:`machine`, as ``run.py`` passes).

    Returns
    -------
    frame : pandas.DataFrame
        Columns :data:`COLUMNS`, then the union of the quality columns in
        order of first appearance (NaN where a case lacks one), then those
        of ``machine``.
    """
    rows = []
    for case in cases:
        row = run_case(case, repeats, warmup=warmup)
        rows.append(row)
        if progress is not None:
            progress(
                f"{case.name} [{case.size}]: ratio {row['ratio']:.3f} "
                f"(ours {row['ours_s']:.4g} s, peer {row['peer_s']:.4g} s; "
                f"target {case.target}: {_verdict(row['meets_target'])})"
            )
    extra = list(dict.fromkeys(k for row in rows for k in row if k not in COLUMNS))
    fixed = dict(machine or {})
    clash = set(fixed) & {*COLUMNS, *extra}
    if clash:
        raise ValueError(f"machine columns {sorted(clash)} clash with the table's.")
    for row in rows:
        row.update(fixed)
    return pd.DataFrame(rows, columns=[*COLUMNS, *extra, *fixed])
