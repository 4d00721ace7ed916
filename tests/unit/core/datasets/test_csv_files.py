"""Datasets as CSV files (marginlab.core.datasets.csv_files): the pipeline's
own files written and read back bit for bit, a user's CSV read with its checks
(each error names the file, line and column), and the names a user's columns
may take."""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra import numpy as hnp

from marginlab.core.datasets import (
    Dataset,
    DatasetError,
    load_csv,
    make_dataset,
    read_dataset,
    write_dataset,
)

from .conftest import FAST, write_csv

_NAME = st.text(
    alphabet=st.characters(min_codepoint=32, max_codepoint=126),
    min_size=1,
    max_size=8,
).filter(lambda s: s not in ("label", "target", "flipped"))


@st.composite
def _datasets(draw: st.DrawFn) -> Dataset:
    m = draw(st.integers(1, 8))
    n = draw(st.integers(1, 4))
    X = draw(
        hnp.arrays(
            np.float64,
            (m, n),
            elements=st.floats(allow_nan=False, allow_infinity=False),
        )
    )
    names = tuple(draw(st.lists(_NAME, min_size=n, max_size=n, unique=True)))
    if draw(st.booleans()):
        y = draw(hnp.arrays(np.float64, m, elements=st.sampled_from([-1.0, 1.0])))
        flipped = draw(st.none() | hnp.arrays(np.bool_, m))
        return Dataset(X, y, names, "classification", flipped)
    y = draw(
        hnp.arrays(
            np.float64, m, elements=st.floats(allow_nan=False, allow_infinity=False)
        )
    )
    return Dataset(X, y, names, "regression")


def _assert_bitwise_equal(a: np.ndarray, b: np.ndarray) -> None:
    assert a.dtype == b.dtype == np.float64
    assert a.shape == b.shape
    np.testing.assert_array_equal(a.view(np.int64), b.view(np.int64))


@FAST
@given(data=_datasets())
def test_write_read_round_trip(
    data: Dataset, tmp_path_factory: pytest.TempPathFactory
) -> None:
    path = tmp_path_factory.mktemp("rt") / "data.csv"
    write_dataset(data, path)
    back = read_dataset(path)
    _assert_bitwise_equal(back.X, data.X)
    _assert_bitwise_equal(back.y, data.y)
    assert back.feature_names == data.feature_names
    assert back.task == data.task
    if data.flipped is None:
        assert back.flipped is None
    else:
        assert back.flipped is not None
        assert back.flipped.dtype == bool
        np.testing.assert_array_equal(back.flipped, data.flipped)


@pytest.mark.parametrize(
    "spec",
    [
        {"generator": "moons", "n_samples": 30, "label_noise": 0.2, "seed": 3},
        {"generator": "sparse_regression", "n_samples": 30},
        {"generator": "breast_cancer"},
        {"generator": "triangle", "n_inside": 40, "seed": 26},
        {"generator": "three_discs", "n_per_cluster": 40, "seed": 27},
        {"generator": "forward_trap", "n_samples": 100, "seed": 28},
    ],
    ids=[
        "moons-noisy",
        "sparse_regression",
        "breast_cancer",
        "triangle",
        "three_discs",
        "forward_trap",
    ],
)
def test_write_read_round_trip_generated(
    spec: dict[str, object], tmp_path: Path
) -> None:
    data = make_dataset(spec)
    path = tmp_path / "sub" / "data.csv"
    write_dataset(data, path)
    back = read_dataset(path)
    _assert_bitwise_equal(back.X, data.X)
    _assert_bitwise_equal(back.y, data.y)
    assert back.feature_names == data.feature_names
    assert back.task == data.task
    assert (back.flipped is None) == (data.flipped is None)
    if data.flipped is not None:
        np.testing.assert_array_equal(back.flipped, data.flipped)
    assert [p.name for p in path.parent.iterdir()] == ["data.csv"]


