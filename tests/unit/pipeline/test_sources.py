"""Where a run's configuration comes from (marginlab.pipeline.sources): the
layers merged as Snakemake merges them, the command line's values read with
their YAML types, a config file that gives a key twice, and the one line that
names the layer a bad key came from. tests/workflow/test_config.py tries a
duplicate key, a merged key and a --config value through Snakemake."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from marginlab.pipeline import sources
from marginlab.pipeline.config import check, merge

from ...conftest import PROFILE_FILES, ROOT
from .test_config import SCHEMA

# --- Config files: duplicate keys -------------------------------------------------


def test_a_dataset_given_twice_is_named_with_both_lines(tmp_path: Path) -> None:
    text = (ROOT / "config.yaml").read_text()
    lines = text.splitlines(keepends=True)
    first = next(i for i, line in enumerate(lines) if line.startswith("  moons:"))
    lines.insert(first + 3, "  moons: {generator: moons, n_samples: 50}\n")
    path = tmp_path / "config.yaml"
    path.write_text("".join(lines))
    assert sources.duplicate_key_problem(path) == (
        f"key 'datasets.moons' appears twice (lines {first + 1} and {first + 4})"
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "cv: {folds: 5}\nsplit: {seed: 1}\ncv: {folds: 3}\n",
            "key 'cv' appears twice",
        ),
        (
            "svm_sigma_C_grid:\n  panels:\n    - {sigma: 1.0, C: 1.0}\n"
            "    - {sigma: 1.0, C: 2.0, C: 3.0}\n",
            "key 'svm_sigma_C_grid.panels.1.C' appears twice (lines 4 and 4)",
        ),
        ('{"cv": {"folds": 5, "folds": 3}}', "key 'cv.folds' appears twice"),
    ],
    ids=["top level", "in a list", "json"],
)
def test_duplicate_keys_anywhere(tmp_path: Path, text: str, expected: str) -> None:
    path = tmp_path / "my.yaml"
    path.write_text(text)
    assert sources.duplicate_key_problem(path).startswith(expected)


@pytest.mark.parametrize(
    "path",
    [ROOT / "config.yaml", *PROFILE_FILES.values()],
    ids=["full", *PROFILE_FILES],
)
def test_the_project_config_files_have_no_duplicate_keys(path: Path) -> None:
    assert sources.duplicate_key_problem(path) is None


def test_merge_keys_and_aliases_are_not_duplicates(tmp_path: Path) -> None:
    path = tmp_path / "my.yaml"
    path.write_text(
        "base: &base {n_samples: 40, seed: 1}\n"
        "datasets:\n  a: {<<: *base, generator: moons, seed: 2}\n  b: *base\n"
    )
    assert sources.duplicate_key_problem(path) is None


def test_a_file_that_is_not_yaml_is_one_line(tmp_path: Path) -> None:
    path = tmp_path / "my.yaml"
    path.write_text("datasets: {moons: [\n")
    problem = sources.duplicate_key_problem(path)
    assert problem.startswith("not valid YAML (")
    assert "\n" not in problem


# --- Where a key comes from --------------------------------------------------------


@pytest.fixture
def two_files(tmp_path: Path) -> tuple[Path, Path]:
    """The project's config.yaml and a user's file that turns 'moons' into blobs."""
    base = tmp_path / "config.yaml"
    base.write_text((ROOT / "config.yaml").read_text())
    mine = tmp_path / "my.yaml"
    mine.write_text(
        "datasets:\n  moons: {generator: blobs, n_samples: 400}\n"
        "cv: {folds: 3}\nloo_vs_sv_bound: {grid_points: 20}\n"
    )
    return base, mine


def layers_of(*paths: Path, given: dict | None = None) -> list[sources.Layer]:
    layers = [(p.name, yaml.safe_load(p.read_text())) for p in paths]
    return [*layers, ("--config", given)] if given else layers


def test_origin(two_files: tuple[Path, Path]) -> None:
    layers = layers_of(*two_files, given={"cv": {"seed": 3}})
    assert sources.origin("cv.seed", layers[:2]) == ("config.yaml", None)
    # Set in a layer with nothing set above it later.
    assert sources.origin("cv.folds", layers) == ("my.yaml", None)
    assert sources.origin("cv.seed", layers) == ("--config", None)
    assert sources.origin("datasets.moons.n_samples", layers) == ("my.yaml", None)
    # Only config.yaml sets it; a later layer setting a mapping above it
    # changes nothing, unless it sets the generator of the dataset.
    assert sources.origin("pegasos_convergence.seed", layers) == (
        "config.yaml",
        None,
    )
    assert sources.origin("datasets.moons.noise", layers) == (
        "config.yaml",
        "merged under the generator 'blobs' set in my.yaml",
    )
    assert sources.origin("loo_vs_sv_bound.kernels.1.sigma", layers) == (
        "config.yaml",
        None,
    )
    # Nobody sets it: a default of the schema.
    assert sources.origin("datasets.triangle.gap", layers) is None


def test_a_problem_no_layer_gave_names_every_layer(
    two_files: tuple[Path, Path],
) -> None:
    problem = "'figures': unknown figure 'nope' (known: losses)"
    error = sources.located(problem, layers_of(*two_files, given={"cv": {}}))
    assert (
        str(error)
        == f"Invalid configuration (config.yaml, my.yaml, --config): {problem}"
    )
    assert sources.problem_key("unknown key 'a.b' (allowed here: c)") == "a.b"
    assert sources.problem_key("no key here") is None


# --- The command line's values -----------------------------------------------------


def test_the_command_lines_values_are_read_as_a_config_file_reads_them() -> None:
    """Snakemake's reading of ``--config 'adaboost={n_rounds: -3, ...}'``:
    every value inside the mapping a string."""
    as_snakemake_reads = {
        "adaboost": {"n_rounds": "-3", "rhos": ["0.1", ".inf"], "keep": "true"},
        "figures": ["losses"],
        "profile": "small",
        "note": "",
    }
    assert sources.typed(as_snakemake_reads) == {
        "adaboost": {"n_rounds": -3, "rhos": [0.1, float("inf")], "keep": True},
        "figures": ["losses"],
        "profile": "small",
        "note": None,
    }
    # What YAML itself reads as a string stays one (as in a config file).
    assert sources.typed({"sigma": "1e-3", "name": "moons"}) == {
        "sigma": "1e-3",
        "name": "moons",
    }


def snakemake_config(layers: list[sources.Layer]) -> dict:
    """The configuration as Snakemake hands it to the Snakefile: every layer
    merged, the command line's values as strings."""
    return merge({}, *(values for _, values in layers))


