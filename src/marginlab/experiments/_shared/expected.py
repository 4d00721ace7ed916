"""What a room declares of its claims' rows: their names, from the configuration.

A room with claims declares the rows they write in ``rows.py``, a function
``expected(cfg)`` named by its registry entry's ``rows``: from the
configuration, with the schema's defaults filled in (what the study receives),
it returns ``{claim id: [row name, ...]}``, the names each claim function
gives its rows (:attr:`~marginlab.experiments._shared.rows.ClaimRow.name`), in
order. A row's key in ``results/claims.csv`` is ``<id>/<name>``; names are
made of the configuration's names (datasets, kernels, rates), never of
measured numbers, so the configuration alone says what they are.

Where the data decide which rows a claim writes (E2 writes one row, not two,
for a kernel under which every point is a support vector), the room declares
the choice as an :class:`Either` of the sequences of names it may write there,
and its docstring says what decides. Everything else is an exact name.

``tests/workflow/test_pipeline.py`` compares the (id, name) list of a run's
claims.csv with the declarations for that run's configuration, read through
:func:`as_read`; ``tests/unit/test_experiments.py`` checks that each
room declares names for exactly its claims.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

__all__ = ["Declared", "Either", "Expected", "as_read", "declared_names"]


@dataclass(frozen=True, init=False)
class Either:
    """Rows the data choose among: one of ``options``, each a sequence of row
    names written in that order (an empty one: no row there).

    Examples
    --------
    >>> Either(["change/moons/linear", "misclassified/moons/linear"],
    ...        ["none_removed/moons/linear"]).options[1]
    ('none_removed/moons/linear',)
    """

    options: tuple[tuple[str, ...], ...]

    def __init__(self, *options: Iterable[str]) -> None:
        if len(options) < 2:
            raise ValueError("Either needs two options or more.")
        object.__setattr__(self, "options", tuple(tuple(o) for o in options))


#: One claim's declared rows, in order: names, and choices the data make.
Declared = list[str | Either]

#: A room's declaration: claim id → its declared rows.
Expected = dict[str, Declared]


def declared_names(declared: Sequence[str | Either]) -> list[str]:
    """Every name ``declared`` may give, in order (each option's in turn).

    Examples
    --------
    >>> declared_names(["a", Either(["b", "c"], ["d"]), "e"])
    ['a', 'b', 'c', 'd', 'e']
    """
    out: list[str] = []
    for item in declared:
        out += (
            [n for o in item.options for n in o] if isinstance(item, Either) else [item]
        )
    return out


def as_read(declared: Sequence[str | Either], names: Sequence[str]) -> list[str]:
    """``declared`` as the row names ``names`` read it: each :class:`Either`
    replaced by its first option that ``names`` continue with at its place
    (its first option if none does), so that the result equals ``names``
    exactly when they are rows the declaration allows.

    Examples
    --------
    >>> declared = ["a", Either(["b", "c"], ["d"]), Either(["e"], [])]
    >>> as_read(declared, ["a", "d"])
    ['a', 'd']
    >>> as_read(declared, ["a", "b", "c", "e"])
    ['a', 'b', 'c', 'e']
    >>> as_read(declared, ["a", "x"])
    ['a', 'b', 'c']
    """
    out: list[str] = []
    for item in declared:
        if not isinstance(item, Either):
            out.append(item)
            continue
        here = len(out)
        fits = [o for o in item.options if list(o) == list(names[here : here + len(o)])]
        out += (fits or item.options)[0]
    return out
