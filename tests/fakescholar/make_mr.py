"""Regenerate `data/spdes_mr.tsv.gz`: MathSciNet's numbers and classes of the haystack's SPDE part.

    python -m tests.fakescholar.make_mr /path/to/SPDEs-Bib/Build_docs/bib_files

The haystack (`shared/corpus/math-papers.jsonl.gz`) took title, authors, year, DOI and venue from
`chenle02/SPDEs-Bib`, a MathSciNet-style BibTeX collection, but not its `mrnumber` and `mrclass`
fields. The fake zbMATH needs them: which records the reviewed literature holds, and under which
MSC classes. One line per BibTeX key that has an `mrnumber`: key, MR number, the MSC classes of
`mrclass` (primary first, the parenthesised secondary ones after), read mechanically.
"""

from __future__ import annotations

import gzip
import re
import sys
from pathlib import Path

OUT = Path(__file__).with_name("data") / "spdes_mr.tsv.gz"
_ENTRY = re.compile(r"@\w+\s*\{\s*([^,\s]+)\s*,")
_FIELD = re.compile(r"^\s*(mrnumber|mrclass)\s*=\s*[{\"]([^}\"]*)[}\"]", re.I | re.M)
_CODE = re.compile(r"\b\d\d[A-Z-](?:[0-9x]{2}|xx)\b")


def rows(folder: Path) -> list[tuple[str, str, str]]:
    out: list[tuple[str, str, str]] = []
    for path in sorted(folder.glob("*.bib")):
        text = path.read_text(encoding="utf-8", errors="replace")
        entry = _ENTRY.search(text)
        if entry is None:
            continue
        fields = {m[1].lower(): m[2] for m in _FIELD.finditer(text)}
        number = re.sub(r"\D", "", fields.get("mrnumber", ""))
        if not number:
            continue
        codes = list(dict.fromkeys(_CODE.findall(fields.get("mrclass", ""))))
        out.append((entry[1], number, " ".join(codes)))
    return out


def main(argv: list[str]) -> int:
    found = rows(Path(argv[0]))
    with gzip.open(OUT, "wt", encoding="utf-8") as fh:
        for key, number, codes in found:
            fh.write(f"{key}\t{number}\t{codes}\n")
    print(f"{len(found)} entries → {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