def test_write_read_round_trip_of_ten_classes(tmp_path: Path) -> None:
    """The digits' codes are written as integers under a label column that
    names the classes, and come back with them."""
    data = make_dataset({"generator": "digits"})
    path = tmp_path / "digits.csv"
    write_dataset(data, path)
    header, first = path.read_text().splitlines()[:2]
    assert header.endswith(",pixel_7_7,label:0|1|2|3|4|5|6|7|8|9")
    assert first.endswith(",0")  # the first image is a 0
    back = read_dataset(path)
    _assert_bitwise_equal(back.X, data.X)
    _assert_bitwise_equal(back.y, data.y)
    assert back.classes == data.classes == tuple("0123456789")
    assert back.feature_names == data.feature_names
    assert (back.task, back.flipped) == ("classification", None)


def test_write_read_round_trip_of_named_classes(tmp_path: Path) -> None:
    """Names other than the codes, a class without a point, and a feature
    called ``label``."""
    data = Dataset(
        np.array([[1.5, 2.0], [3.0, -4.0]]),
        np.array([2.0, 0.0]),
        ("label", "x"),
        classes=("A", "B", "C d"),
    )
    path = tmp_path / "named.csv"
    write_dataset(data, path)
    assert path.read_text() == "label,x,label:A|B|C d\n1.5,2.0,2\n3.0,-4.0,0\n"
    back = read_dataset(path)
    assert back.classes == ("A", "B", "C d")
    assert back.feature_names == ("label", "x")
    _assert_bitwise_equal(back.y, data.y)


def test_a_k_class_file_with_a_code_beyond_its_classes_is_named(
    tmp_path: Path,
) -> None:
    path = write_csv(tmp_path / "bad.csv", "x,label:a|b|c\n1,0\n2,3\n")
    message = f"{path}: y[1] = 3 is not a class code 0, ..., 2"
    with pytest.raises(DatasetError, match=f"^{re.escape(message)}$"):
        read_dataset(path)


def test_written_csv_has_lf_line_endings(tmp_path: Path) -> None:
    data = make_dataset({"generator": "xor", "n_samples": 8, "label_noise": 0.25})
    path = tmp_path / "xor.csv"
    write_dataset(data, path)
    raw = path.read_bytes()
    assert b"\r" not in raw
    assert raw.endswith(b"\n")
    lines = raw.decode().split("\n")
    assert lines[0] == "x1,x2,label,flipped"
    assert lines[-1] == ""
    assert len(lines) == 8 + 2


def test_read_dataset_without_label_or_target(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "odd.csv", "x1,x2\n1,2\n")
    with pytest.raises(DatasetError, match=re.escape(f"{path}: neither a 'label'")):
        read_dataset(path)


@pytest.mark.parametrize(
    ("labels", "expected"),
    [
        (["0", "1", "1", "0"], [-1.0, 1.0, 1.0, -1.0]),
        (["-1", "1", "1", "-1"], [-1.0, 1.0, 1.0, -1.0]),
        (["-1", "+1", "1.0", "-1.0"], [-1.0, 1.0, 1.0, -1.0]),
        (["cat", "dog", "dog", "cat"], [-1.0, 1.0, 1.0, -1.0]),
        (["dog", "cat", "cat", "dog"], [1.0, -1.0, -1.0, 1.0]),
        (["2", "10", "10", "2"], [-1.0, 1.0, 1.0, -1.0]),
    ],
    ids=["0/1", "-1/+1", "mixed-spelling", "cat/dog", "dog/cat", "numeric-order"],
)
def test_load_csv_label_mapping(
    labels: list[str], expected: list[float], tmp_path: Path
) -> None:
    rows = "".join(f"{i}.5,{-i},{lab}\n" for i, lab in enumerate(labels))
    path = write_csv(tmp_path / "d.csv", "a,b,label\n" + rows)
    data = load_csv(path)
    np.testing.assert_array_equal(data.y, expected)
    np.testing.assert_array_equal(data.X, [[i + 0.5, -i] for i in range(4)])
    assert data.X.dtype == np.float64
    assert data.feature_names == ("a", "b")
    assert data.task == "classification"
    assert data.flipped is None


