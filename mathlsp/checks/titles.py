"""Where rules about the whole of LITERATURE.md read an entry's title.

Typing in a `### REF-NNN: Title` heading changes one title. Of the whole-file rules, three read
titles, each only for some entries:

- duplicate ids (LIT004) quote the title of the first entry holding an id that is used twice;
- duplicate papers (LIT005) compare titles (with the year), and quote the first entry's title
  when any of its keys (arXiv id, DOI, title) is shared;
- a REF id cited after its move to Unconfirmed References quotes the UREF entry's title.

So when neither the old nor the new title is read by any of them, the whole-file findings are
the last check's (`checks._check_literature`). This summary, made once per complete check and
kept up to date title by title, answers that without walking the entries.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Hashable

from mathlsp.checks.literature import duplicate_keys
from mathlsp.checks.references import literature_index
from mathlsp.notes.literature import LiteratureDoc, ReferenceEntry


class TitleReaders:
    """The counts are made from the checked version's entries when first asked for: a check
    whose next keystroke is not a title typed (an id edited, a line moved) never pays for
    them."""

    __slots__ = ("_entries", "_ids", "_keys", "owners")

    def __init__(self, entries: list[ReferenceEntry], owners: frozenset[str]) -> None:
        self._entries: list[ReferenceEntry] | None = entries
        self._ids: Counter[str] = Counter()  # entry id → how many entries carry it
        self._keys: Counter[Hashable] = Counter()  # duplicate key → how many entries
        self.owners = owners  # UREF entries that record a moved REF id

    @staticmethod
    def of(doc: LiteratureDoc) -> TitleReaders:
        return TitleReaders(
            doc.entries, frozenset(e.id for e in literature_index(doc).moved.values())
        )

    def _count(self) -> None:
        entries = self._entries
        if entries is not None:
            self._ids = Counter(e.core.id for e in entries)
            self._keys = Counter(k for e in entries for k in duplicate_keys(e))
            self._entries = None

    def read(self, was: ReferenceEntry, now: ReferenceEntry) -> bool:
        """Whether a whole-file rule reads the title of `was` (an entry this summary counts)
        or of `now` (the same entry retitled, in its place)."""
        self._count()
        if self._ids[was.core.id] > 1 or was.id in self.owners:
            return True
        before = duplicate_keys(was)
        if any(self._keys[k] > 1 for k in before):
            return True
        return any(self._keys[k] - (k in before) > 0 for k in duplicate_keys(now))

    def retitled(self, was: ReferenceEntry, now: ReferenceEntry) -> TitleReaders:
        """This summary once `was` became `now` (only its title changed). Updated in place:
        the summary belongs to the one check memo, which the new version's replaces."""
        self._count()
        self._keys.subtract(duplicate_keys(was))
        self._keys.update(duplicate_keys(now))
        return self

    def renumbered(self, was: str, now: str) -> TitleReaders:
        """This summary once an entry's id `was` became `now` (nothing else of it changed):
        updated in place, as `retitled`."""
        self._count()
        self._ids[was] -= 1
        self._ids[now] += 1
        return self

    def shares_a_key(self, entry: ReferenceEntry) -> bool:
        """Whether another entry has a duplicate key of `entry` (one this summary counts)."""
        self._count()
        return any(self._keys[k] > 1 for k in duplicate_keys(entry))
