"""REF001–REF010: verification stamps, identifiers, schema fields and citations."""

from __future__ import annotations

import dataclasses
import datetime as dt
import json

import pytest

from mathlsp.checks import CheckSettings
from mathlsp.checks.findings import Severity
from tests.checks.conftest import (
    JOURNAL,
    LITERATURE,
    NOW,
    PROBLEM,
    SETTINGS,
    codes,
    edit,
    only,
    ref_entry,
    span,
    with_refs,
)

L = "LITERATURE.md"
STAMP = (
    "- **Verified:** 2026-02-10T14:30:00Z via http://export.arxiv.org/api/query?id_list=1901.01234"
)


def _stamp(value: str) -> str:
    return edit(LITERATURE, STAMP, f"- **Verified:** {value}" if value else "")


# -- REF001-REF004, REF008 stamps ------------------------------------------------------------
def test_confirmed_without_stamp_is_an_error(check) -> None:
    found = only(check(L, _stamp("")), "REF001")
    assert len(found) == 1
    assert found[0].severity is Severity.ERROR
    assert span(found[0]) == (18, 4, 18, 11)
    assert "REF-001 has no `Verified:` stamp" in found[0].message


def test_empty_stamp_is_no_stamp(check) -> None:
    assert codes(check(L, edit(LITERATURE, STAMP, "- **Verified:**"))) == ["REF001"]


def test_unconfirmed_needs_no_stamp(check) -> None:
    assert "REF001" not in codes(check(L, with_refs(unconfirmed=(ref_entry(2, kind="UREF"),))))


def test_stamp_without_url(check) -> None:
    found = check(L, _stamp("2026-02-10T14:30:00Z via arXiv"))
    assert codes(found) == ["REF002"]
    assert span(found[0]) == (28, 16, 28, 16 + len("2026-02-10T14:30:00Z via arXiv"))


def test_stamp_not_iso(check) -> None:
    found = check(
        L, _stamp("Feb 10, 2026 via http://export.arxiv.org/api/query?id_list=1901.01234")
    )
    assert codes(found) == ["REF003"]
    assert found[0].severity is Severity.WARNING


def test_date_only_stamp_is_iso(check) -> None:
    assert (
        codes(
            check(L, _stamp("2026-02-10 via http://export.arxiv.org/api/query?id_list=1901.01234"))
        )
        == []
    )


def test_future_stamp(check) -> None:
    found = check(
        L,
        _stamp("2026-05-01T00:00:00Z via https://api.crossref.org/works/10.1007/s00020-019-2500-1"),
    )
    assert codes(found) == ["REF004"]
    assert found[0].severity is Severity.WARNING


def test_stamp_a_few_hours_ahead_is_clock_skew(check) -> None:
    later = (NOW + dt.timedelta(hours=20)).isoformat()
    assert (
        codes(
            check(
                L, _stamp(f"{later} via https://api.crossref.org/works/10.1007/s00020-019-2500-1")
            )
        )
        == []
    )


@pytest.mark.parametrize(
    ("stamp", "expected"),
    [("2025-06-01T00:00:00Z", ["REF008"]), ("2025-12-01T00:00:00Z", [])],
)
def test_stale_uses_settings_now(check, stamp: str, expected: list[str]) -> None:
    found = check(
        L, _stamp(f"{stamp} via https://api.crossref.org/works/10.1007/s00020-019-2500-1")
    )
    assert codes(found) == expected
    if expected:
        assert found[0].severity is Severity.INFORMATION
        assert found[0].data == {"id": "REF-001", "age_days": 273}
        assert "verified 273 days ago (2025-06-01)" in found[0].message


def test_stale_threshold_from_settings(check) -> None:
    settings = dataclasses.replace(SETTINGS, stale_after_days=10)
    assert codes(check(L, settings=settings)) == ["REF008", "REF008"]
    assert codes(check(L, settings=dataclasses.replace(SETTINGS, stale_after_days=0))) == []


