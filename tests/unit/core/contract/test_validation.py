"""Unit tests for marginlab.core.contract.validation: parameter and input checks."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from marginlab.core.contract.validation import (
    check_array,
    check_labels,
    check_random_state,
    check_scalar,
)

FAST = settings(max_examples=25, deadline=None)
CLOSED = ("both", "left", "right", "neither")
BRACKETS = {
    "both": ("[", "]"),
    "left": ("[", ")"),
    "right": ("(", "]"),
    "neither": ("(", ")"),
}
NUMPY_2 = np.lib.NumpyVersion(np.__version__) >= "2.0.0"


# --------------------------------------------------------------------------
# check_scalar
# --------------------------------------------------------------------------


@pytest.mark.parametrize("closed", CLOSED)
@pytest.mark.parametrize("kind", ["int", "float"])
def test_check_scalar_boundaries(closed: str, kind: str) -> None:
    low, high = 0, 4
    inside = 2
    assert (
        check_scalar(inside, "p", "f", kind=kind, low=low, high=high, closed=closed)
        == inside
    )
    for value, included in (
        (low, closed in ("both", "left")),
        (high, closed in ("both", "right")),
    ):
        if included:
            assert (
                check_scalar(
                    value, "p", "f", kind=kind, low=low, high=high, closed=closed
                )
                == value
            )
        else:
            lo, hi = BRACKETS[closed]
            what = "an int" if kind == "int" else "a float"
            expected = (
                f"The 'p' parameter of f must be {what} in the range "
                f"{lo}{low}, {high}{hi}. Got {value}."
            )
            with pytest.raises(ValueError, match=f"^{re.escape(expected)}$"):
                check_scalar(
                    value, "p", "f", kind=kind, low=low, high=high, closed=closed
                )
    for outside in (low - 1, high + 1):
        with pytest.raises(ValueError, match="The 'p' parameter of f"):
            check_scalar(
                outside, "p", "f", kind=kind, low=low, high=high, closed=closed
            )


@FAST
@given(
    value=st.floats(-10, 10, allow_nan=False),
    low=st.floats(-5, 5, allow_nan=False),
    width=st.floats(0.0, 5, allow_nan=False),
    closed=st.sampled_from(CLOSED),
)
def test_check_scalar_accepts_exactly_the_interval(
    value: float, low: float, width: float, closed: str
) -> None:
    high = low + width
    ok_low = value >= low if closed in ("both", "left") else value > low
    ok_high = value <= high if closed in ("both", "right") else value < high
    if ok_low and ok_high:
        assert check_scalar(value, "p", "f", low=low, high=high, closed=closed) == value
    else:
        with pytest.raises(ValueError, match=r"^The 'p' parameter of f must be"):
            check_scalar(value, "p", "f", low=low, high=high, closed=closed)


@pytest.mark.parametrize("kind", ["int", "float"])
@pytest.mark.parametrize(
    "value",
    [True, False, np.True_, "1", None, float("nan"), np.float64("nan"), 1 + 0j],
    ids=repr,
)
def test_check_scalar_rejects_non_numbers(value: object, kind: str) -> None:
    with pytest.raises(ValueError, match=r"^The 'p' parameter of f must be"):
        check_scalar(value, "p", "f", kind=kind)


def test_check_scalar_int_kind_rejects_float() -> None:
    with pytest.raises(
        ValueError,
        match=re.escape(
            "The 'n' parameter of f must be an int in the range (-inf, inf). Got 1.5."
        ),
    ):
        check_scalar(1.5, "n", "f", kind="int")
    # An integral float is still not an int.
    with pytest.raises(ValueError, match="must be an int"):
        check_scalar(2.0, "n", "f", kind="int")


def test_check_scalar_float_kind_accepts_ints() -> None:
    assert check_scalar(3, "p", "f", kind="float", low=0.0) == 3
    assert check_scalar(np.int32(3), "p", "f", kind="float", low=0.0) == 3


@pytest.mark.parametrize(
    ("value", "kind", "expected_type"),
    [
        (np.int64(3), "int", int),
        (np.int8(3), "int", int),
        (np.uint16(3), "int", int),
        (np.int64(3), "float", int),
        (np.float64(0.25), "float", float),
        (np.float32(0.25), "float", float),
    ],
    ids=repr,
)
def test_check_scalar_numpy_scalars_returned_as_python_numbers(
    value: object, kind: str, expected_type: type
) -> None:
    out = check_scalar(value, "p", "f", kind=kind, low=0, closed="left")
    assert type(out) is expected_type
    assert out == value


def test_check_scalar_returns_python_numbers_unchanged() -> None:
    assert check_scalar(7, "p", "f", kind="int") == 7
    x = 0.1
    assert check_scalar(x, "p", "f") is x


def test_check_scalar_exact_message() -> None:
    expected = "The 'C' parameter of SVM must be a float in the range (0, inf). Got -1."
    with pytest.raises(ValueError, match=f"^{re.escape(expected)}$"):
        check_scalar(-1, "C", "SVM", low=0.0)


def test_check_scalar_message_formats_finite_float_ends() -> None:
    expected = (
        "The 'rate' parameter of g must be a float in the range [-0.5, 2.5]. Got 3."
    )
    with pytest.raises(ValueError, match=f"^{re.escape(expected)}$"):
        check_scalar(3, "rate", "g", low=-0.5, high=2.5, closed="both")


def test_check_scalar_infinite_bound_closed() -> None:
    assert check_scalar(math.inf, "C", "SVM", low=0.0, closed="both") == math.inf
    with pytest.raises(ValueError, match=re.escape("(0, inf). Got inf.")):
        check_scalar(math.inf, "C", "SVM", low=0.0)


@pytest.mark.parametrize("high", [10, math.inf])
def test_check_scalar_huge_int(high: float) -> None:
    huge = 10**400
    if huge <= high:
        assert check_scalar(huge, "n", "f", kind="int", high=high) == huge
    else:
        with pytest.raises(ValueError, match="The 'n' parameter of f"):
            check_scalar(huge, "n", "f", kind="int", high=high)


def test_check_scalar_message_for_numpy_scalar_shows_plain_number() -> None:
    with pytest.raises(ValueError, match=re.escape("Got -1.0.")):
        check_scalar(np.float64(-1.0), "C", "SVM", low=0.0)


# --------------------------------------------------------------------------
# check_random_state
# --------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [0, 12345, np.int64(7), 2**40])
def test_check_random_state_int(seed: int) -> None:
    a = check_random_state(seed)
    b = check_random_state(seed)
    assert isinstance(a, np.random.Generator)
    assert a is not b
    np.testing.assert_array_equal(a.random(5), b.random(5))


def test_check_random_state_int_matches_default_rng() -> None:
    np.testing.assert_array_equal(
        check_random_state(3).standard_normal(4),
        np.random.default_rng(3).standard_normal(4),
    )


def test_check_random_state_none() -> None:
    assert isinstance(check_random_state(None), np.random.Generator)


def test_check_random_state_generator_passthrough() -> None:
    rng = np.random.default_rng(0)
    assert check_random_state(rng) is rng


@pytest.mark.parametrize(
    "seed",
    ["abc", True, False, 1.5, np.random.RandomState(0), [1, 2]],
    ids=["str", "True", "False", "float", "RandomState", "list"],
)
def test_check_random_state_rejects(seed: object) -> None:
    with pytest.raises(
        ValueError,
        match=re.escape(
            "random_state must be an int, a numpy.random.Generator or None. Got"
        ),
    ):
        check_random_state(seed)


def test_check_random_state_message_shows_value() -> None:
    with pytest.raises(ValueError, match=re.escape("Got 'abc'.")):
        check_random_state("abc")


# --------------------------------------------------------------------------
# check_array
# --------------------------------------------------------------------------


def test_check_array_converts_lists_to_float64() -> None:
    out = check_array([[1, 2], [3, 4], [5, 6]])
    assert out.dtype == np.float64
    assert out.shape == (3, 2)
    np.testing.assert_array_equal(out, [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])


@FAST
@given(
    st.one_of(
        hnp.arrays(
            dtype=st.sampled_from([np.float64, np.float32]),
            shape=hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=6),
            elements={"allow_nan": False, "allow_infinity": False},
        ),
        hnp.arrays(
            dtype=st.sampled_from([np.int64, np.int32, np.uint8]),
            shape=hnp.array_shapes(min_dims=2, max_dims=2, min_side=1, max_side=6),
        ),
    )
)
def test_check_array_accepts_finite_2d(X: np.ndarray) -> None:
    out = check_array(X)
    assert out.dtype == np.float64
    assert out.shape == X.shape
    np.testing.assert_array_equal(out, X.astype(np.float64))


@pytest.mark.parametrize("X", [[1.0, 2.0, 3.0], np.arange(4.0)], ids=["list", "array"])
def test_check_array_rejects_1d_with_reshape_hint(X: object) -> None:
    with pytest.raises(ValueError, match=r"got a 1-D array") as info:
        check_array(X, "Z")
    message = str(info.value)
    assert message.startswith("Z must be 2-D")
    assert "X.reshape(-1, 1)" in message


@pytest.mark.parametrize("ndim", [0, 3, 4])
def test_check_array_rejects_other_dimensions(ndim: int) -> None:
    X = np.zeros((2,) * ndim)
    with pytest.raises(ValueError, match=f"X must be 2-D; got {ndim} dimensions"):
        check_array(X)


@pytest.mark.parametrize("shape", [(0, 3), (0, 0)])
def test_check_array_rejects_no_samples(shape: tuple[int, int]) -> None:
    with pytest.raises(
        ValueError, match=re.escape(f"X has no samples (shape {shape})")
    ):
        check_array(np.empty(shape))


@pytest.mark.parametrize("X", [np.empty((3, 0)), [[]]], ids=["3x0", "1x0"])
def test_check_array_rejects_no_features(X: object) -> None:
    with pytest.raises(ValueError, match="X"):
        check_array(X)


@FAST
@given(
    rows=st.integers(1, 6),
    cols=st.integers(1, 6),
    data=st.data(),
    bad=st.sampled_from([np.nan, np.inf, -np.inf]),
)
def test_check_array_names_first_non_finite(
    rows: int, cols: int, data: st.DataObject, bad: float
) -> None:
    r = data.draw(st.integers(0, rows - 1), label="row")
    c = data.draw(st.integers(0, cols - 1), label="col")
    X = np.ones((rows, cols))
    X[r, c] = bad
    shown = "NaN" if np.isnan(bad) else bad
    expected = f"X contains a non-finite value ({shown}) at row {r}, column {c}."
    with pytest.raises(ValueError, match=f"^{re.escape(expected)}$"):
        check_array(X)


def test_check_array_reports_first_non_finite_in_row_major_order() -> None:
    X = [[1.0, 2.0, 3.0], [4.0, 5.0, np.inf], [np.nan, 8.0, 9.0]]
    with pytest.raises(ValueError, match=re.escape("(inf) at row 1, column 2.")):
        check_array(X, "X")


def test_check_array_uses_name() -> None:
    with pytest.raises(ValueError, match=r"^Z contains a non-finite value"):
        check_array([[np.nan]], "Z")


# --------------------------------------------------------------------------
# check_labels
# --------------------------------------------------------------------------


@FAST
@given(st.lists(st.sampled_from([-1, 1, -1.0, 1.0]), min_size=1, max_size=30))
def test_check_labels_accepts_plus_minus_one(y: list[float]) -> None:
    out = check_labels(y, len(y))
    assert out.dtype == np.float64
    assert out.shape == (len(y),)
    np.testing.assert_array_equal(out, np.asarray(y, dtype=np.float64))


def test_check_labels_ravels_column_vector() -> None:
    out = check_labels(np.array([[1], [-1], [1]]), 3)
    np.testing.assert_array_equal(out, [1.0, -1.0, 1.0])


@pytest.mark.parametrize(("y", "n"), [([1, -1], 3), ([1, -1, 1, 1], 3), ([], 1)])
def test_check_labels_wrong_length(y: list[int], n: int) -> None:
    expected = f"y has {len(y)} labels but X has {n} samples."
    with pytest.raises(ValueError, match=f"^{re.escape(expected)}$"):
        check_labels(y, n)


@pytest.mark.parametrize(
    ("y", "index"),
    [
        ([0, 1, -1], 0),
        ([1, -1, 2], 2),
        ([1, 1, 0.5, 3], 2),
        ([1, -1, 1, np.nan], 3),
        ([-2, 1], 0),
    ],
)
def test_check_labels_rejects_other_values_naming_index(
    y: list[float], index: int
) -> None:
    with pytest.raises(
        ValueError,
        match=r"^y must hold labels in \{-1, \+1\}; got .* at index "
        + str(index)
        + r"\.$",
    ):
        check_labels(y, len(y))


@FAST
@given(
    n=st.integers(1, 20),
    data=st.data(),
    bad=st.floats(allow_nan=False).filter(lambda v: v not in (-1.0, 1.0)),
)
def test_check_labels_names_first_bad_index(
    n: int, data: st.DataObject, bad: float
) -> None:
    i = data.draw(st.integers(0, n - 1), label="index")
    y = np.ones(n)
    y[i] = bad
    with pytest.raises(ValueError, match=rf"at index {i}\.$"):
        check_labels(y, n, "labels")


def test_check_labels_message_shows_plain_value() -> None:
    with pytest.raises(ValueError, match=re.escape("got 2.0 at index 2.")):
        check_labels([1, -1, 2], 3)


@pytest.mark.parametrize("kind", ["csr_matrix", "csr_array", "coo_matrix"])
def test_check_array_refuses_sparse_input(kind: str) -> None:
    from scipy import sparse

    X = getattr(sparse, kind)(np.eye(3))
    with pytest.raises(TypeError, match=rf"X is a sparse {kind}; .*X\.toarray\(\)"):
        check_array(X)
