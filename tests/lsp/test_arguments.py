"""Command argument schemas: both call forms accepted, anything else refused with the usage."""

from __future__ import annotations

import pytest

from mathlsp.features.arguments import SCHEMAS, ArgumentError, check_arguments, usage


def test_positional_and_object_forms_agree() -> None:
    positional = check_arguments("mathlsp.verifyReference", ["file:///l.md", "REF-002"])
    named = check_arguments("mathlsp.verifyReference", [{"uri": "file:///l.md", "id": "REF-002"}])
    assert positional == named == {"uri": "file:///l.md", "id": "REF-002"}


def test_optional_arguments_may_be_left_out() -> None:
    assert check_arguments("mathlsp.searchLiterature", []) == {}
    assert check_arguments("mathlsp.resume", [None]) == {}
    assert check_arguments("mathlsp.init", ["demo"]) == {"slug": "demo"}


@pytest.mark.parametrize(
    "args",
    [[123], [None], [["file:///x"]], [{"uri": 1.5}], [{"url": "x"}], ["a", "b"], [{"uri": True}]],
)
def test_misfits_are_refused_with_the_usage(args: list) -> None:
    with pytest.raises(ArgumentError, match=r"mathlsp\.verifyAll takes \[uri\]"):
        check_arguments("mathlsp.verifyAll", args)


def test_every_registered_command_has_a_schema() -> None:
    from mathlsp.features import commands as general
    from mathlsp.features import search, synthesis, verification

    names = {
        verification.VERIFY_ALL,
        verification.VERIFY_REFERENCE,
        verification.MOVE_TO_UNCONFIRMED,
        verification.APPLY_METADATA,
        verification.INSERT_REFERENCE,
        search.SEARCH,
        synthesis.DRAFT,
        general.RESUME,
        general.INIT,
    }
    assert names <= set(SCHEMAS)
    assert all(usage(name).startswith(name) for name in SCHEMAS)
