"""Datasets as CSV files: a user's CSV, and the pipeline's own.

On disk a dataset is a CSV with one column per feature followed by ``label``
(classification, −1 and +1) or ``target`` (regression), and, for data with
injected label noise, a 0/1 ``flipped`` column marking the points whose label
was flipped. A K-class dataset's labels are its class codes 0, …, K − 1, in a
column named ``label:`` and the class names joined by ``|``
(``label:A|B|…|Z``).
The bookkeeping columns are found by position, not by name alone
(:func:`read_dataset`): they are always the last ones, so a feature of a
user's CSV may be called ``flipped`` or ``target`` and stays a feature.

:func:`load_csv` reads a user's file, checking it cell by cell and naming the
file, line and column of what is wrong; :func:`write_dataset` and
:func:`read_dataset` write and read the files of ``results/data``.
"""

from __future__ import annotations

import csv
import math
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ..io import write_frame_atomic
from .container import LABEL_PREFIX, Dataset, DatasetError, Task

__all__ = [
    "count_csv_rows",
    "csv_feature_names",
    "load_csv",
    "load_csv_with_classes",
    "read_dataset",
    "safe_magnitude",
    "write_dataset",
]

if TYPE_CHECKING:
    import pandas as pd


def load_csv(path: str | os.PathLike[str]) -> Dataset:
    """Load a user CSV: a ``label`` column with two classes plus numeric features.

    The larger label (numerically, or in string order when labels are not
    numbers) becomes +1, the other −1; so {0, 1} and {−1, +1} map as expected.
    The file is read as UTF-8; a byte-order mark before the header (as some
    spreadsheets write) is ignored. Every column but ``label`` is a feature,
    whatever its name.

    Raises
    ------
    DatasetError
        Naming the file and the offending column and line (the header is line 1)
        for: a missing file, no rows, a duplicated or missing column name, no
        ``label`` column (saying what the header looks like: another
        separator, ``Label`` in another case, numbers instead of names), no
        feature column, an empty, non-numeric, NaN or infinite cell, a value
        too large for squared distances to stay finite
        (:func:`safe_magnitude`), or labels that are not exactly two classes.
    """
    return load_csv_with_classes(path)[0]


def load_csv_with_classes(
    path: str | os.PathLike[str],
) -> tuple[Dataset, tuple[str, str]]:
    """:func:`load_csv`'s dataset, and its two labels as the file spells them
    (the −1 class's first)."""
    import pandas as pd

    path = Path(path)
    if not path.is_file():
        raise DatasetError(f"{path}: no such file")
    # The header first: a file with another separator has rows of several
    # fields under a header of one, and the header says why.
    features = _check_header(path, _read_csv_rows(path, header_only=True)[0])
    header, rows, lines = _read_csv_rows(path)
    if not rows:
        raise DatasetError(f"{path}: no data rows")
    raw = pd.DataFrame(rows, columns=header, dtype=str)

    def where(col: str, i: int) -> str:
        return f"{path}, line {lines[i]}, column {col!r}"

    X = np.empty((len(raw), len(features)))
    for j, col in enumerate(features):
        cells = raw[col]
        values = pd.to_numeric(cells, errors="coerce").to_numpy(dtype=np.float64)
        bad = ~np.isfinite(values)
        if bad.any():
            i = int(np.flatnonzero(bad)[0])
            cell = cells.iloc[i]
            if cell == "":
                problem = "empty cell"
            elif np.isnan(values[i]) and cell.lower() not in ("nan", "-nan", "+nan"):
                problem = f"{cell!r} is not a number"
            else:
                problem = f"{cell!r} is not a finite number"
            raise DatasetError(f"{where(col, i)}: {problem}")
        X[:, j] = values
    limit = safe_magnitude(*X.shape)
    for j, col in enumerate(features):
        big = np.abs(X[:, j]) > limit
        if big.any():
            i = int(np.flatnonzero(big)[0])
            m, n = X.shape
            raise DatasetError(
                f"{where(col, i)}: {raw[col].iloc[i]} is too large: squared "
                f"distances between {m} points in {n} dimension"
                f"{'s' if n > 1 else ''} would overflow float64, so features must "
                f"stay within ±{limit:.3g} (rescale the column)"
            )
    y, classes = _two_class_labels(raw["label"], where, path)
    return Dataset(X, y, tuple(features)), classes


#: The largest float64, the bound of :func:`safe_magnitude`.
_FLOAT_MAX = float(np.finfo(np.float64).max)