def test_load_csv_tolerates_whitespace(tmp_path: Path) -> None:
    path = write_csv(
        tmp_path / "ws.csv",
        " x1 ,  x2,label \n 1.5 ,2, 1\n3,\t4.25 ,0 \n  -1e3,  5,1\n",
    )
    data = load_csv(path)
    assert data.feature_names == ("x1", "x2")
    np.testing.assert_array_equal(data.X, [[1.5, 2.0], [3.0, 4.25], [-1000.0, 5.0]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0, 1.0])


def test_load_csv_label_column_anywhere(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", "label,b,a\n1,2,3\n0,4,5\n")
    data = load_csv(path)
    assert data.feature_names == ("b", "a")
    np.testing.assert_array_equal(data.X, [[2.0, 3.0], [4.0, 5.0]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0])


def test_load_csv_crlf_and_quotes(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", 'x1,"label"\r\n"1.5",1\r\n2,0\r\n')
    data = load_csv(path)
    np.testing.assert_array_equal(data.X, [[1.5], [2.0]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0])


def test_make_dataset_csv_and_round_trip(tmp_path: Path) -> None:
    src = write_csv(tmp_path / "mine.csv", "f,label\n0.1,a\n0.2,b\n0.3,a\n")
    data = make_dataset({"generator": "csv", "path": str(src)})
    np.testing.assert_array_equal(data.y, [-1.0, 1.0, -1.0])
    out = tmp_path / "out.csv"
    write_dataset(data, out)
    back = read_dataset(out)
    _assert_bitwise_equal(back.X, data.X)
    np.testing.assert_array_equal(back.y, data.y)


CSV_ERRORS = {
    "empty-file": ("", ": the file is empty"),
    # A line of blank cells is skipped; the next line is the header.
    "blank-header": (" , \n1,2\n", ": no 'label' column (columns: 1, 2)"),
    "header-only": ("x1,label\n", ": no data rows"),
    "no-label": ("x1,x2\n1,2\n", ": no 'label' column (columns: x1, x2)"),
    "only-label": ("label\n1\n-1\n", ": no feature columns besides 'label'"),
    "duplicated": (
        "x1,x2,x1,label\n1,2,3,1\n",
        ": duplicated column name 'x1' (columns 1 and 3)",
    ),
    "duplicated-after-strip": (
        "x1, x1,label\n1,2,1\n",
        ": duplicated column name 'x1' (columns 1 and 2)",
    ),
    "empty-name": ("x1,,label\n1,2,1\n", ": column 2 has no name"),
    "non-numeric": (
        "x1,x2,label\n1,2,1\n3,abc,-1\n",
        ", line 3, column 'x2': 'abc' is not a number",
    ),
    "empty-cell": ("x1,x2,label\n1,,1\n3,4,-1\n", ", line 2, column 'x2': empty cell"),
    "blank-cell": ("x1,x2,label\n1,2,1\n3, ,-1\n", ", line 3, column 'x2': empty cell"),
    "nan": (
        "x1,label\n1,1\n2,-1\nnan,1\n",
        ", line 4, column 'x1': 'nan' is not a finite number",
    ),
    "NaN": ("x1,label\nNaN,1\n", ", line 2, column 'x1': 'NaN' is not a finite number"),
    "inf": ("x1,label\n1,1\ninf,-1\n", ", line 3, column 'x1': 'inf' is not a finite"),
    "-inf": (
        "x1,label\n1,1\n-inf,-1\n",
        ", line 3, column 'x1': '-inf' is not a finite",
    ),
    "short-row": (
        "x1,x2,label\n1,2,1\n3\n",
        ", line 3: 1 fields, but the header has 3",
    ),
    "missing-label": (
        "x1,label\n1,1\n2,\n3,-1\n",
        ", line 3, column 'label': empty cell",
    ),
    "one-class": (
        "x1,label\n1,1\n2,1\n",
        ", column 'label': expected exactly two classes, found 1 (1)",
    ),
    "three-classes": (
        "x1,label\n1,a\n2,b\n3,c\n",
        ", column 'label': expected exactly two classes, found 3 (a, b, c)",
    ),
    "many-classes": (
        "x1,label\n" + "".join(f"{i},{i}\n" for i in range(7)),
        "found 7 (0, 1, 2, 3, 4, ...)",
    ),
}


@pytest.mark.parametrize(("text", "fragment"), CSV_ERRORS.values(), ids=CSV_ERRORS)
def test_load_csv_errors(text: str, fragment: str, tmp_path: Path) -> None:
    path = write_csv(tmp_path / "bad_input.csv", text)
    with pytest.raises(
        DatasetError, match=re.escape(str(path)) + ".*" + re.escape(fragment)
    ):
        load_csv(path)


def test_load_csv_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nowhere" / "missing.csv"
    with pytest.raises(DatasetError, match=re.escape(f"{path}: no such file")):
        load_csv(path)


def test_load_csv_directory_is_not_a_file(tmp_path: Path) -> None:
    with pytest.raises(DatasetError, match=re.escape(f"{tmp_path}: no such file")):
        load_csv(tmp_path)


def test_load_csv_first_bad_cell_is_reported(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "d.csv", "x1,x2,label\n1,2,1\n3,x,1\nbad,4,0\n")
    # Columns are checked left to right, so x1 (line 4) is reported first.
    with pytest.raises(DatasetError, match=re.escape("line 4, column 'x1': 'bad'")):
        load_csv(path)


def test_load_csv_rejects_rows_longer_than_header(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "long.csv", "x1,label\n1.0,1,5\n2.0,0,7\n")
    with pytest.raises(DatasetError, match=re.escape(str(path)) + ".*line 2"):
        load_csv(path)


def test_load_csv_line_numbers_count_blank_lines(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "gap.csv", "x1,label\n1.0,1\n\n2.0,0\nabc,1\n")
    with pytest.raises(DatasetError, match=re.escape("line 5, column 'x1'")):
        load_csv(path)


def _user_csv(tmp_path: Path, header: str, m: int = 40) -> Path:
    """A CSV of m rows: ``header``'s columns, the features x·(j+1), label ±1."""
    names = header.split(",")
    rows = []
    for i in range(m):
        cells = [
            ("1" if i % 2 else "-1") if name == "label" else f"{i * (j + 1)}.5"
            for j, name in enumerate(names)
        ]
        rows.append(",".join(cells))
    return write_csv(tmp_path / "mine.csv", header + "\n" + "\n".join(rows) + "\n")


def test_a_feature_named_flipped_stays_a_feature(tmp_path: Path) -> None:
    """results/data/mine.csv of a user CSV with a ``flipped`` feature reads
    back as two features and no noise mask (it read as one feature and a
    mask, and knn_k died with an IndexError)."""
    source = _user_csv(tmp_path, "x1,flipped,label")
    data = make_dataset({"generator": "csv", "path": str(source)})
    write_dataset(data, tmp_path / "out.csv")
    back = read_dataset(tmp_path / "out.csv")
    assert back.X.shape == (40, 2)
    assert back.feature_names == ("x1", "flipped")
    assert back.flipped is None
    _assert_bitwise_equal(back.X, data.X)
    np.testing.assert_array_equal(back.y, data.y)


def test_a_feature_named_flipped_beside_label_noise(tmp_path: Path) -> None:
    """With label noise the mask is a column of its own after ``label``: the
    feature keeps its values (the mask overwrote them)."""
    source = _user_csv(tmp_path, "flipped,x1,label")
    spec = {"generator": "csv", "path": str(source), "label_noise": 0.25}
    data = make_dataset(spec)
    assert data.flipped is not None
    out = tmp_path / "out.csv"
    write_dataset(data, out)
    assert out.read_text().splitlines()[0] == "flipped,x1,label,flipped"
    back = read_dataset(out)
    _assert_bitwise_equal(back.X, data.X)
    assert back.feature_names == ("flipped", "x1")
    assert back.flipped is not None
    np.testing.assert_array_equal(back.flipped, data.flipped)
    np.testing.assert_array_equal(back.y, data.y)


@pytest.mark.parametrize(
    "header", ["target,x1,label", "x1,label,target", "flipped,target,label"]
)
def test_a_user_feature_named_target_stays_a_feature(
    header: str, tmp_path: Path
) -> None:
    """A feature called ``target`` does not make a classification CSV a
    regression dataset, wherever the columns are."""
    data = load_csv(_user_csv(tmp_path, header))
    write_dataset(data, tmp_path / "out.csv")
    back = read_dataset(tmp_path / "out.csv")
    assert back.task == "classification"
    assert back.feature_names == tuple(h for h in header.split(",") if h != "label")
    _assert_bitwise_equal(back.X, data.X)


@pytest.mark.parametrize(
    "names", [("label", "flipped"), ("flipped",), ("target", "label", "flipped")]
)
@pytest.mark.parametrize("task", ["classification", "regression"])
def test_reserved_names_round_trip_as_features(
    names: tuple[str, ...], task: str, tmp_path: Path
) -> None:
    rng = np.random.default_rng(0)
    X = rng.standard_normal((6, len(names)))
    y = np.array([-1.0, 1.0] * 3) if task == "classification" else rng.random(6)
    flipped = np.array([1, 0, 0, 1, 0, 0], bool) if task == "classification" else None
    data = Dataset(X, y, names, task, flipped)  # type: ignore[arg-type]
    write_dataset(data, tmp_path / "d.csv")
    back = read_dataset(tmp_path / "d.csv")
    _assert_bitwise_equal(back.X, X)
    _assert_bitwise_equal(back.y, y)
    assert (back.feature_names, back.task) == (names, task)
    if flipped is None:
        assert back.flipped is None
    else:
        np.testing.assert_array_equal(back.flipped, flipped)


_ANY_NAME = _NAME | st.sampled_from(["label", "target", "flipped"])


@FAST
@given(data=_datasets(), names=st.data())
def test_write_read_round_trip_any_feature_names(
    data: Dataset, names: st.DataObject, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """As :func:`test_write_read_round_trip`, the bookkeeping names included."""
    n = data.X.shape[1]
    chosen = tuple(names.draw(st.lists(_ANY_NAME, min_size=n, max_size=n, unique=True)))
    data = Dataset(data.X, data.y, chosen, data.task, data.flipped)
    path = tmp_path_factory.mktemp("rt") / "data.csv"
    write_dataset(data, path)
    back = read_dataset(path)
    _assert_bitwise_equal(back.X, data.X)
    _assert_bitwise_equal(back.y, data.y)
    assert (back.feature_names, back.task) == (chosen, data.task)
    assert (back.flipped is None) == (data.flipped is None)


def test_generated_data_on_disk_are_unchanged(tmp_path: Path) -> None:
    """The columns of a generated dataset's file are as before: features,
    ``label``, ``flipped``."""
    data = make_dataset({"generator": "moons", "n_samples": 6, "label_noise": 0.2})
    write_dataset(data, tmp_path / "m.csv")
    text = (tmp_path / "m.csv").read_text()
    assert text.splitlines()[0] == "x1,x2,label,flipped"
    assert text == data.to_frame().to_csv(index=False, lineterminator="\n")


HEADER_HINTS = {
    "semicolons": (
        "x1;x2;label\n1;2;1\n3;4;0\n",
        ": no 'label' column: the header line was read as 1 column "
        "('x1;x2;label'), and the file seems to separate its columns with ';' "
        "(semicolons); a marginlab CSV is comma-separated",
    ),
    "decimal-commas": (
        "x1;x2;label\n1,5;2,5;1\n",
        "separate its columns with ';' (semicolons)",
    ),
    "tabs": (
        "x1\tx2\tlabel\n1\t2\t1\n",
        "separate its columns with '\\t' (tabs)",
    ),
    "case": ("x1,Label\n1,1\n", "(columns: x1, Label); 'Label' differs from 'label'"),
    "numbers": (
        "1.5,2,1\n3,4,0\n",
        "(columns: 1.5, 2, 1); the first line holds numbers, not column names",
    ),
    "other-name": ("x1,class\n1,1\n", "must be in a column named 'label'"),
}


@pytest.mark.parametrize(("text", "fragment"), HEADER_HINTS.values(), ids=HEADER_HINTS)
def test_a_header_without_label_says_what_it_looks_like(
    text: str, fragment: str, tmp_path: Path
) -> None:
    from marginlab.core.datasets import dataset_shape

    path = write_csv(tmp_path / "mine.csv", text)
    pattern = re.escape(str(path)) + ".*" + re.escape(fragment)
    with pytest.raises(DatasetError, match=pattern):
        load_csv(path)
    # The configuration check reads the header only: the same message, not
    # "1 feature" (which a study drawing in the plane reported as the problem).
    with pytest.raises(DatasetError, match=pattern):
        dataset_shape({"generator": "csv", "path": str(path)})


@pytest.mark.parametrize("label_first", [True, False])
def test_a_byte_order_mark_is_ignored(label_first: bool, tmp_path: Path) -> None:
    """Spreadsheets save UTF-8 with a byte-order mark: it no longer hides
    ``label`` (or sticks to the first feature's name)."""
    text = "label,x1\n1,0.5\n0,1.5\n" if label_first else "x1,label\n0.5,1\n1.5,0\n"
    path = tmp_path / "bom.csv"
    path.write_bytes(b"\xef\xbb\xbf" + text.encode())
    data = load_csv(path)
    assert data.feature_names == ("x1",)
    np.testing.assert_array_equal(data.X, [[0.5], [1.5]])
    np.testing.assert_array_equal(data.y, [1.0, -1.0])


def test_utf16_is_named(tmp_path: Path) -> None:
    path = tmp_path / "wide.csv"
    path.write_bytes("x1,label\n1,1\n2,0\n".encode("utf-16"))
    with pytest.raises(DatasetError, match="UTF-16 text; save it as UTF-8"):
        load_csv(path)


def test_safe_magnitude_keeps_squared_distances_finite() -> None:
    from marginlab.core.datasets import safe_magnitude
    from marginlab.core.kernels import squared_distances

    for m, d in [(2, 1), (2, 2), (40, 2), (10_000, 30)]:
        big = safe_magnitude(m, d)
        with np.errstate(over="ignore"):
            assert np.isfinite(np.float64(4 * d * m) * np.float64(big) ** 2)
            assert not np.isfinite(np.float64(4 * d * m) * np.float64(1.5 * big) ** 2)
        X = np.full((2, d), big)
        X[0] = -big
        with np.errstate(over="raise"):
            D = squared_distances(X)
            assert np.isfinite(D).all()
            assert np.isfinite(D[0].sum() * (m / 2))  # a sum of m of them


def test_load_csv_refuses_values_whose_squares_overflow(tmp_path: Path) -> None:
    """Features around 1e199 made squared distances inf (K14's 1-NN training
    error then read 0.85): refused, naming line and column, and why."""
    rows = "".join(f"{i}.5,{i % 3},{i % 2}\n" for i in range(38))
    path = write_csv(
        tmp_path / "big.csv", "x1,x2,label\n" + rows + "2,1e199,0\n1,-3,1\n"
    )
    with pytest.raises(DatasetError) as info:
        load_csv(path)
    message = str(info.value)
    assert message.startswith(f"{path}, line 40, column 'x2': 1e199 is too large")
    assert "squared distances between 40 points in 2 dimensions would overflow" in (
        message
    )
    assert "\n" not in message


def test_load_csv_takes_large_values_that_stay_finite(tmp_path: Path) -> None:
    path = write_csv(tmp_path / "ok.csv", "x1,label\n1e150,1\n-1e150,0\n")
    data = load_csv(path)
    assert np.isfinite(((data.X[0] - data.X[1]) ** 2).sum())
