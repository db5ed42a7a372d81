"""An imported entry no source could answer for says "verification pending" once, with each
source's cause, and what to do next."""

from __future__ import annotations

from mathlsp.bib.gate import BibCheck
from mathlsp.bib.parse import parse_bib
from mathlsp.search.bib_import import reference_from
from mathlsp.verify.pipeline import ReferenceCheck
from mathlsp.verify.remarks import pending_cause

BIB = """@article{lor91,
 author={Lorenzini, Dino J.},
 title={A finite group attached to the {L}aplacian of a graph},
 journal={Discrete Math.},
 year={1991},
}
"""


def _unconfirmed(reasons: tuple[str, ...], pending: bool) -> str:
    entry = parse_bib(BIB).entries[0]
    check = ReferenceCheck("lor91", "other", "unconfirmed", reasons, pending=pending)
    ref = reference_from(BibCheck(entry, check), "UREF", 1, "refs.bib")
    assert ref.kind == "UREF"
    return ref.reason


def test_a_pending_entry_says_pending_once_with_every_cause() -> None:
    reason = _unconfirmed(
        (
            "title match failed (OpenAlex unreachable (no connection)); verification pending",
            "Semantic Scholar rate-limited; verification pending",
        ),
        pending=True,
    )
    assert reason.count("verification pending") == 1
    assert "OpenAlex unreachable (no connection)" in reason
    assert "Semantic Scholar rate-limited" in reason
    assert reason.endswith("run `mathlsp verify` again later")


def test_a_refused_entry_keeps_its_reasons_as_they_are() -> None:
    reason = _unconfirmed(("title not found in any source",), pending=False)
    assert reason == "title not found in any source"


def test_pending_cause_strips_only_the_pending_tail() -> None:
    assert pending_cause("OpenAlex timed out; verification pending") == "OpenAlex timed out"
    assert pending_cause("x: verification pending") == "x"
    assert pending_cause("no record matches") == "no record matches"
