"""The UCI letter data (marginlab.core.datasets.letter): its file read row by
row, and the `letter` generator (load_letter_part) against a local HTTP
server: the registry's entry is pointed at 127.0.0.1 with the served file's
SHA-256, and the default cache at a temporary folder. The parts, one download
for both, a wrong checksum, the forecasts of the configuration check (no
download), the paper profile, and the default run's offline data. Nothing
here leaves 127.0.0.1."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
import yaml

from marginlab.core.datasets import (
    LETTER_PARTS,
    DatasetError,
    class_counts,
    dataset_rows,
    dataset_shape,
    downloads,
    letter,
    make_dataset,
    read_dataset,
    write_dataset,
)
from marginlab.core.datasets.downloads import ChecksumError, Source
from marginlab.core.datasets.letter import LETTER_FEATURES, load_letter, read_letter
from marginlab.pipeline import config as checks
from marginlab.pipeline import sources

from ....conftest import PROFILE_FILES, ROOT, project_config
from .local_server import Server, letter_rows, letter_standin, local_only, serving

pytest.importorskip("pooch")

FNAME = "letter-recognition.data"
TRAIN = {"generator": "letter", "part": "train"}
TEST = {"generator": "letter", "part": "test"}
TRAIN_26 = {**TRAIN, "classes": "A-Z"}
TEST_26 = {**TEST, "classes": "A-Z"}
SCHEMA = checks.load_schema(ROOT / "workflow/schemas/config.schema.yaml")
PAPER = ROOT / "workflow/profiles/paper"


#: 25 rows: a training part of 20 (the split set to 20 rows below), a test
#: part of 5, both classes in each.
LETTERS = "ANBOCPDQERFSGTHUIVJW" + "KXLYZ"
DATA = letter_rows(LETTERS)


@pytest.fixture(autouse=True)
def _local_only(monkeypatch, tmp_path) -> None:
    """No proxy between the tests and 127.0.0.1, no name lookup of any other
    host, and the user's cache (pooch.os_cache) in a temporary folder."""
    local_only(monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "user-cache"))


@pytest.fixture
def server(tmp_path) -> Iterator[Server]:
    root = tmp_path / "served"
    root.mkdir()
    with serving(root) as srv:
        yield srv


def _serve(server: Server, monkeypatch, data: bytes, sha256: str | None = None):
    """Serve ``data`` as the letter file and pin ``sha256`` (its own by
    default) in the registry's entry, which now points at the server only."""
    (server.root / FNAME).write_bytes(data)
    entry = dataclasses.replace(
        downloads.REGISTRY["letter"],
        sha256=sha256 or hashlib.sha256(data).hexdigest(),
        sources=(Source(server.url(FNAME)),),
    )
    monkeypatch.setattr(downloads, "REGISTRY", {**downloads.REGISTRY, "letter": entry})


def _cache(tmp_path: Path) -> Path:
    return tmp_path / "user-cache" / "marginlab"


def _files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.rglob("*") if p.is_file())


def _no_download(monkeypatch) -> None:
    def refuse(*args, **kwargs):
        raise AssertionError("a download was attempted")

    monkeypatch.setattr(downloads, "fetch", refuse)


# --- the file ---------------------------------------------------------------------


def test_load_letter_reads_the_file(tmp_path) -> None:
    path = tmp_path / FNAME
    path.write_bytes(DATA)
    data = load_letter(path)
    assert data.X.shape == (len(LETTERS), 16)
    assert data.X.dtype == np.float64
    assert data.feature_names == LETTER_FEATURES
    assert data.task == "classification"
    expected = [1.0 if c <= "M" else -1.0 for c in LETTERS]
    np.testing.assert_array_equal(data.y, expected)
    first = [int(v) for v in DATA.split(b"\n")[0].split(b",")[1:]]
    np.testing.assert_array_equal(data.X[0], first)
    X, letters = read_letter(path)
    np.testing.assert_array_equal(X, data.X)
    assert "".join(letters) == LETTERS


def test_load_letter_one_letter_against_the_rest(tmp_path) -> None:
    path = tmp_path / FNAME
    path.write_bytes(DATA)
    data = load_letter(path, positive="O")
    assert (data.y == 1).sum() == 1
    assert data.y[LETTERS.index("O")] == 1