def safe_magnitude(n_rows: int, n_features: int) -> float:
    """The largest |x| a feature value may have for the studies' sums of
    squared distances to stay finite in float64.

    Two values of size at most M differ by at most 2M, so a squared distance
    between two points of d features is at most 4·d·M², and a sum of m of them
    (a row of a Gram or distance matrix, a variance) at most 4·d·m·M². The
    bound keeps that below half the largest float64 (1.8e308), leaving room
    for rounding: M ≤ √(1.8e308 / (8·d·m)). Values around 1e199, which
    squared give inf, are far beyond it; data in any physical unit are far
    below it.

    Parameters
    ----------
    n_rows : int
        m, the number of points.
    n_features : int
        d, the number of features.

    Returns
    -------
    float

    Examples
    --------
    >>> f"{safe_magnitude(2, 2):.2g}"
    '2.4e+153'
    >>> f"{safe_magnitude(10_000, 30):.2g}"
    '8.7e+150'
    """
    return math.sqrt(_FLOAT_MAX / (8.0 * max(n_features, 1) * max(n_rows, 1)))


#: Column separators other than the comma that a user CSV may have, and their
#: names in messages.
_OTHER_SEPARATORS = {";": "semicolons", "\t": "tabs", "|": "vertical bars"}


def _check_header(path: Path, header: list[str]) -> list[str]:
    """The feature columns of a user CSV's ``header``: every column but
    ``label``. Raises :class:`DatasetError` for an empty or repeated name, no
    ``label`` column (saying what the header looks like) or no feature."""
    for j, name in enumerate(header):
        if not name:
            raise DatasetError(f"{path}: column {j + 1} has no name")
        if name in header[:j]:
            raise DatasetError(
                f"{path}: duplicated column name {name!r} "
                f"(columns {header.index(name) + 1} and {j + 1})"
            )
    if "label" not in header:
        raise DatasetError(_no_label(path, header))
    features = [h for h in header if h != "label"]
    if not features:
        raise DatasetError(f"{path}: no feature columns besides 'label'")
    return features


def _no_label(path: Path, header: list[str]) -> str:
    """The message for a header without ``label``: what the file looks like."""
    for sep, name in _OTHER_SEPARATORS.items():
        cells = [c.strip().strip('"').strip() for c in ",".join(header).split(sep)]
        if len(cells) > 1 and (len(header) == 1 or "label" in cells):
            return (
                f"{path}: no 'label' column: the header line was read as "
                f"{len(header)} column{'s' if len(header) > 1 else ''} "
                f"({', '.join(map(repr, header))}), and the file seems to separate "
                f"its columns with {sep!r} ({name}); a marginlab CSV is "
                f"comma-separated: save it with ',' between the columns"
            )
    message = f"{path}: no 'label' column (columns: {', '.join(header)})"
    lower = [h.lower() for h in header]
    if "label" in lower:
        found = header[lower.index("label")]
        return f"{message}; {found!r} differs from 'label' in case"
    if all(_is_number(h) for h in header):
        return (
            f"{message}; the first line holds numbers, not column names: the "
            "file needs a header line naming its columns, one of them 'label'"
        )
    return f"{message}; the two classes must be in a column named 'label'"


def _is_number(cell: str) -> bool:
    try:
        float(cell)
    except ValueError:
        return False
    return True


def _csv_records(path: Path) -> Iterator[tuple[int, list[str]]]:
    """Line number and stripped cells of each non-blank record of a CSV file.

    The file is read as UTF-8, without the byte-order mark some programs put
    before the header (which would otherwise stick to its first name).
    """
    with path.open(newline="", encoding="utf-8-sig") as handle:
        reader = csv.reader(handle)
        try:
            for record in reader:
                if any(cell.strip() for cell in record):
                    yield reader.line_num, [cell.strip() for cell in record]
        except (csv.Error, UnicodeDecodeError) as err:
            hint = ""
            with path.open("rb") as raw:
                if raw.read(2) in (b"\xff\xfe", b"\xfe\xff"):
                    hint = ": the file is UTF-16 text; save it as UTF-8"
            raise DatasetError(
                f"{path}: not a readable CSV table ({err}){hint}"
            ) from None


def _read_csv_rows(
    path: Path, header_only: bool = False
) -> tuple[list[str], list[list[str]], list[int]]:
    """Header, data rows (cells stripped) and each row's line number in the file.

    Blank lines are skipped but counted; a row whose number of fields differs
    from the header's is an error naming its line. With ``header_only`` the
    file is read up to its header.
    """
    records = _csv_records(path)
    try:
        _, header = next(records)
    except StopIteration:
        raise DatasetError(
            f"{path}: the file is empty (expected a header line)"
        ) from None
    rows: list[list[str]] = []
    lines: list[int] = []
    for line, cells in () if header_only else records:
        if len(cells) != len(header):
            raise DatasetError(
                f"{path}, line {line}: {len(cells)} fields, but "
                f"the header has {len(header)}"
            )
        rows.append(cells)
        lines.append(line)
    return header, rows, lines


