"""Overlapping pauses (the event loop's check and a worker thread's documentSymbol) keep the
collector off until the last one ends, and leave it as it was before the first."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest

from mathlsp.notes.gcpause import gc_paused


@pytest.fixture(autouse=True)
def collector_restored() -> Iterator[None]:
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_the_first_pause_to_end_does_not_resume_the_collector_under_another() -> None:
    gc.enable()
    first, second = gc_paused(), gc_paused()
    first.__enter__()
    second.__enter__()
    first.__exit__(None, None, None)  # the check ends while documentSymbol still builds
    assert not gc.isenabled()
    second.__exit__(None, None, None)
    assert gc.isenabled()


def test_a_collector_that_was_off_stays_off() -> None:
    gc.disable()
    with gc_paused(), gc_paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_an_error_inside_still_resumes_it() -> None:
    gc.enable()
    with pytest.raises(ValueError), gc_paused():
        raise ValueError
    assert gc.isenabled()
