"""Where a run's configuration comes from, and the one line a bad value
stops the run with, naming where that value was given.

A run's configuration is merged from layers, each over the ones before
(mappings key by key, every other value replaced), as Snakemake merges them:

1. the Snakefile's own config file, ``config.yaml``;
2. the values of the profile it names (``profile: small``), which each room
   gives its own section (:func:`marginlab.pipeline.config.profile_values`);
3. each ``--configfile`` in the order given (a workflow profile's
   ``configfile`` too);
4. the values given with ``--config``.

:func:`settle` merges them, checks the result
(:func:`marginlab.pipeline.config.check`) and returns it, or raises
:class:`ConfigError`, whose text is the one line the workflow stops with,
such as ``Invalid configuration (--config): 'adaboost.n_rounds': -3 is less
than the minimum of 1``.

The source in brackets is the layer that gave the bad key (:func:`origin`):
``--config``, a file, or the profile; a key no layer gives (a default of the
schema) names them all. Snakemake reads the values inside a ``--config``
mapping as strings (``adaboost={n_rounds: 3}`` gives ``'3'``); :func:`typed`
reads them again as a config file's YAML would.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .config import check, merge, profile_values

__all__ = [
    "COMMAND_LINE",
    "ConfigError",
    "Sources",
    "duplicate_key_problem",
    "origin",
    "problem_key",
    "settle",
    "shown",
    "typed",
]

#: The name of the values given on the command line, as an error shows it.
COMMAND_LINE = "--config"

#: A layer of the configuration: (its name as an error shows it, its values).
Layer = tuple[str, Any]


class ConfigError(ValueError):
    """A configuration the workflow refuses: ``problem`` (one line naming the
    key), found in the values of ``source``."""

    def __init__(self, source: str, problem: str) -> None:
        super().__init__(source, problem)
        self.source = source
        self.problem = problem

    def __str__(self) -> str:
        return f"Invalid configuration ({self.source}): {self.problem}"


@dataclass(frozen=True)
class Sources:
    """What a run's configuration is merged from (the module's layers 1, 3
    and 4; the profile's values are found from the result).

    Parameters
    ----------
    own : sequence of path
        The Snakefile's own config files (``configfile:``), in order.
    given_files : sequence of path
        Each ``--configfile``, in the order given.
    given : mapping
        The values given with ``--config``, as Snakemake parsed them.
    over : mapping
        What the command line gives, as Snakemake merged it: its config files
        as Snakemake read them (a file may be a YTE template), then its
        ``--config`` values (Snakemake's ``overwrite_config``). Empty: the
        files as YAML reads them, then ``given``.
    """

    own: Sequence[str | Path] = ()
    given_files: Sequence[str | Path] = ()
    given: Mapping[str, Any] = field(default_factory=dict)
    over: Mapping[str, Any] = field(default_factory=dict)

    @property
    def files(self) -> list[str | Path]:
        """Every config file, in the order they are merged."""
        return [*self.own, *self.given_files]

    @classmethod
    def of_run(
        cls,
        configfiles: Sequence[str | Path],
        given_files: Sequence[str | Path],
        given: Mapping[str, Any],
        over: Mapping[str, Any],
    ) -> Sources:
        """The sources of a run from what Snakemake records of it:
        ``configfiles``, every config file it read, the command line's listed
        first and the Snakefile's own after them; ``given_files``, the
        command line's (``--configfile``, a profile's ``configfile``); and
        ``given`` and ``over`` as the class takes them.

        Examples
        --------
        >>> s = Sources.of_run(["small.yaml", "config.yaml"], ["small.yaml"], {}, {})
        >>> s.own, s.given_files, s.files
        (['config.yaml'], ['small.yaml'], ['config.yaml', 'small.yaml'])
        """
        given_paths = {Path(f).resolve() for f in given_files}
        return cls(
            [f for f in configfiles if Path(f).resolve() not in given_paths],
            [f for f in configfiles if Path(f).resolve() in given_paths],
            dict(given),
            dict(over),
        )


def shown(path: str | Path, cwd: str | Path | None = None) -> str:
    """``path`` as a message shows it: relative to ``cwd`` (the working
    directory) when inside it, else as given (Snakemake makes each
    ``--configfile`` absolute).

    Examples
    --------
    >>> shown("/work/run/small.yaml", "/work/run"), shown("/elsewhere/x.yaml", "/work")
    ('small.yaml', '/elsewhere/x.yaml')
    """
    here = Path(cwd if cwd is not None else Path.cwd()).resolve()
    try:
        return str(Path(path).resolve().relative_to(here))
    except ValueError:
        return str(path)


def typed(value: Any) -> Any:
    """``value`` with every string read again as YAML reads a scalar of a
    config file, where that gives a number, a boolean or null.

    Snakemake reads the values inside a mapping or list given with
    ``--config`` without types (``--config 'adaboost={n_rounds: -3}'`` gives
    the string ``'-3'``); this gives them the type the same text has in a
    config file. Other strings stay as they are.

    Examples
    --------
    >>> typed({"n_rounds": "-3", "C": [".inf", "0.5"], "name": "moons", "x": ""})
    {'n_rounds': -3, 'C': [inf, 0.5], 'name': 'moons', 'x': None}
    >>> typed({"flag": "true", "seed": 3})
    {'flag': True, 'seed': 3}
    """
    import yaml

    if isinstance(value, Mapping):
        return {key: typed(item) for key, item in value.items()}
    if isinstance(value, list):
        return [typed(item) for item in value]
    if isinstance(value, str):
        try:
            read = yaml.safe_load(value)
        except yaml.YAMLError:
            return value
        if read is None or isinstance(read, (bool, int, float)):
            return read
    return value


def _read(path: str | Path) -> Any:
    import yaml

    try:
        return yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError):
        return None


def settle(
    cfg: Mapping[str, Any],
    sources: Sources,
    schema: Mapping[str, Any],
    shown: Any = str,
) -> dict[str, Any]:
    """The checked configuration of a run, its defaults filled in and keys
    sorted (:func:`marginlab.pipeline.config.check`).

    ``cfg`` is the configuration as Snakemake merged it from ``sources``
    (layers 1, 3 and 4 of the module); the profile it names is merged in, and
    the command line's values read with their types (:func:`typed`).
    ``shown`` gives a file's name as an error shows it.

    Raises
    ------
    ConfigError
        A file that gives a key twice (YAML would keep the last), an unknown
        profile, or the first problem of the merged configuration, named with
        the layer that gave the key (:func:`origin`).
    """
    for path in sources.files:
        problem = duplicate_key_problem(path)
        if problem:
            raise ConfigError(shown(path), problem)
    own = [(shown(path), _read(path)) for path in sources.own]
    over = [(shown(path), _read(path)) for path in sources.given_files]
    if sources.given:
        over.append((COMMAND_LINE, typed(dict(sources.given))))
    layers = own + over
    # The command line's values with their types, over what Snakemake merged.
    given = typed(dict(sources.given))
    merged = merge(cfg, given)
    profile = merged.get("profile")
    if profile is not None:
        try:
            values = profile_values(profile)
        except ValueError as error:
            raise located(str(error), layers) from None
        layers = [*own, (f"profile {profile!r}", values), *over]
        # The profile's values over config.yaml and under the command line's.
        command_line = sources.over or merge({}, *(v or {} for _, v in over))
        merged = merge(merged, values, command_line, given)
    filled, problem = check(merged, schema)
    if problem:
        raise located(problem, layers)
    return filled


def located(problem: str, layers: Sequence[Layer]) -> ConfigError:
    """``problem`` as a :class:`ConfigError` from the layer that gave its key
    (:func:`origin`), or from all of ``layers`` when none did."""
    key = problem_key(problem)
    found = origin(key, layers) if key else None
    if found is None:
        return ConfigError(", ".join(name for name, _ in layers) or "config", problem)
    source, note = found
    if note:
        problem = problem.replace(f"'{key}'", f"'{key}' ({note})", 1)
    return ConfigError(source, problem)


def origin(key: str, layers: Sequence[Layer]) -> tuple[str, str | None] | None:
    """The layer that gives the merged configuration's ``key`` (the last of
    ``layers`` that sets it), with a note when a later layer sets the
    generator of the dataset above it; None when no layer sets it (a default
    of the schema).

    The note explains a key the generator does not take: the value was
    merged under a dataset the user rewrote in another layer than the one
    the value came from, which the user may not have looked at.

    Examples
    --------
    >>> layers = [
    ...     ("config.yaml", {"datasets": {"moons": {"noise": 1}}}),
    ...     ("my.yaml", {"datasets": {"moons": {"generator": "xor"}}}),
    ...     ("--config", {"cv": {"folds": 1}}),
    ... ]
    >>> origin("datasets.moons.noise", layers)
    ('config.yaml', "merged under the generator 'xor' set in my.yaml")
    >>> origin("cv.folds", layers)
    ('--config', None)
    >>> origin("cv.seed", layers) is None
    True
    """
    parts = key.split(".")
    setters = [i for i, (_, values) in enumerate(layers) if _lookup(values, parts)[0]]
    if not setters:
        return None
    last = setters[-1]
    for depth in range(len(parts) - 1, 0, -1):
        for name, values in reversed(layers[last + 1 :]):
            found, above = _lookup(values, [*parts[:depth], "generator"])
            if found:
                return layers[last][
                    0
                ], f"merged under the generator {above!r} set in {name}"
    return layers[last][0], None


def problem_key(problem: str) -> str | None:
    """The key a problem line of :func:`marginlab.pipeline.config.check`
    names, or None.

    Examples
    --------
    >>> problem_key("'datasets.moons.noise': inf is not a finite number")
    'datasets.moons.noise'
    >>> problem_key("unknown key 'datasets.moons.noise' (allowed here: a, b)")
    'datasets.moons.noise'
    """
    import re

    match = re.match(r"(?:unknown key )?'([^']+)'", problem)
    return match.group(1) if match else None


def _lookup(value: Any, parts: Sequence[str]) -> tuple[bool, Any]:
    """(whether ``value`` holds the key path ``parts``, the value there)."""
    for part in parts:
        if isinstance(value, Mapping) and part in value:
            value = value[part]
        elif isinstance(value, list) and part.isdigit() and int(part) < len(value):
            value = value[int(part)]
        else:
            return False, None
    return True, value


def duplicate_key_problem(path: str | Path) -> str | None:
    """A key that the YAML (or JSON) file ``path`` gives twice in one mapping,
    as one line naming the key and both lines; or None.

    YAML keeps the last of two equal keys without a word; this finds them in
    the file's node tree, before any value is built, at every level (the key
    path as :func:`marginlab.pipeline.config.schema_problem` writes it, list
    items by their index).

    Examples
    --------
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder, "my.yaml")
    ...     _ = path.write_text("datasets:\\n  moons: {n_samples: 9}\\n  moons: {}\\n")
    ...     duplicate_key_problem(path)
    "key 'datasets.moons' appears twice (lines 2 and 3)"
    """
    import yaml

    parser = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # as load_schema
    loader = parser(Path(path).read_text(encoding="utf-8"))
    try:
        root = loader.get_single_node()
        for key, first, second in _mapping_keys(loader, root, ()):
            if second is not None:
                return f"key '{key}' appears twice (lines {first + 1} and {second + 1})"
    except yaml.YAMLError as err:
        return f"not valid YAML ({' '.join(str(err).split())})"
    finally:
        loader.dispose()
    return None


def _mapping_keys(
    loader: Any, node: Any, path: tuple[str, ...], seen: set[int] | None = None
) -> Iterator[tuple[str, int, int | None]]:
    """(key path, line, line of an earlier equal key or None) of every key of
    every mapping under ``node``, depth first (0-based lines)."""
    import yaml

    seen = set() if seen is None else seen
    if node is None or id(node) in seen:  # an alias met again
        return
    seen.add(id(node))
    if isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            yield from _mapping_keys(loader, item, (*path, str(index)), seen)
    elif isinstance(node, yaml.MappingNode):
        lines: dict[Any, int] = {}
        for key_node, value_node in node.value:
            if key_node.tag == "tag:yaml.org,2002:merge":  # << merges, not keys
                continue
            key = loader.construct_object(key_node, deep=True)
            try:
                earlier = lines.get(key)
            except TypeError:  # an unhashable key: not comparable here
                continue
            line = key_node.start_mark.line
            dotted = ".".join((*path, str(key)))
            if earlier is not None:
                yield dotted, earlier, line
                return
            lines[key] = line
            yield from _mapping_keys(loader, value_node, (*path, str(key)), seen)
