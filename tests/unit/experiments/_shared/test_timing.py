"""Timing fits (marginlab.experiments._shared.timing): power-law exponents and
their intervals, and best times read off the CPU clock."""

from __future__ import annotations

import numpy as np
import pytest

from marginlab.experiments._shared.timing import best_time, fit_exponent


def test_fit_exponent_recovers_a_power_law() -> None:
    size = np.array([3.0, 10.0, 30.0, 100.0])
    assert fit_exponent(size, 5.0 * size**2.5) == pytest.approx(2.5)
    with pytest.raises(ValueError, match="two distinct sizes"):
        fit_exponent([4, 4], [1.0, 2.0])


def test_best_time_is_the_minimum_of_the_calls() -> None:
    calls = []
    assert best_time(lambda: calls.append(1), repeats=4) >= 0.0
    assert len(calls) == 5  # one warm-up call, then the timed repeats
    calls.clear()
    # A caller that has just run the computation (B11's counted fit) skips it.
    assert best_time(lambda: calls.append(1), repeats=4, warm_up=False) >= 0.0
    assert len(calls) == 4


def test_best_time_reads_the_cpu_clock(monkeypatch) -> None:
    """The process's CPU time, not wall time: a fake CPU clock decides (the
    warm-up call is not timed, the smallest of the timed calls is returned)."""
    from marginlab.experiments._shared import timing

    durations = iter([5.0, 3.0, 2.0, 4.0])  # warm-up, then three timed calls
    clock = [0.0]

    def call() -> None:
        clock[0] += next(durations)

    monkeypatch.setattr(timing.time, "process_time", lambda: clock[0])
    monkeypatch.setattr(
        timing.time, "perf_counter", lambda: pytest.fail("wall time read")
    )
    assert best_time(call, repeats=3) == 2.0


def test_exponent_interval_covers_the_true_slope() -> None:
    # Student-t interval of a least-squares slope: about 95 % coverage.
    from marginlab.experiments._shared.timing import exponent_interval

    rng = np.random.default_rng(1)
    size = np.geomspace(10, 1000, 6)
    hits = 0
    for _ in range(400):
        seconds = size**1.5 * np.exp(0.2 * rng.standard_normal(size.size))
        lo, hi = exponent_interval(size, seconds)
        hits += lo <= 1.5 <= hi
    assert 0.91 <= hits / 400 <= 0.99
    assert np.isnan(exponent_interval([1, 2], [1.0, 2.0])).all()
