"""``marginlab``: the project's one command, with a subcommand per tool.

``marginlab site RESULTS`` builds the claims atlas of a run,
``marginlab archive [RESULTS]`` its provenance and zip archive,
``marginlab gallery README.md RESULTS`` the README's gallery, and
``marginlab layout RESULTS`` lists the layout problems of its figures. Each
subcommand is the ``main`` of its module (``python -m marginlab.pipeline.site``
and so on, which still work), given its own name for its usage line;
``marginlab COMMAND --help`` shows its options.

The tools belong to the pipeline layer: they need the ``workflow`` extra. In a
library-only install, a subcommand says so in one line and exits with status
2, instead of a traceback from the first import that fails.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

import marginlab

#: Subcommand → (the module whose ``main`` it runs, its one-line help).
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "site": ("marginlab.pipeline.site", "build the claims atlas of a run"),
    "archive": (
        "marginlab.pipeline.archive",
        "write a run's provenance.json and marginlab-results.zip",
    ),
    "gallery": (
        "marginlab.pipeline.gallery",
        "rewrite the README's gallery and claims summary from a run",
    ),
    "layout": (
        "marginlab.pipeline.layout",
        "list the layout problems of a run's figures",
    ),
}

#: The extra the subcommands need beyond the library.
EXTRA = "workflow"


def parser() -> argparse.ArgumentParser:
    """The command's parser: ``--version`` and the subcommands, whose own
    options their modules parse."""
    top = argparse.ArgumentParser(
        prog="marginlab",
        description="Tools of the marginlab pipeline, run on a run's results "
        "folder (make reproduce writes results/).",
    )
    top.add_argument(
        "--version", action="version", version=f"marginlab {marginlab.__version__}"
    )
    commands = top.add_subparsers(
        dest="command", metavar="COMMAND", required=True, title="commands"
    )
    for name, (_, summary) in SUBCOMMANDS.items():
        commands.add_parser(name, help=summary, add_help=False)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``marginlab COMMAND [ARGS ...]``; its exit status.

    Returns
    -------
    int
        The subcommand's status; 2 for a usage error or a missing extra.
    """
    args, rest = parser().parse_known_args(argv)
    module_name, _ = SUBCOMMANDS[args.command]
    prog = f"marginlab {args.command}"
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as err:
        print(
            f"{prog}: needs the {EXTRA!r} extra (no module named {err.name!r}): "
            f'pip install "marginlab[{EXTRA}]"',
            file=sys.stderr,
        )
        return 2
    return int(module.main(rest, prog=prog))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