@pytest.fixture
def base(tmp_path: Path) -> Path:
    path = tmp_path / "config.yaml"
    path.write_text((ROOT / "config.yaml").read_text())
    return path


def test_a_bad_value_given_with_config_is_named_as_such(base: Path) -> None:
    given = {"adaboost": {"n_rounds": "-3"}}
    cfg = snakemake_config([("", yaml.safe_load(base.read_text())), ("", given)])
    with pytest.raises(sources.ConfigError) as caught:
        sources.settle(cfg, sources.Sources([base], [], given), SCHEMA)
    assert str(caught.value) == (
        "Invalid configuration (--config): 'adaboost.n_rounds': -3 is less than "
        "the minimum of 1"
    )


def test_a_bad_value_of_a_configfile_is_named_with_its_file(
    base: Path, tmp_path: Path
) -> None:
    mine = tmp_path / "my.yaml"
    mine.write_text("cv: {folds: 1}\n")
    cfg = snakemake_config(layers_of(base, mine))
    with pytest.raises(sources.ConfigError) as caught:
        sources.settle(
            cfg, sources.Sources([base], [mine]), SCHEMA, shown=Path.name.fget
        )
    assert str(caught.value) == (
        "Invalid configuration (my.yaml): 'cv.folds': 1 is less than the minimum of 2"
    )