@pytest.mark.parametrize(
    ("age", "expected"),
    [(dt.timedelta(days=10), []), (dt.timedelta(days=10, microseconds=1), ["REF008"])],
)
def test_stale_means_older_than_the_threshold_to_the_microsecond(
    check, age: dt.timedelta, expected: list[str]
) -> None:
    # The rule compares each stamp with `now - stale_after_days`, worked out once per check.
    now = dt.datetime(2026, 3, 1, 12, 0, 0, 500_000, tzinfo=dt.UTC)
    stamp = (now - age).strftime("%Y-%m-%dT%H:%M:%S.%f+00:00")
    settings = dataclasses.replace(SETTINGS, now=now, stale_after_days=10)
    found = check(L, _stamp(f"{stamp} via http://export.arxiv.org/api/query?id_list=1901.01234"),
                  settings=settings)  # fmt: skip
    assert [f.code for f in found if f.data.get("id") == "REF-001"] == expected


def test_a_threshold_before_year_one_finds_no_stamp_stale(check) -> None:
    settings = dataclasses.replace(SETTINGS, stale_after_days=10**9)
    assert codes(check(L, settings=settings)) == []


def test_naive_now_is_treated_as_utc(check) -> None:
    settings = dataclasses.replace(SETTINGS, now=NOW.replace(tzinfo=None))
    assert codes(check(L, settings=settings)) == []


# -- REF005 / REF006 identifiers -------------------------------------------------------------
def test_malformed_arxiv_field(check) -> None:
    found = check(L, edit(LITERATURE, "- **arXiv ID:** 1901.01234", "- **arXiv ID:** 2313.99999"))
    bad = only(found, "REF005")
    assert len(bad) == 1
    assert bad[0].severity is Severity.ERROR
    assert span(bad[0]) == (22, 16, 22, 26)
    assert "month 13 does not exist" in bad[0].message


def test_arxiv_digit_count(check) -> None:
    found = check(L, edit(LITERATURE, "- **arXiv ID:** 1901.01234", "- **arXiv ID:** 1901.0123"))
    assert "have 5 digits after the dot, this one has 4" in only(found, "REF005")[0].message


@pytest.mark.parametrize("value", ["arXiv:1901.01234v3", "`1901.01234`", "math/0601001", "—"])
def test_accepted_arxiv_field_spellings(check, value: str) -> None:
    text = edit(LITERATURE, "- **arXiv ID:** 1901.01234", f"- **arXiv ID:** {value}")
    assert "REF005" not in codes(check(L, text))


def test_malformed_doi_field(check) -> None:
    found = check(L, edit(LITERATURE, "10.1016/j.jfa.2020.108765\n", "10.1016-jfa\n"))
    bad = only(found, "REF006")
    assert len(bad) == 1 and span(bad[0]) == (34, 11, 34, 22)


def test_malformed_prefixed_ids_in_any_note(check) -> None:
    proof = "# Proof\n\nBy arXiv:2313.99 and doi:foo we conclude.\n\nSee `arXiv:2313.99` (code).\n"
    found = check("PROOF.md", PROOF_md=proof)
    assert [(f.code, span(f)) for f in found] == [
        ("REF005", (2, 3, 2, 16)),
        ("REF006", (2, 21, 2, 28)),
    ]
    assert all(f.severity is Severity.ERROR for f in found)


def test_malformed_field_not_reported_twice(check) -> None:
    text = edit(LITERATURE, "- **arXiv ID:** 1901.01234", "- **arXiv ID:** arXiv:2313.99")
    assert codes(check(L, text)).count("REF005") == 1


def test_malformed_id_in_problem_references(check) -> None:
    text = edit(PROBLEM, "arXiv:2301.12345", "arXiv:2301.1")
    found = check("PROBLEM.md", text)
    assert codes(found) == ["REF005"]


# -- REF007 fields ---------------------------------------------------------------------------
def test_missing_fields_listed_in_one_finding(check) -> None:
    text = edit(
        LITERATURE, "- **Abstract:** We prove convergence of perturbed Neumann series.\n", ""
    )
    text = edit(text, "- **Confidence:** [V]\n", "")
    found = only(check(L, text), "REF007")
    assert len(found) == 1
    assert found[0].severity is Severity.WARNING
    assert found[0].data == {"id": "REF-001", "missing": ["Abstract", "Confidence"]}
    assert span(found[0]) == (18, 4, 18, 11)


