"""Which cited people a search asks about first: those the note names most often.

A note cites many people (one Known Result of a spectral-theory note names eleven), and each
backend has room for a few author + topic queries: until now the first ones written, in the order
of the Known Results. A specialist looks up first the person the note keeps coming back to — named
in two Known Results and a Reference ("Bourgain and Kenig proved …", "Bourgain studied …",
"J. Bourgain, C. E. Kenig, *On localization …*") — not the first of a list of predecessors
("Goldsheid–Molchanov–Pastur and Kunz–Souillard proved localization in one dimension"). So the
cited groups are asked most-named first; ties keep the note's order.

Pure: `queries.topics` orders its author lane with `most_named_first`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from mathlsp.verify.normalize import fold


def _names(text: str) -> frozenset[str]:
    """The folded words of a passage, a hyphenated surname also whole ("heath-brown")."""
    folded = fold(text)
    return frozenset(re.findall(r"[a-z]+(?:-[a-z]+)*", folded)) | frozenset(
        re.findall(r"[a-z]+", folded)
    )


def mentions(group: Sequence[str], passages: Sequence[frozenset[str]]) -> int:
    """How many passages (as `_names` reads them) name one of `group`'s people by surname."""
    surnames = {fold(n).replace("–", "-").split()[-1] for n in group if n.strip()}
    return sum(bool(surnames & words) for words in passages)


def most_named_first(
    groups: Sequence[tuple[str, ...]], passages: Sequence[str]
) -> list[tuple[str, ...]]:
    """`groups` ordered by how many of `passages` (the statement, each Known Result, each
    Reference) name one of their people, most first; as written among equals."""
    read = [_names(p) for p in passages]
    counted = [(-mentions(g, read), n, g) for n, g in enumerate(groups)]
    return [g for *_, g in sorted(counted)]