def test_a_file_with_a_key_twice_is_named(base: Path, tmp_path: Path) -> None:
    mine = tmp_path / "my.yaml"
    mine.write_text("cv: {folds: 3}\ncv: {folds: 4}\n")
    with pytest.raises(sources.ConfigError) as caught:
        sources.settle(
            {}, sources.Sources([base], [mine]), SCHEMA, shown=Path.name.fget
        )
    assert str(caught.value) == (
        "Invalid configuration (my.yaml): key 'cv' appears twice (lines 1 and 2)"
    )


def test_a_valid_command_line_value_reaches_the_run_with_its_type(base: Path) -> None:
    """The profile's values merge under the command line's, and over config.yaml."""
    given = {"profile": "small", "adaboost": {"n_rounds": "7"}}
    cfg = snakemake_config([("", yaml.safe_load(base.read_text())), ("", given)])
    filled = sources.settle(cfg, sources.Sources([base], [], given), SCHEMA)
    assert filled["adaboost"]["n_rounds"] == 7
    small = yaml.safe_load((ROOT / "config.yaml").read_text())
    expected, problem = check(
        merge(small, {"profile": "small"}, sources.profile_values("small")), SCHEMA
    )
    assert problem is None
    assert filled["adaboost_rounds"] == expected["adaboost_rounds"]
    assert filled["adaboost_rounds"] != check(small, SCHEMA)[0]["adaboost_rounds"]


def test_an_unknown_profile_is_named_with_where_it_was_given(base: Path) -> None:
    given = {"profile": "tiny"}
    cfg = snakemake_config([("", yaml.safe_load(base.read_text())), ("", given)])
    with pytest.raises(sources.ConfigError) as caught:
        sources.settle(cfg, sources.Sources([base], [], given), SCHEMA)
    assert str(caught.value).startswith(
        "Invalid configuration (--config): 'profile': unknown profile 'tiny'"
    )


def test_with_a_profile_the_command_line_is_merged_as_snakemake_read_it(
    base: Path, tmp_path: Path
) -> None:
    """A --configfile as Snakemake read it (``over``: a YTE template gives its
    values, not its text) has the last word over the profile's values."""
    mine = tmp_path / "my.yaml"
    mine.write_text("adaboost: {n_rounds: '?{2 * 10}'}\n")  # text YAML cannot read
    over = {"adaboost": {"n_rounds": 20}}  # what Snakemake's template gave
    given = {"profile": "small"}
    cfg = merge(yaml.safe_load(base.read_text()), over, given)
    filled = sources.settle(
        cfg, sources.Sources([base], [mine], given, {**over, **given}), SCHEMA
    )
    assert filled["adaboost"]["n_rounds"] == 20


# --- The run's files, as Snakemake records them -----------------------------------


def test_the_command_lines_config_files_go_over_the_snakefiles(tmp_path: Path) -> None:
    """Snakemake lists the command line's config files first; the Snakefile's
    own are merged under them, in their order, whichever way a path is
    written."""
    own = tmp_path / "config.yaml"
    small = tmp_path / "profiles" / "small.yaml"
    extra = tmp_path / "extra.yaml"
    given = [str(small), str(tmp_path / "profiles" / ".." / "extra.yaml")]
    s = sources.Sources.of_run(
        [str(small), str(extra), str(own)], given, {"a": "1"}, {"b": 2}
    )
    assert s.own == [str(own)]
    assert s.given_files == [str(small), str(extra)]
    assert s.files == [str(own), str(small), str(extra)]
    assert (s.given, s.over) == ({"a": "1"}, {"b": 2})
    alone = sources.Sources.of_run([str(own)], (), {}, {})
    assert (alone.own, alone.given_files) == ([str(own)], [])


def test_a_file_is_shown_relative_to_the_folder_it_is_in(tmp_path: Path) -> None:
    inside = tmp_path / "run" / "small.yaml"
    assert sources.shown(inside, tmp_path / "run") == "small.yaml"
    assert sources.shown(inside, tmp_path / "other") == str(inside)
