"""Every entry's findings kept between keystrokes, moved lazily: a line added or deleted in one
entry moves every entry below it, and moving each of their findings (~18,000 at 20,000 short
entries) was most of that keystroke's check. Here a move is a range add on a Fenwick tree over
the entries (O(log n)); an entry's findings are moved when read, and a check reads only the
ones it lists (at most `FINDINGS_PER_CODE` of a code, found through a per-code index of the
entries holding that code). What is read equals the findings moved one by one.

A value is never changed once made: `shifted` and `with_entry` return a new one sharing what
did not change (a C-level copy of three lists of n ints or pointers, ~0.1 ms at 20,000).
"""

from __future__ import annotations

import bisect
from collections.abc import Iterator, Sequence

from mathlsp.checks.base import FINDINGS_PER_CODE
from mathlsp.checks.cap import MORE, with_more_notices
from mathlsp.checks.entries import moved
from mathlsp.checks.findings import Finding, by_position


class KeptFindings:
    """Entry k's findings are `found[k]` moved by `delta(k)` lines, where `delta(k)` is the
    sum of the moves of the entries up to k since `found[k]` was stored (`base[k]`)."""

    __slots__ = ("_base", "_codes", "_counts", "_found", "_path", "_tree")

    def __init__(
        self,
        path: str,
        found: list[tuple[Finding, ...]],
        tree: list[int],
        base: list[int],
        codes: dict[str, list[int]],
        counts: dict[str, int],
    ) -> None:
        self._path = path
        self._found = found
        self._tree = tree  # Fenwick tree (1-based) of the moves: delta is a prefix sum
        self._base = base
        self._codes = codes  # code -> sorted indices of the entries holding it
        self._counts = counts  # code -> how many findings of it, over every entry

    @classmethod
    def of(cls, path: str, per_entry: Sequence[tuple[Finding, ...]]) -> KeptFindings:
        codes: dict[str, list[int]] = {}
        counts: dict[str, int] = {}
        for k, found in enumerate(per_entry):
            for code in _codes_of(found):
                codes.setdefault(code, []).append(k)
            for f in found:
                counts[f.code] = counts.get(f.code, 0) + 1
        n = len(per_entry)
        return cls(path, list(per_entry), [0] * (n + 1), [0] * n, codes, counts)

    def __len__(self) -> int:
        return len(self._found)

    def __iter__(self) -> Iterator[tuple[Finding, ...]]:
        """Every entry's findings where they stand now (a whole pass: tests, not keystrokes)."""
        return (self.entry(k) for k in range(len(self._found)))

    def _moves(self, k: int) -> int:
        """The moves of entry k since `_tree` was made (prefix sum of entries 0..k)."""
        tree, i, total = self._tree, k + 1, 0
        while i > 0:
            total += tree[i]
            i &= i - 1
        return total

    def entry(self, k: int) -> tuple[Finding, ...]:
        found = self._found[k]
        if not found:
            return found
        delta = self._moves(k) - self._base[k]
        return found if not delta else tuple(moved(f, delta, self._path) for f in found)

    def shifted(self, after: int, lines: int) -> KeptFindings:
        """The entries after entry `after` moved by `lines`."""
        tree = list(self._tree)
        i = after + 2  # entry after+1, 1-based
        while i < len(tree):
            tree[i] += lines
            i += i & -i
        return KeptFindings(self._path, self._found, tree, self._base, self._codes, self._counts)

    def with_entry(self, k: int, found: tuple[Finding, ...]) -> KeptFindings:
        """Entry k's findings replaced by `found` (where they stand now)."""
        old = self._found[k]
        new_found = list(self._found)
        new_found[k] = found
        base = self._base
        moves = self._moves(k)
        if base[k] != moves:
            base = list(base)
            base[k] = moves
        codes, counts = self._codes, self._counts
        if [f.code for f in old] != [f.code for f in found]:
            before, after = _codes_of(old), _codes_of(found)
            codes, counts = dict(codes), dict(counts)
            for f in old:
                counts[f.code] -= 1
                if not counts[f.code]:
                    del counts[f.code]
            for f in found:
                counts[f.code] = counts.get(f.code, 0) + 1
            for code in before - after:
                at = codes[code] = list(codes[code])
                del at[bisect.bisect_left(at, k)]
                if not at:
                    del codes[code]
            for code in after - before:
                at = codes[code] = list(codes.get(code, ()))
                bisect.insort(at, k)
        return KeptFindings(self._path, new_found, self._tree, base, codes, counts)

    def counts(self) -> dict[str, int]:
        return self._counts

    def first(self, code: str, limit: int) -> list[tuple[int, int, Finding]]:
        """The first `limit` findings of `code`, in listing order, as (entry, index in the
        entry, finding where it stands now)."""
        out: list[tuple[int, int, Finding]] = []
        for k in self._codes.get(code, ()):
            for j, f in enumerate(self.entry(k)):
                if f.code == code:
                    out.append((k, j, f))
                    if len(out) == limit:
                        return out
        return out

    def holding(self) -> list[int]:
        """The entries that hold some finding, in order."""
        return sorted({k for at in self._codes.values() for k in at})


def _codes_of(found: tuple[Finding, ...]) -> set[str]:
    return {f.code for f in found}


def listed_with(whole: list[Finding], kept: KeptFindings) -> list[Finding]:
    """`cap.listed(sorted(whole + every entry finding, key=by_position))` built from the
    findings it lists only: per code, the first `FINDINGS_PER_CODE` whole-file findings and
    the first entry findings are the only candidates for its listed ones, merged in the order
    that stable sort gives (a whole-file finding before an entry finding at the same key)."""
    counts = dict(kept.counts())
    for f in whole:
        counts[f.code] = counts.get(f.code, 0) + 1
    Keyed = tuple[tuple[int, int, str], int, int, int, Finding]
    if MORE not in counts and max(counts.values(), default=0) <= FINDINGS_PER_CODE:
        rows: list[Keyed] = [(by_position(f), 0, i, 0, f) for i, f in enumerate(whole)]
        rows += [
            (by_position(f), 1, k, j, f)
            for k in kept.holding()
            for j, f in enumerate(kept.entry(k))
        ]
        rows.sort(key=lambda r: r[:4])
        return [r[4] for r in rows]
    hidden: dict[str, int] = {}
    per_code: dict[str, list[Keyed]] = {}
    for i, f in enumerate(whole):
        if f.code == MORE:
            hidden[f.data["code"]] = hidden.get(f.data["code"], 0) + f.data["more"]
        else:
            per_code.setdefault(f.code, []).append((by_position(f), 0, i, 0, f))
    candidates: list[Keyed] = []
    for code in counts:
        if code == MORE:
            continue
        mine = sorted(per_code.get(code, ()), key=lambda r: r[:4])[:FINDINGS_PER_CODE]
        mine += [(by_position(f), 1, k, j, f) for k, j, f in kept.first(code, FINDINGS_PER_CODE)]
        mine.sort(key=lambda r: r[:4])
        candidates += mine[:FINDINGS_PER_CODE]
    candidates.sort(key=lambda r: r[:4])
    out = [r[4] for r in candidates]
    kept_n: dict[str, int] = {}
    last: dict[str, Finding] = {}
    for f in out:
        kept_n[f.code] = kept_n.get(f.code, 0) + 1
        last[f.code] = f
    return with_more_notices(out, kept_n, last, counts, hidden)
