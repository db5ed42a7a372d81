"""A synthesis rests only on references that were checked: in Confirmed References and stamped."""

from __future__ import annotations

from mathlsp.notes.literature import LiteratureDoc
from mathlsp.synthesis.run import offline_evidence, stamped

DOC = """# Literature

## Confirmed References

### REF-001: Checked paper
- **Authors:** A. Person
- **Verified:** 2026-02-01T00:00:00Z via http://export.arxiv.org/api/query?id_list=1605.08386

### REF-002: Typed under the heading, never checked
- **Authors:** B. Person

## Unconfirmed References
"""


def test_only_stamped_confirmed_references_are_evidence() -> None:
    doc = LiteratureDoc(DOC)
    assert [e.id for e in doc.confirmed] == ["REF-001", "REF-002"]
    assert [e.id for e in stamped(doc)] == ["REF-001"]
    assert [e.id for e in offline_evidence(doc, None).references] == ["REF-001"]
