"""The catalog's Markdown and the figures' captions to HTML, through markdown-it-py.

The claims catalog (``CLAIMS.md``) is rendered as GitHub renders it:
CommonMark with GitHub's tables and strikethrough (markdown-it-py's
``commonmark`` preset with ``table`` and ``strikethrough`` enabled; GitHub's
bare-URL autolinks are left out, the catalog has none). HTML written in the
source is shown as text (``html=False``), and markdown-it's link validation
keeps ``javascript:``, ``vbscript:``, ``file:`` and non-image ``data:``
targets from becoming links (the link is shown as the text it was written as).

Two rules of the site are added to markdown-it's core:

- every heading gets GitHub's anchor as its ``id`` (:func:`slug`; a repeated
  heading ``-1``, ``-2``, … as on GitHub), so that ``catalog.html#<anchor>``
  addresses a heading as ``CLAIMS.md#<anchor>`` does on GitHub;
- link targets can be mapped (a catalog anchor to the claim's page) and the
  leading claim id of chosen headings linked (the catalog page links each
  claim's heading to its page).

and each table is wrapped in ``<div class="scroll">``, a box that scrolls
sideways (``assets/site.css``) when the table is wider than the page.

The figure captions (``<figure>.rst`` in each experiment's room, shown by
the Snakemake report through docutils) are reST paragraphs with inline
literals, strong emphasis and emphasis only (````code````, ``**strong**``,
``*emphasis*``), recognized by reST's rules (a start-string after a space or
an opening punctuation mark, an end-string before a space or a closing one,
no nesting): :func:`rst_caption` renders those and shows anything else as
text. CommonMark reads some of them otherwise (``**… (2γ* = ρ*)**`` is no
strong emphasis there), and docutils would make links of any scheme.

Both return :class:`markupsafe.Markup`: HTML that the pages' templates insert
as it is. The HTML is deterministic (same input, same bytes).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from markdown_it import MarkdownIt
from markdown_it.renderer import RendererHTML
from markdown_it.rules_core import StateCore
from markdown_it.token import Token
from markdown_it.utils import EnvType, OptionsDict
from markupsafe import Markup

__all__ = ["markdown", "rst_caption", "slug"]


def slug(text: str) -> str:
    """The anchor of a heading, as GitHub makes it: lower case, punctuation
    dropped, spaces to hyphens ("K1 — a kernel" → ``k1--a-kernel``)."""
    kept = re.sub(r"[^\w\- ]", "", text.strip().lower())
    return kept.replace(" ", "-")


def _heading_ids(state: StateCore) -> None:
    """Give each heading GitHub's anchor as its ``id``, from the heading's text
    (markup left out); link the claim id a heading starts with when
    ``env["heading_links"]`` maps its anchor to ``(id, href)``."""
    seen: Counter[str] = Counter()
    links: Mapping[str, tuple[str, str]] = state.env.get("heading_links", {})
    tokens = state.tokens
    for i, token in enumerate(tokens):
        if token.type != "heading_open":
            continue
        inline = tokens[i + 1]
        children = inline.children or []
        text = "".join(c.content for c in children if c.type in ("text", "code_inline"))
        base = slug(text)
        anchor = f"{base}-{seen[base]}" if seen[base] else base
        seen[base] += 1
        token.attrSet("id", anchor)
        if anchor not in links or not children or children[0].type != "text":
            continue
        label, href = links[anchor]
        first = children[0]
        if not first.content.startswith(label):
            continue
        opened = Token("link_open", "a", 1)
        opened.attrSet("href", href)
        rest = first.content[len(label) :]
        inline.children = [
            opened,
            Token("text", "", 0, content=label),
            Token("link_close", "a", -1),
            *([Token("text", "", 0, content=rest)] if rest else []),
            *children[1:],
        ]


def _mapped_links(state: StateCore) -> None:
    """Map each link's target by ``env["link"]`` (which sees it decoded, as
    written); a target mapped to one markdown-it would not accept (say a
    ``javascript:`` URL) drops the link and keeps its text."""
    link: Callable[[str], str] | None = state.env.get("link")
    if link is None:
        return
    md = state.md
    for block in state.tokens:
        if block.type != "inline" or not block.children:
            continue
        kept: list[Token] = []
        dropping = False
        for token in block.children:
            if token.type == "link_open":
                written = md.normalizeLinkText(str(token.attrGet("href")))
                target = link(written)
                if target != written:
                    href = md.normalizeLink(target)
                    dropping = not md.validateLink(href)
                    token.attrSet("href", href)
                if dropping:
                    continue
            elif token.type == "link_close" and dropping:
                dropping = False
                continue
            kept.append(token)
        block.children = kept


def _table_open(
    self: RendererHTML,
    tokens: Sequence[Token],
    idx: int,
    options: OptionsDict,
    env: EnvType,
) -> str:
    """A table's opening tag, inside the box that scrolls it sideways."""
    return '<div class="scroll">\n' + self.renderToken(tokens, idx, options, env)


