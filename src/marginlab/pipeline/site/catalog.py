"""The claims catalog, ``CLAIMS.md``, read into its parts.

The catalog is one Markdown file: an introduction ("How to read a row"), one
``## <family>`` section per claim family holding one ``### <id> — <title>``
section per claim, then ``## References`` and ``## Errata``. The site shows
each claim's section on the claim's page and the whole catalog on one page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .markup import slug

__all__ = ["Catalog", "Entry", "parse_catalog"]

_CLAIM = re.compile(r"^### ([KEBS]\d+) — (.+)$")


@dataclass(frozen=True)
class Entry:
    """One claim's section of the catalog.

    Attributes
    ----------
    id, title : str
        From the heading ``### <id> — <title>``.
    body : str
        The section's Markdown, without its heading.
    family : str
        The heading of the ``##`` section it is in (e.g. "Kernels (K)").
    """

    id: str
    title: str
    body: str
    family: str

    @property
    def anchor(self) -> str:
        """The anchor of the heading in the rendered catalog."""
        return slug(f"{self.id} — {self.title}")


@dataclass(frozen=True)
class Catalog:
    """The parsed catalog: the whole text and its claim entries, in order."""

    text: str
    entries: dict[str, Entry] = field(default_factory=dict)

    def section(self, heading: str) -> str:
        """The Markdown of the ``## <heading>`` section, heading excluded
        (empty when there is none)."""
        m = re.search(
            rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", self.text, re.M | re.S
        )
        return m.group(1).strip("\n") if m else ""

    @property
    def anchors(self) -> dict[str, str]:
        """Anchor of each claim heading → claim id."""
        return {e.anchor: e.id for e in self.entries.values()}


def parse_catalog(text: str) -> Catalog:
    """Split the catalog's Markdown into claim entries.

    Raises
    ------
    ValueError
        When a claim id has two sections.
    """
    entries: dict[str, Entry] = {}
    family = ""
    current: tuple[str, str] | None = None
    body: list[str] = []

    def close() -> None:
        if current is not None:
            cid, title = current
            if cid in entries:
                raise ValueError(f"CLAIMS.md: {cid} has two sections")
            entries[cid] = Entry(cid, title, "\n".join(body).strip("\n"), family)

    for line in text.splitlines():
        m = _CLAIM.match(line)
        if m or line.startswith(("## ", "### ")):
            close()
            current, body = None, []
            if m:
                current = (m.group(1), m.group(2).strip())
            elif line.startswith("## "):
                family = line[3:].strip()
            continue
        body.append(line)
    close()
    return Catalog(text, entries)
