"""Markdown and reStructuredText, as far as the catalog and the captions use them,
to HTML.

The claims catalog (``CLAIMS.md``) and the figure captions
(``<figure>.rst`` in each experiment's room) are written in a small subset of each:

- blocks: ``#`` headings, paragraphs, ``-`` and ``1.`` lists (nested by
  indentation), ``|``-tables with a ``|---|`` rule under the header, and code
  indented by four spaces after a blank line;
- inline: ```code``` (Markdown) and ````code```` (reST), ``**bold**``,
  ``*emphasis*``, ``[text](target)`` links.

Anything else is kept as text, escaped. The HTML is deterministic (same input,
same bytes), with no scripts or styles of its own.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

__all__ = ["inline", "markdown", "rst_caption", "safe_target", "slug"]

_CODE = re.compile(r"``(.+?)``|`([^`]+)`")
_LINK = re.compile(r"\[([^\]]+)\]\(([^)\s]+)\)")
_BOLD = re.compile(r"\*\*(.+?)\*\*")
_EM = re.compile(r"(?<![\w*])\*(?!\s)([^*]+?)(?<!\s)\*(?![\w*])")
_LIST = re.compile(r"^( *)(?:([-*])|(\d+)\.) +(.*)$")
#: A URL scheme (``javascript:``, ``data:``, ``https:``), as browsers read it:
#: letters first, ASCII control characters and spaces ignored.
_SCHEME = re.compile(r"^([A-Za-z][A-Za-z0-9+.\-]*):")
_IGNORED = re.compile(r"[\x00-\x20\x7f]")


def safe_target(target: str) -> bool:
    """True for a link target the site may write: an anchor (``#k1``), a
    relative path (``figures/a.png``, ``../x``) or an ``http(s)`` address;
    False for any other scheme (``javascript:``, ``data:``, ``vbscript:``,
    ``file:``), which the page would otherwise run or open.

    Examples
    --------
    >>> safe_target("#k1"), safe_target("https://doi.org/x")
    (True, True)
    >>> safe_target("javascript:alert(1)"), safe_target(" JavaScript:x")
    (False, False)
    """
    scheme = _SCHEME.match(_IGNORED.sub("", target))
    return scheme is None or scheme.group(1).lower() in ("http", "https")


def slug(text: str) -> str:
    """The anchor of a heading, as GitHub makes it: lower case, punctuation
    dropped, spaces to hyphens ("K1 — a kernel" → ``k1--a-kernel``)."""
    kept = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return kept.replace(" ", "-")


def inline(text: str, link: Callable[[str], str] | None = None) -> str:
    """Inline markup of one paragraph's text to HTML.

    Parameters
    ----------
    text : str
    link : callable, optional
        Maps a link target to the ``href`` to write (e.g. a catalog anchor to
        the claim's page); identity by default.
    """
    codes: list[str] = []

    def hold(m: re.Match[str]) -> str:  # nothing inside code is markup
        codes.append(f"<code>{html.escape(m.group(1) or m.group(2))}</code>")
        return f"\ue000{len(codes) - 1}\ue001"

    text = html.escape(_CODE.sub(hold, text), quote=False)

    def anchor(m: re.Match[str]) -> str:
        target = html.unescape(m.group(2))
        href = link(target) if link else target
        if not safe_target(href):  # shown as text, never a live link
            return f"{m.group(1)} ({m.group(2)})"
        return f'<a href="{html.escape(href)}">{m.group(1)}</a>'

    text = _EM.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", text))
    text = _LINK.sub(anchor, text)
    return re.sub("\ue000(\\d+)\ue001", lambda m: codes[int(m.group(1))], text)


def _table(lines: list[str], link: Callable[[str], str] | None) -> str:
    def cells(line: str) -> list[str]:
        return [c.strip() for c in line.strip().strip("|").split("|")]

    head = "".join(f"<th>{inline(c, link)}</th>" for c in cells(lines[0]))
    body = "".join(
        "<tr>" + "".join(f"<td>{inline(c, link)}</td>" for c in cells(line)) + "</tr>"
        for line in lines[2:]
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _list(lines: list[str], link: Callable[[str], str] | None) -> str:
    """A (possibly nested) list; ``lines`` start with its first item."""
    first = _LIST.match(lines[0])
    assert first is not None
    indent = len(first.group(1))
    tag = "ol" if first.group(3) else "ul"
    items: list[list[str]] = []
    for line in lines:
        m = _LIST.match(line)
        if m and len(m.group(1)) == indent:
            items.append([m.group(4)])
        else:
            items[-1].append(line[indent:])
    out = []
    for item in items:
        text, rest = [item[0]], item[1:]
        while rest and not _LIST.match(rest[0]) and rest[0].strip():
            text.append(rest.pop(0))
        nested = _blocks([r.removeprefix("  ") for r in rest], link) if rest else ""
        para = inline(" ".join(t.strip() for t in text), link)
        out.append(f"<li>{para}{nested}</li>")
    return f"<{tag}>{''.join(out)}</{tag}>"


def _list_end(lines: list[str], i: int) -> int:
    """The index after the list starting at ``lines[i]``: it goes on over
    items of its kind at its indentation and lines indented past it, also
    across one blank line."""
    indent = len(lines[i]) - len(lines[i].lstrip())
    ordered = bool(_LIST.match(lines[i]).group(3))  # type: ignore[union-attr]

    def belongs(line: str) -> bool:
        if line.startswith(" " * (indent + 1)):
            return True
        item = _LIST.match(line)  # an item of the same kind at the same depth
        return bool(
            item and len(item.group(1)) == indent and bool(item.group(3)) == ordered
        )

    j = i + 1
    while j < len(lines):
        if belongs(lines[j]):
            j += 1
        elif not lines[j].strip() and j + 1 < len(lines) and belongs(lines[j + 1]):
            j += 2
        else:
            break
    return j


def _blocks(lines: list[str], link: Callable[[str], str] | None) -> str:
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.strip():
            i += 1
            continue
        heading = re.match(r"^(#{1,6}) +(.*)$", line)
        if heading:
            level, text = len(heading.group(1)), heading.group(2).strip()
            out.append(f'<h{level} id="{slug(text)}">{inline(text, link)}</h{level}>')
            i += 1
            continue
        j = i + 1
        if line.startswith("    "):  # code: until a line indented less
            while j < len(lines) and (lines[j].startswith("    ") or not lines[j]):
                j += 1
            code = "\n".join(x[4:] for x in lines[i:j]).strip("\n")
            out.append(f"<pre><code>{html.escape(code)}</code></pre>")
        elif line.startswith("|") and j < len(lines) and lines[j].startswith("|--"):
            while j < len(lines) and lines[j].startswith("|"):
                j += 1
            out.append(_table(lines[i:j], link))
        elif _LIST.match(line):
            j = _list_end(lines, i)
            out.append(_list([x for x in lines[i:j] if x.strip()], link))
        else:
            while (
                j < len(lines)
                and lines[j].strip()
                and not lines[j].startswith(("#", "|"))
                and not _LIST.match(lines[j])
            ):
                j += 1
            text = " ".join(x.strip() for x in lines[i:j])
            out.append(f"<p>{inline(text, link)}</p>")
        i = j
    return "\n".join(out)


def markdown(text: str, link: Callable[[str], str] | None = None) -> str:
    """The subset of Markdown described in the module docstring, to HTML.

    Examples
    --------
    >>> markdown("# K1 — a kernel\\n\\n- **Kind.** `identity`")
    '<h1 id="k1--a-kernel">K1 — a kernel</h1>\\n<ul><li><strong>Kind.</strong> \
<code>identity</code></li></ul>'
    """
    return _blocks(text.splitlines(), link)


def rst_caption(text: str) -> str:
    """A figure caption (reST paragraphs, inline markup only) to HTML.

    Jinja lines of the report's template (``{{ … }}``, ``{% … %}``) are dropped.
    """
    kept = [x for x in text.splitlines() if not x.lstrip().startswith(("{{", "{%"))]
    return _blocks(kept, None)
