"""``marginlab``, the one command: its subcommands run their modules' mains
under their own names, ``--version``, help on every option, and one-line
errors (a missing extra, file or marker) instead of tracebacks."""

from __future__ import annotations

import argparse
import builtins
from pathlib import Path

import pytest

import marginlab
from marginlab.pipeline import cli


def test_version(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"marginlab {marginlab.__version__}"


def test_the_help_lists_every_subcommand(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.main(["--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: marginlab ")
    for name, (_, summary) in cli.SUBCOMMANDS.items():
        assert name in out
        assert summary in out


@pytest.mark.parametrize("name", list(cli.SUBCOMMANDS))
def test_a_subcommand_has_its_own_name_and_help_on_every_option(
    name: str, capsys
) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main([name, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: marginlab {name} ")
    assert "python -m" not in out


@pytest.mark.parametrize("name", list(cli.SUBCOMMANDS))
def test_every_option_of_a_subcommand_has_help(name: str, monkeypatch) -> None:
    """Every argument the subcommand's parser declares carries a help text."""
    seen: list[argparse.Action] = []
    original = argparse.ArgumentParser.parse_args

    def record(self, args=None, namespace=None):
        seen.extend(a for a in self._actions if not isinstance(a, argparse._HelpAction))
        raise SystemExit(0)

    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", record)
    with pytest.raises(SystemExit):
        cli.main([name, "x"])
    monkeypatch.setattr(argparse.ArgumentParser, "parse_args", original)
    assert seen
    assert [a.dest for a in seen if not a.help] == []


def test_no_command_is_a_usage_error(capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.main([])
    assert stop.value.code == 2
    assert "usage: marginlab" in capsys.readouterr().err


def test_a_missing_extra_is_named_in_one_line(monkeypatch, capsys) -> None:
    """In a library-only install the pipeline's modules fail to import:
    the command names the extra to install, not a traceback."""
    real_import = builtins.__import__

    def no_yaml(name, *args, **kwargs):
        if name == "yaml" or name.startswith("yaml."):
            raise ModuleNotFoundError("No module named 'yaml'", name="yaml")
        return real_import(name, *args, **kwargs)

    monkeypatch.delitem(__import__("sys").modules, "marginlab.pipeline.site", False)
    monkeypatch.setattr(builtins, "__import__", no_yaml)
    assert cli.main(["site", "results"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith("marginlab site: needs the 'workflow' extra")
    assert "'yaml'" in err
    assert 'pip install "marginlab[workflow]"' in err


def test_gallery_without_markers_is_one_line(tmp_path: Path, capsys) -> None:
    results = tmp_path / "results"
    results.mkdir()
    (results / "claims.csv").write_text(
        "id,key,title,source,dataset,quantity,measured,ci_low,ci_high,bound,"
        "relation,holds,kind,figure,resolving_factor\n"
    )
    readme = tmp_path / "README.md"
    readme.write_text("# no markers here\n")
    assert cli.main(["gallery", str(readme), str(results)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"marginlab gallery: {readme}: expected exactly one")
    assert readme.read_text() == "# no markers here\n"


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["gallery", "README.md", "nowhere"], "nowhere/claims.csv: not found"),
        (["layout", "nowhere"], "nowhere/config.yaml: not found"),
    ],
)
def test_a_missing_file_is_one_line(argv: list[str], says: str, capsys) -> None:
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1
    assert err.startswith(f"marginlab {argv[0]}: ")
    assert says in err