def csv_feature_names(path: str | os.PathLike[str]) -> list[str]:
    """The feature columns of a user's CSV, from its header alone, checked as
    :func:`load_csv` checks it (for forecasts that must not read the rows)."""
    path = Path(path)
    return _check_header(path, _read_csv_rows(path, header_only=True)[0])


def count_csv_rows(path: str | os.PathLike[str]) -> int:
    """The number of data rows of a CSV file, without parsing them: its
    non-blank lines after the first (the header).

    Cheap enough for a configuration check of a large file (about a second
    per ten million lines). A quoted cell spanning lines counts as several.

    Parameters
    ----------
    path : str or PathLike

    Returns
    -------
    int

    Raises
    ------
    DatasetError
        When the file is missing.
    """
    path = Path(path)
    if not path.is_file():
        raise DatasetError(f"{path}: no such file")
    with path.open("rb") as handle:
        lines = sum(1 for line in handle if not line.isspace())
    return max(lines - 1, 0)


def _two_class_labels(
    labels: pd.Series, where: Callable[[str, int], str], path: Path
) -> tuple[np.ndarray, tuple[str, str]]:
    """±1 labels and the two classes as the file spells them, −1's first."""
    import pandas as pd

    empty = (labels == "").to_numpy()
    if empty.any():
        raise DatasetError(
            f"{where('label', int(np.flatnonzero(empty)[0]))}: empty cell"
        )
    numeric = pd.to_numeric(labels, errors="coerce")
    keys = numeric if numeric.notna().all() else labels
    classes = sorted(pd.unique(keys))
    if len(classes) != 2:
        shown = ", ".join(map(str, classes[:5])) + (", ..." if len(classes) > 5 else "")
        raise DatasetError(
            f"{path}, column 'label': expected exactly two classes, found "
            f"{len(classes)} ({shown})"
        )
    names = tuple(f"{c:g}" if isinstance(c, float) else str(c) for c in classes)
    return np.where((keys == classes[1]).to_numpy(), 1.0, -1.0), (names[0], names[1])


def write_dataset(data: Dataset, path: str | os.PathLike[str]) -> None:
    """Write ``data`` as CSV atomically: the file appears whole or not at all."""
    write_frame_atomic(data.to_frame(), path)


def read_dataset(path: str | os.PathLike[str]) -> Dataset:
    """Read a CSV written by :func:`write_dataset`.

    The columns are read by position, as :meth:`Dataset.to_frame` writes them:
    the last column is ``label`` or ``target``, or it is ``flipped`` right
    after ``label``; every column before those is a feature, whatever its
    name (a user's feature may be called ``flipped``, ``label`` or
    ``target``). A last column named ``label:`` and class names joined by
    ``|`` holds a K-class problem's codes: they come back as ``y`` and the
    names as :attr:`Dataset.classes`.

    Raises
    ------
    DatasetError
        Naming the file, when it has neither a label nor a target column, no
        data, or codes that its class names do not cover.
    """
    import pandas as pd

    frame = pd.read_csv(path)
    # The header as written (pandas renames repeated names: a feature called
    # 'flipped' beside the noise mask would come back as 'flipped.1').
    with open(path, newline="", encoding="utf-8") as handle:
        header = next(csv.reader(handle), [])
    if len(header) != frame.shape[1]:  # pragma: no cover - pandas read it
        raise DatasetError(f"{path}: the header has {len(header)} columns")
    frame.columns = range(len(header))
    flipped = None
    last = len(header) - 1
    if len(header) >= 2 and header[-2:] == ["label", "flipped"]:
        flipped = frame.pop(last).to_numpy().astype(bool)
        last -= 1
    classes = None
    if last >= 0 and flipped is None and header[last].startswith(LABEL_PREFIX):
        classes = tuple(header[last].removeprefix(LABEL_PREFIX).split("|"))
    elif last < 0 or header[last] not in ("label", "target"):
        raise DatasetError(f"{path}: neither a 'label' nor a 'target' column")
    task: Task = "regression" if header[last] == "target" else "classification"
    y = frame.pop(last).to_numpy(dtype=np.float64)
    X = np.ascontiguousarray(frame.to_numpy(dtype=np.float64))  # as generated
    if X.size == 0:
        raise DatasetError(f"{path}: no data")
    try:
        return Dataset(X, y, tuple(header[:last]), task, flipped, classes=classes)
    except DatasetError as err:
        raise DatasetError(f"{path}: {err}") from None