def test_fields_written_without_bold_are_named_not_called_missing(check) -> None:
    text = edit(LITERATURE, "- **Abstract:** We prove", "* Abstract: We prove")
    text = edit(text, "- **Confidence:** [V]\n", "")
    (found,) = only(check(L, text), "REF007")
    assert found.message == (
        "REF-001: `Abstract:` is written without bold, so not read as a field: write "
        "`- **Abstract:** …`; it also lacks Confidence"
    )
    assert found.data == {"id": "REF-001", "missing": ["Abstract", "Confidence"]}


def test_identifiers_are_optional(check) -> None:
    text = edit(LITERATURE, "- **arXiv ID:** 1901.01234\n", "")
    text = edit(text, "- **DOI:** 10.1007/s00020-019-2500-1\n", "")
    assert codes(check(L, text)) == []


def test_uref_needs_reason_and_status(check) -> None:
    text = edit(LITERATURE, "- **Reason:** arXiv returned no entry for 1805.04321\n", "")
    found = only(check(L, text), "REF007")
    assert [f.data for f in found] == [{"id": "UREF-001", "missing": ["Reason"]}]


def test_heading_with_no_fields(check) -> None:
    found = check(L, with_refs("### REF-003: Only a heading\n\n"))
    assert only(found, "REF001")[0].data == {"id": "REF-003"}
    assert only(found, "REF007")[0].data["missing"] == [
        "Authors", "Year", "Source", "Abstract", "Relevance", "Key Results", "Confidence",
    ]  # fmt: skip


# -- REF009 unknown mentions -----------------------------------------------------------------
def test_unknown_mention_in_proof(check) -> None:
    proof = "# Proof\n\nBy REF-001 and REF-009 the series converges.\n\n```\nREF-404\n```\n"
    found = check("PROOF.md", PROOF_md=proof)
    assert [(f.code, span(f)) for f in found] == [("REF009", (2, 15, 2, 22))]
    assert found[0].severity is Severity.ERROR
    assert "REF-009 does not exist in LITERATURE.md (the highest is REF-002)" in found[0].message


def test_unknown_mention_utf16_columns(check) -> None:
    found = check("PROOF.md", PROOF_md="𝔽-spaces: REF-077 ✓\n")
    assert [span(f) for f in only(found, "REF009")] == [(0, 11, 0, 18)]  # 𝔽 counts 2


def test_unknown_mention_in_literature_itself(check) -> None:
    text = edit(LITERATURE, "1. REF-002", "1. REF-012")
    found = check(L, text)
    assert [(f.code, span(f)) for f in found] == [("REF009", (54, 3, 54, 10))]


def test_unknown_mention_in_journal_crlf(check) -> None:
    journal = JOURNAL
    text = edit(journal, "(REF-001, REF-002)", "(REF-001, REF-003)").replace("\n", "\r\n")
    found = check("JOURNAL.md", text)
    assert [(f.code, span(f)) for f in found] == [("REF009", (35, 52, 35, 59))]


def test_no_literature_makes_every_mention_unknown(check) -> None:
    found = check("PROOF.md", PROOF_md="REF-001 and UREF-001\n", LITERATURE_md=None)
    assert codes(found) == ["REF009", "REF009"]
    assert "this problem folder has no LITERATURE.md" in found[0].message


def test_a_note_outside_any_problem_folder_has_no_mentions_to_resolve(tmp_path) -> None:
    # A `notes.md` opened in a folder with no PROBLEM.md, no LITERATURE.md and no `.math/`:
    # was "REF-001 cannot be resolved: this problem folder has no LITERATURE.md" (an error).
    from mathlsp.checks import check_document
    from mathlsp.notes.folder import ProblemFolder

    (tmp_path / "notes.md").write_text("By REF-001 and UREF-002.\n", encoding="utf-8")
    assert check_document(ProblemFolder(tmp_path), tmp_path / "notes.md", SETTINGS) == []
    (tmp_path / "PROBLEM.md").write_text(PROBLEM, encoding="utf-8")  # now it is a problem
    found = check_document(ProblemFolder(tmp_path), tmp_path / "notes.md", SETTINGS)
    assert codes(found) == ["REF009", "REF009"]
    slug = tmp_path / ".math" / "problems" / "slug"
    slug.mkdir(parents=True)
    (slug / "notes.md").write_text("By REF-001.\n", encoding="utf-8")
    assert codes(check_document(ProblemFolder(slug), slug / "notes.md", SETTINGS)) == ["REF009"]


