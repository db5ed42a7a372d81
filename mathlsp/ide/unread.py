"""PROBLEM.md References the search cannot read, said rather than silently left.

An item with no identifier and no title the search can tell apart (`Conus, Joseph, Khoshnevisan,
Correlation-length bounds…, EJP 2012`: surnames without initials, a title with no marks) is
neither looked up nor searched for. The terminal's search and the editor's confirmation name
them, with the forms that are read."""

from __future__ import annotations

from mathlsp.notes.problem import ProblemDoc
from mathlsp.search.queries import reference_seed

HOW = "write `doi:…` or `arXiv:…`, or mark the title: `Authors, *Title*, year`"


def unread_references(problem: ProblemDoc) -> list[str]:
    """The References items naming neither an identifier nor a title, in document order."""
    out = []
    for item in problem.references:
        if item.identifiers:
            continue  # an identifier, valid or not (a malformed one is `check`'s REF005)
        seed = reference_seed(item.text, item.identifiers)
        if not seed.identifiers and not seed.title:
            out.append(" ".join(item.text.split()))
    return out


def clip(text: str, width: int = 70) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def unread_lines(texts: list[str]) -> list[str]:
    """The terminal's lines for them (none when every item is read)."""
    if not texts:
        return []
    return [
        "PROBLEM.md references not read (no arXiv id, DOI or title mathlsp can tell apart), so "
        "neither looked up nor searched for:",
        *(f"  - {clip(t)}" for t in texts),
        f"  {HOW}",
    ]


def unread_note(texts: list[str]) -> str | None:
    """One line for the editor's confirmation, which must stay short (VS Code drops a long
    notification)."""
    if not texts:
        return None
    more = f" and {len(texts) - 1} more" if len(texts) > 1 else ""
    return f"Not read in PROBLEM.md References: “{clip(texts[0], 50)}”{more} — {HOW}"
