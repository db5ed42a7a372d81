"""What a search counts as already listed in LITERATURE.md, so that it never adds a paper twice."""

from __future__ import annotations

from mathlsp.notes.literature import LiteratureDoc
from mathlsp.search.run import Listed
from mathlsp.sources.record import parse_identifier
from mathlsp.verify.normalize import normalize_title

# Written by someone else: `# Confirmed References`, entries at level 4, fields without bold.
FOREIGN = """\
# Lit review\r
\r
# Confirmed References\r
\r
#### REF-003 — Parabolic Anderson problem and intermittency\r
* Authors: René A. Carmona, S. A. Molchanov\r
* DOI: 10.1090/memo/0518\r
\r
#### REF-001 — Moments and Lyapunov exponents for the parabolic Anderson model\r
- **Authors:** Alexei Borodin, Ivan Corwin\r
- **Year:** 2014\r
- **DOI:** 10.1214/13-AAP944\r
"""


def test_entries_outside_the_reference_sections_count_as_listed() -> None:
    doc = LiteratureDoc(FOREIGN, "LITERATURE.md")
    assert {e.section for e in doc.entries} - {"confirmed", "unconfirmed"}  # none in a section
    listed = Listed(doc)
    doi = parse_identifier("doi:10.1214/13-aap944")
    assert doi is not None and listed.identifier(doi) == "REF-001"
    title = normalize_title("Parabolic Anderson problem and intermittency")
    assert listed.titles[(title, None)] == "REF-003"