def test_unreadable_literature_is_named(check) -> None:
    found = check("PROOF.md", PROOF_md="REF-001\n", LITERATURE_md=b"caf\xe9 bad")
    assert "LITERATURE.md cannot be read (not valid UTF-8" in found[0].message


def test_moved_reference_names_its_new_id(check) -> None:
    text = edit(
        LITERATURE,
        "- **Status:** Unconfirmed",
        "- **Moved from:** REF-003\n- **Status:** Unconfirmed",
    )
    write_proof = "REF-003 shows it.\n"
    found = check("PROOF.md", PROOF_md=write_proof, LITERATURE_md=text)
    assert len(found) == 1
    assert found[0].data == {"id": "REF-003", "replacement": "UREF-001"}
    assert "moved to Unconfirmed References as UREF-001" in found[0].message
    # ...and the note inside the UREF entry is not itself an unknown mention.
    assert "REF009" not in codes(check(L, text))


def test_ref_standing_under_unconfirmed_is_not_a_confirmed_citation(check) -> None:
    lit = with_refs(unconfirmed=(ref_entry(3, "Moved but not renamed"),))
    found = check("PROOF.md", PROOF_md="By REF-003.\n", LITERATURE_md=lit)
    assert codes(found) == ["REF009"]
    assert "stands under Unconfirmed References" in found[0].message


# -- REF010 unconfirmed cited with [V] -------------------------------------------------------
def test_uref_on_verified_line(check) -> None:
    proof = "- [V] By UREF-001 the bound holds.\n- [~] UREF-001 might help.\n"
    found = check("PROOF.md", PROOF_md=proof)
    assert [(f.code, span(f)) for f in found] == [("REF010", (0, 9, 0, 17))]
    f = found[0]
    assert f.severity is Severity.ERROR
    assert f.related[0].path.endswith("LITERATURE.md")
    assert f.related[0].range.start.line == 59
    assert "arXiv returned no entry for 1805.04321" in f.related[0].message


def test_uref_identifier_on_verified_line(check) -> None:
    proof = "[V] Theorem 3 of arXiv:1805.04321v2 gives it.\n[V] So does 1901.01234.\n"
    found = check("PROOF.md", PROOF_md=proof)
    assert [(f.code, span(f)) for f in found] == [("REF010", (0, 17, 0, 35))]
    assert "(UREF-001)" in found[0].message


def test_v_marker_belongs_to_its_own_sentence(check) -> None:
    # Two claims on one line: the [V] supports REF-001's sentence, UREF-001's is marked [~].
    proof = (
        "By [V] REF-001 the series converges. The bound of UREF-001 (arXiv:1805.04321) would "
        "give more, but it is only a lead [~].\n"
        "The bound of UREF-001 holds [V]. Nothing else.\n"
    )
    found = check("PROOF.md", PROOF_md=proof)
    assert [(f.code, f.range.start.line) for f in found] == [("REF010", 1)]


def test_synthesis_line_citing_uref_is_reported_once(check) -> None:
    text = edit(LITERATURE, "of REF-001 gives", "of UREF-001 gives")
    found = check(L, text)
    assert codes(found) == ["REF010"]


def test_moved_ref_cited_with_v(check) -> None:
    lit = with_refs(unconfirmed=(ref_entry(3, "Moved but not renamed"),))
    found = check("PROOF.md", PROOF_md="[V] By REF-003.\n", LITERATURE_md=lit)
    assert codes(found) == ["REF010"]


def test_malformed_arxiv_url_and_bare_doi_claim(check) -> None:
    proof = "See https://arxiv.org/abs/2313.99999\ndoi:foo\n"
    found = check("PROOF.md", PROOF_md=proof)
    assert [(f.code, span(f)) for f in found] == [
        ("REF005", (0, 4, 0, 36)),
        ("REF006", (1, 0, 1, 7)),
    ]