@pytest.mark.parametrize(
    "positive", ["", "a", "AB1", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", ["A"]]
)
def test_load_letter_checks_positive(positive, tmp_path) -> None:
    path = tmp_path / FNAME
    path.write_bytes(DATA)
    with pytest.raises(ValueError, match="'positive' parameter of load_letter"):
        load_letter(path, positive=positive)


def test_load_letter_needs_both_classes(tmp_path) -> None:
    path = tmp_path / FNAME
    path.write_bytes(b"A," + b",".join([b"1"] * 16) + b"\n")
    with pytest.raises(DatasetError, match="both classes"):
        load_letter(path)


@pytest.mark.parametrize(
    ("line", "found"),
    [
        (b"A,1,2", "3 fields"),
        (b"a," + b",".join([b"1"] * 16), "not a capital letter"),
        (b"A," + b",".join([b"1"] * 15) + b",16", "'yegvx': '16'"),
        (b"A," + b",".join([b"1"] * 15) + b",x", "'yegvx': 'x'"),
    ],
)
def test_a_malformed_letter_file_names_the_line(line, found, tmp_path) -> None:
    path = tmp_path / FNAME
    path.write_bytes(DATA + line + b"\n")
    with pytest.raises(DatasetError, match=f"line {len(LETTERS) + 1}") as caught:
        read_letter(path)
    assert found in str(caught.value)
    empty = tmp_path / "empty.data"
    empty.write_bytes(b"\n")
    with pytest.raises(DatasetError, match="no rows"):
        read_letter(empty)


# --- the parts -------------------------------------------------------------------


def test_the_parts_are_the_first_and_the_last_rows(
    server, monkeypatch, tmp_path
) -> None:
    _serve(server, monkeypatch, DATA)
    monkeypatch.setattr(letter, "LETTER_TRAIN_ROWS", 20)
    train = make_dataset(TRAIN)
    test = make_dataset(TEST)
    assert train.X.shape == (20, 16)
    assert test.X.shape == (5, 16)
    rows = np.array(
        [[int(v) for v in line.split(b",")[1:]] for line in DATA.splitlines()]
    )
    np.testing.assert_array_equal(train.X, rows[:20])
    np.testing.assert_array_equal(test.X, rows[20:])
    expected = np.array([1.0 if c <= "M" else -1.0 for c in LETTERS])
    np.testing.assert_array_equal(train.y, expected[:20])
    np.testing.assert_array_equal(test.y, expected[20:])
    for part in (train, test):
        assert set(np.unique(part.y)) == {-1.0, 1.0}
        assert part.X.dtype == part.y.dtype == np.float64
        assert part.feature_names == LETTER_FEATURES
        assert part.task == "classification"
    # One download serves both parts, into the user's cache.
    assert server.hits == [f"/{FNAME}"]
    assert _files(tmp_path / "user-cache") == [_cache(tmp_path) / FNAME]


def test_a_file_of_the_uci_size_gives_the_forecast_parts(server, monkeypatch) -> None:
    # 20 000 rows whose classes per part are those counted on the UCI file
    # (N-Z first): the parts have the rows, features and classes that the
    # configuration check forecasts without the file.
    counts = {"train": (8041, 7959), "test": (2019, 1981)}
    letters = "".join("N" * n + "A" * p for n, p in counts.values())
    _serve(server, monkeypatch, letter_rows(letters, seed=1))
    for spec in (TRAIN, TEST):
        data = make_dataset(spec)
        shape = dataset_shape(spec)
        assert data.X.shape == (dataset_rows(spec), shape.n_features)
        assert (data.n_samples, shape.n_features) == (LETTER_PARTS[spec["part"]], 16)
        assert shape.task == data.task == "classification"
        negative = int((data.y < 0).sum())
        assert class_counts(spec) == {"-1": negative, "+1": data.n_samples - negative}
    assert sum(LETTER_PARTS.values()) == 20_000
    assert LETTER_PARTS["train"] == letter.LETTER_TRAIN_ROWS
    assert server.hits == [f"/{FNAME}"]


def test_the_26_classes_are_the_letters_codes(server, monkeypatch) -> None:
    _serve(server, monkeypatch, DATA)
    monkeypatch.setattr(letter, "LETTER_TRAIN_ROWS", 20)
    train = make_dataset(TRAIN_26)
    test = make_dataset(TEST_26)
    codes = np.array([ord(c) - ord("A") for c in LETTERS], dtype=np.float64)
    np.testing.assert_array_equal(train.y, codes[:20])
    np.testing.assert_array_equal(test.y, codes[20:])
    assert train.classes == test.classes == tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    assert train.feature_names == LETTER_FEATURES
    # The same features as the two-class parts, from the same one download.
    np.testing.assert_array_equal(train.X, make_dataset(TRAIN).X)
    assert server.hits == [f"/{FNAME}"]


def test_a_stand_in_file_gives_the_forecast_26_class_parts(
    server, monkeypatch, tmp_path
) -> None:
    """A generated file in the UCI format (20 000 rows, letters A-Z, 16
    integers), pinned by its own SHA-256, served from 127.0.0.1: its 26-class
    parts, through the generator, have the rows, features and classes the
    configuration check forecasts, and survive the pipeline's CSV files."""
    standin = letter_standin()
    assert standin == letter_standin()  # deterministic
    lines = standin.decode().splitlines()
    assert len(lines) == 20_000
    assert all(len(line.split(",")) == 17 for line in lines)
    assert {line[0] for line in lines} == set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    pinned = hashlib.sha256(standin).hexdigest()
    _serve(server, monkeypatch, standin, sha256=pinned)
    for spec in (TRAIN_26, TEST_26):
        data = make_dataset(spec)
        assert data.X.shape == (dataset_rows(spec), dataset_shape(spec).n_features)
        assert data.classes is not None
        counts = np.bincount(data.y.astype(int), minlength=26)
        assert dict(zip(data.classes, counts.tolist(), strict=True)) == class_counts(
            spec
        )
        path = tmp_path / f"{spec['part']}.csv"
        write_dataset(data, path)
        back = read_dataset(path)
        np.testing.assert_array_equal(back.X, data.X)
        np.testing.assert_array_equal(back.y, data.y)
        assert back.classes == data.classes
    # The two-class parts of the same file have their forecast counts too.
    for spec in (TRAIN, TEST):
        negative = int((make_dataset(spec).y < 0).sum())
        assert class_counts(spec) == {
            "-1": negative,
            "+1": LETTER_PARTS[spec["part"]] - negative,
        }
    assert server.hits == [f"/{FNAME}"]
    assert _files(tmp_path / "user-cache") == [_cache(tmp_path) / FNAME]


def test_a_job_in_another_process_reads_the_stand_in_the_environment_names(
    server, tmp_path
) -> None:
    """As a workflow's dataset job (another process, which no monkeypatch
    reaches): MARGINLAB_STANDIN_LETTER points the letter data at the
    generated file served from 127.0.0.1 with its SHA-256, and the job writes
    the 26-class parts the configuration check forecasts, saying in its log
    that they come from a stand-in."""
    standin = letter_standin()
    (server.root / FNAME).write_bytes(standin)
    sha256 = hashlib.sha256(standin).hexdigest()
    specs = {"letter26_train": TRAIN_26, "letter26_test": TEST_26}
    paths = {name: str(tmp_path / "data" / f"{name}.csv") for name in specs}
    code = (
        "from marginlab.pipeline.jobs import write_datasets\n"
        f"write_datasets({specs!r}, {paths!r}, log=lambda line: print(line))\n"
    )
    env = {**os.environ, "MARGINLAB_STANDIN_LETTER": f"{server.url(FNAME)} {sha256}"}
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "'letter' is the stand-in" in proc.stderr
    for name, spec in specs.items():
        data = read_dataset(paths[name])
        assert data.X.shape == (dataset_rows(spec), 16)
        assert data.classes == tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
        counts = np.bincount(data.y.astype(int), minlength=26).tolist()
        assert dict(zip(data.classes, counts, strict=True)) == class_counts(spec)
    assert server.hits == [f"/{FNAME}"]
    assert _files(tmp_path / "user-cache") == [
        _cache(tmp_path) / f"standin-{sha256[:12]}-{FNAME}"
    ]


def test_a_file_without_a_test_part_is_refused(server, monkeypatch) -> None:
    _serve(server, monkeypatch, DATA)  # 25 rows, the split left at 16 000
    with pytest.raises(DatasetError, match="25 rows, none after the 16000"):
        make_dataset(TEST)


def test_a_wrong_checksum_refuses_and_leaves_no_file(
    server, monkeypatch, tmp_path
) -> None:
    _serve(server, monkeypatch, DATA, sha256="0" * 64)
    with pytest.raises(ChecksumError) as caught:
        make_dataset(TRAIN)
    assert caught.value.found == hashlib.sha256(DATA).hexdigest()
    assert "default reproduction" in str(caught.value)
    assert server.hits == [f"/{FNAME}"]
    assert _files(tmp_path / "user-cache") == []


@pytest.mark.parametrize("classes", ["26", "a-z", None])
def test_the_classes_are_checked_before_any_download(monkeypatch, classes) -> None:
    _no_download(monkeypatch)
    with pytest.raises(ValueError, match="'classes' parameter of load_letter_part"):
        make_dataset({**TRAIN, "classes": classes})


@pytest.mark.parametrize("part", ["all", "Train", None, 1])
def test_the_part_is_train_or_test_before_any_download(monkeypatch, part) -> None:
    _no_download(monkeypatch)
    with pytest.raises(ValueError, match="'part' parameter of load_letter_part"):
        make_dataset({"generator": "letter", "part": part})
    with pytest.raises(DatasetError, match="'part' must be 'train' or 'test'"):
        dataset_rows({"generator": "letter", "part": part})


# --- the configuration check ------------------------------------------------------


def test_the_paper_profile_merges_its_config_over_config_yaml() -> None:
    profile = yaml.safe_load((PAPER / "config.yaml").read_text())
    assert profile["configfile"] == ["workflow/profiles/paper/config.paper.yaml"]
    assert sources.duplicate_key_problem(PAPER / "config.paper.yaml") is None


def test_the_config_check_of_the_paper_profile_downloads_nothing(
    monkeypatch,
) -> None:
    _no_download(monkeypatch)
    cfg = project_config(PROFILE_FILES["paper"])
    assert cfg["datasets"]["letter_train"] == TRAIN
    assert cfg["datasets"]["letter_test"] == TEST
    assert cfg["datasets"]["letter26_train"] == TRAIN_26
    assert cfg["datasets"]["letter26_test"] == TEST_26
    filled, problem = checks.check(cfg, SCHEMA)
    assert problem is None
    full = checks.with_defaults(project_config(), SCHEMA)["boosting_the_margin"]
    margin = filled["boosting_the_margin"]
    assert margin["generated"] == [
        {"train": "letter26_train", "test": "letter26_test"},
        {"train": "letter_train", "test": "letter_test"},
        *full["generated"],
    ]
    for key in ("n_rounds", "margin_rounds", "theta", "curve_points", "datasets"):
        assert margin[key] == full[key]
    needs = checks.dataset_needs(filled)
    assert [(key, name) for key, name, _ in needs if name.startswith("letter")] == [
        ("boosting_the_margin.generated", name)
        for name in ("letter26_train", "letter26_test", "letter_train", "letter_test")
    ]
    for spec, rows, counts in [
        (TRAIN, 16_000, {"-1": 8041, "+1": 7959}),
        (TEST, 4_000, {"-1": 2019, "+1": 1981}),
    ]:
        assert dataset_rows(spec) == rows
        assert dataset_shape(spec).n_features == 16
        assert class_counts(spec) == counts
    for spec, rows in [(TRAIN_26, 16_000), (TEST_26, 4_000)]:
        assert dataset_rows(spec) == rows
        assert dataset_shape(spec).n_classes == 26
        assert sum(class_counts(spec).values()) == rows


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ({"generator": "letter"}, "'part' is a required property"),
        ({"generator": "letter", "part": "all"}, "'all' is not one of"),
        ({"generator": "letter", "part": "train", "label_noise": 0.1}, "label_noise"),
    ],
)
def test_the_schema_checks_a_letter_entry(spec: dict, message: str) -> None:
    cfg = yaml.safe_load((ROOT / "config.yaml").read_text())
    cfg["datasets"]["mine"] = spec
    problem = checks.schema_problem(cfg, SCHEMA)
    assert problem is not None
    assert message in problem
    assert "datasets.mine" in problem


def test_the_default_runs_name_no_letter_dataset() -> None:
    for cfg in (
        project_config(),
        project_config(PROFILE_FILES["small"]),
    ):
        filled, problem = checks.check(cfg, SCHEMA)
        assert problem is None
        assert all(
            spec["generator"] != "letter" for spec in filled["datasets"].values()
        )


def test_the_library_and_the_forecasts_import_without_pooch() -> None:
    code = (
        "import sys; sys.modules['pooch'] = None\n"
        "import marginlab, marginlab.core.datasets.downloads\n"
        "from marginlab.core.datasets import dataset_rows, make_dataset\n"
        "print(dataset_rows({'generator': 'letter', 'part': 'test'}))\n"
        "try:\n"
        "    make_dataset({'generator': 'letter', 'part': 'test'})\n"
        "except ImportError as err:\n"
        "    print(err)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    rows, error = proc.stdout.splitlines()
    assert rows == "4000"
    assert "pip install 'marginlab[data]'" in error