def _table_close(
    self: RendererHTML,
    tokens: Sequence[Token],
    idx: int,
    options: OptionsDict,
    env: EnvType,
) -> str:
    """A table's closing tag, and its box's."""
    return self.renderToken(tokens, idx, options, env) + "</div>\n"


_MARKDOWN = MarkdownIt("commonmark", {"html": False}).enable(["table", "strikethrough"])
_MARKDOWN.add_render_rule("table_open", _table_open)
_MARKDOWN.add_render_rule("table_close", _table_close)
_MARKDOWN.core.ruler.push("site_links", _mapped_links)
_MARKDOWN.core.ruler.push("heading_ids", _heading_ids)

#: reST inline markup (a literal, strong emphasis or emphasis), by the rules of
#: reST's inline markup recognition: after the start of the text, a space or
#: one of ``'"([{<-/:``, and before the end, a space or one of
#: ``-.,:;!?\\/'")]}>``; content neither starts nor ends with a space.
_RST_INLINE = re.compile(
    r"(?:(?<=[\s'\"(\[{<\-/:])|^)"
    r"(?:``(?P<code>\S(?:.*?\S)?)``"
    r"|\*\*(?P<strong>\S(?:.*?\S)?)\*\*"
    r"|\*(?P<em>[^\s*](?:.*?[^\s*])?)\*)"
    r"(?=[\s\-.,:;!?\\/'\")\]}>]|$)",
    re.S,
)


def markdown(
    text: str,
    link: Callable[[str], str] | None = None,
    heading_links: Mapping[str, tuple[str, str]] | None = None,
) -> Markup:
    """Markdown as GitHub renders it (see the module docstring), to HTML.

    Parameters
    ----------
    text : str
        The Markdown.
    link : callable, optional
        Maps a link target (as written, e.g. ``#references``) to the ``href``
        to write (e.g. a catalog anchor to the claim's page); identity by
        default. A target it maps to an unsafe scheme loses its link.
    heading_links : mapping, optional
        Anchor of a heading → ``(label, href)``: when the heading's text
        starts with ``label``, that label links to ``href``.

    Returns
    -------
    Markup
        The HTML.

    Examples
    --------
    >>> str(markdown("# K1 — a kernel\\n\\n- **Kind.** `identity`"))
    '<h1 id="k1--a-kernel">K1 — a kernel</h1>\\n<ul>\\n<li><strong>Kind.</strong> \
<code>identity</code></li>\\n</ul>\\n'
    """
    env = {"link": link, "heading_links": heading_links or {}}
    return Markup(_MARKDOWN.render(text, env))


def _rst_inline(text: str) -> Markup:
    """One reST paragraph's inline markup to HTML, the rest escaped (each
    group of :data:`_RST_INLINE` is named by its HTML element)."""
    out, at = [], 0
    for m in _RST_INLINE.finditer(text):
        tag = str(m.lastgroup)
        out += [text[at : m.start()], Markup(f"<{tag}>"), m.group(tag)]
        out += [Markup(f"</{tag}>")]
        at = m.end()
    out.append(text[at:])
    return Markup("").join(out)


def rst_caption(text: str) -> Markup:
    """A figure caption (reST paragraphs, inline markup only) to HTML.

    Jinja lines of the report's template (``{{ … }}``, ``{% … %}``) are
    dropped; a paragraph's lines are joined by a space.

    Examples
    --------
    >>> str(rst_caption("**K1 — x (ρ*)**: rows ``K1``,\\n*one*."))
    '<p><strong>K1 — x (ρ*)</strong>: rows <code>K1</code>, <em>one</em>.</p>'
    """
    kept = [x for x in text.splitlines() if not x.lstrip().startswith(("{{", "{%"))]
    paragraphs = re.split(r"\n\s*\n", "\n".join(kept))
    return Markup("\n").join(
        Markup("<p>%s</p>") % _rst_inline(" ".join(x.strip() for x in p.splitlines()))
        for p in paragraphs
        if p.strip()
    )