# -- REF011 stamps whose URL re-checks nothing -------------------------------------------------
@pytest.mark.parametrize(
    "url",
    [
        "https://example.org/x",
        "https://arxiv.org/abs/1901.01234",
        "http://export.arxiv.org/api/query?search_query=ti:neumann",
        "https://doi.org/10.1007/s00020-019-2500-1",
        "https://api.crossref.org/works?query=neumann",
    ],
)
def test_a_stamp_url_the_verifier_never_writes(check, url: str) -> None:
    good = "http://export.arxiv.org/api/query?id_list=1901.01234"
    found = only(check(L, edit(LITERATURE, good, url)), "REF011")
    assert len(found) == 1
    assert found[0].severity is Severity.ERROR
    assert found[0].data == {"id": "REF-001", "url": url}
    assert "re-checks nothing" in found[0].message


@pytest.mark.parametrize(
    "url",
    [
        "http://export.arxiv.org/api/query?id_list=1901.01234v2",
        "https://export.arxiv.org/api/query?id_list=1901.01234",
        "https://api.crossref.org/works/10.1007/s00020-019-2500-1",
        "https://api.openalex.org/works/doi:10.1007/s00020-019-2500-1",
        "https://api.openalex.org/works/W4210000000",
        "https://api.semanticscholar.org/graph/v1/paper/ARXIV:1901.01234?fields=title,authors",
        "https://api.semanticscholar.org/graph/v1/paper/DOI:10.1007/s00020-019-2500-1",
    ],
)
def test_the_verifiers_own_urls_pass(check, url: str) -> None:
    good = "http://export.arxiv.org/api/query?id_list=1901.01234"
    assert "REF011" not in codes(check(L, edit(LITERATURE, good, url)))


def test_a_configured_base_url_is_the_verifiers_too(check, monkeypatch) -> None:
    url = "http://127.0.0.1:8765/arxiv/api/query?id_list=1901.01234"
    good = "http://export.arxiv.org/api/query?id_list=1901.01234"
    text = edit(LITERATURE, good, url)
    assert "REF011" in codes(check(L, text))
    monkeypatch.setenv("MATHLSP_ARXIV_URL", "http://127.0.0.1:8765/arxiv")
    assert "REF011" not in codes(check(L, text, settings=CheckSettings(now=SETTINGS.now)))


@pytest.mark.parametrize("key", ["source_urls", "base_urls"])
def test_a_base_url_from_the_projects_config_is_the_verifiers_too(check, problem_dir, key) -> None:
    url = "http://127.0.0.1:8765/arxiv/api/query?id_list=1901.01234"
    good = "http://export.arxiv.org/api/query?id_list=1901.01234"
    text = edit(LITERATURE, good, url)
    assert "REF011" in codes(check(L, text))
    config = problem_dir.parents[1] / "config.json"
    config.write_text(json.dumps({key: {"arxiv": "http://127.0.0.1:8765/arxiv/"}}), "utf-8")
    assert "REF011" not in codes(check(L, text))
    # The mirror counts for its own backend only, and a malformed config counts for nothing.
    other = edit(LITERATURE, good, "http://127.0.0.1:8765/arxiv/works/10.1007/s00020-019-2500-1")
    assert "REF011" in codes(check(L, other))
    config.write_text('{"source_urls": ["http://127.0.0.1:8765/arxiv"]}', "utf-8")
    assert "REF011" in codes(check(L, text))


def test_an_empty_field_is_called_empty_not_missing(check) -> None:
    # Typing a year anew: `- **Year:** ` read "REF-001 lacks the field Year: add `- **Year:** …`"
    # with that very line in the entry.
    text = edit(LITERATURE, "- **Year:** 2019", "- **Year:** ")
    (found,) = only(check(L, text), "REF007")
    assert found.message == "REF-001's field Year is empty: write it"
    assert found.data == {"id": "REF-001", "missing": ["Year"]}
    text = edit(text, "- **Confidence:** [V]\n", "")
    (found,) = only(check(L, text), "REF007")
    assert found.message == (
        "REF-001 lacks the field Confidence: add `- **Confidence:** …`; its field Year is empty: "
        "write it"
    )
