"""`mathlsp lookup` and `mathlsp cache`, run in-process against the fake server."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mathlsp.cli import main
from tests.fakescholar import FakeScholar


@pytest.fixture
def cli_env(fake: FakeScholar, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    for var, url in fake.env().items():
        monkeypatch.setenv(var, url)
    monkeypatch.setenv("MATHLSP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("MATHLSP_RATE_LIMIT_SCALE", "0.001")
    monkeypatch.delenv("SEMANTIC_SCHOLAR_API_KEY", raising=False)
    monkeypatch.delenv("MATHLSP_DISABLED_SOURCES", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path / "cache"


def test_lookup_text(cli_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", "arXiv:1603.04246", "doi:10.1007/BF02698687"]) == 0
    out = capsys.readouterr().out
    assert "arXiv:1603.04246: found via arXiv" in out
    assert "title:     The sphere packing problem in dimension 8" in out
    assert "authors:   Maryna S. Viazovska" in out
    assert "doi:10.1007/BF02698687: found via OpenAlex" in out
    assert "/arxiv/api/query?id_list=1603.04246v2" in out


def test_lookup_json_and_exit_1_when_missing(
    cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lookup", "--format", "json", "pmid:12991237", "2301.99999"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert [d["status"] for d in data] == ["found", "not_found"]
    assert data[0]["records"][0]["title"].startswith("A quantitative description")
    assert data[1]["reason"] == "arXiv returned no entry for 2301.99999"
    assert data[1]["tried"][0]["backend"] == "arxiv"


def test_lookup_usage_errors(cli_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", "1311.4600", "definitely-not-an-id"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: mathlsp lookup")
    assert err.splitlines()[-1].startswith("mathlsp: not an arXiv id, DOI")
    # zbMATH is a source: the message names every kind lookup accepts, Zbl numbers too
    assert "Zbl number: 'definitely-not-an-id'" in err.splitlines()[-1]
    assert main(["lookup", "--offline", "--no-cache", "1311.4600"]) == 2


def test_lookup_reports_retries_on_stderr(
    fake: FakeScholar, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake.controls.add_fault("429", "arxiv", count=1, retry_after=0.05)
    assert main(["lookup", "1311.4600"]) == 0
    captured = capsys.readouterr()
    assert "mathlsp: arXiv rate-limited, retrying in" in captured.err
    assert "found via arXiv" in captured.out


def test_lookup_offline_uses_cache(
    fake: FakeScholar, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lookup", "1311.4600"]) == 0
    before = len(fake.controls.requests())
    capsys.readouterr()
    assert main(["lookup", "--offline", "arXiv:1311.4600", "doi:10.4007/annals.2015.181.1.7"]) == 0
    out = capsys.readouterr().out
    assert out.count("found via arXiv (cached)") == 2  # the DOI arXiv reported is indexed too
    assert len(fake.controls.requests()) == before
    assert main(["lookup", "--offline", "1603.04246"]) == 1


def test_lookup_backend_filter_and_all(
    fake: FakeScholar, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["lookup", "--no-cache", "--backend", "semantic_scholar", "1311.4600"]) == 0
    assert "found via Semantic Scholar" in capsys.readouterr().out
    assert {r.backend for r in fake.controls.requests()} == {"semantic_scholar"}
    assert main(["lookup", "--no-cache", "--all", "--format", "json", "1311.4600"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["backend"] for r in data[0]["records"]] == ["arxiv", "semantic_scholar"]


def test_lookup_reads_project_config(
    fake: FakeScholar, cli_env: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    project = cli_env.parent / "proj"
    (project / ".math").mkdir(parents=True)
    (project / ".math" / "config.json").write_text(
        json.dumps({"semantic_scholar_api_key": "cfg-key-998877", "mailto": "me@example.org"})
    )
    assert (
        main(
            [
                "lookup",
                "--no-cache",
                "--project",
                str(project),
                "--backend",
                "semantic_scholar",
                "1311.4600",
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    (req,) = fake.controls.requests("semantic_scholar")
    assert req.headers["x-api-key"] == "cfg-key-998877"
    assert "cfg-key-998877" not in out


def test_cache_stats_and_clear(cli_env: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["lookup", "1311.4600", "2301.99999"]) == 1
    capsys.readouterr()
    assert main(["cache", "stats", "--format", "json"]) == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["records"] == 1 and stats["not_found"] == 1
    assert stats["journal_mode"] == "wal"
    assert Path(stats["path"]).parent == cli_env
    assert main(["cache", "stats"]) == 0
    assert "records:        1 (arxiv 1)" in capsys.readouterr().out
    assert main(["cache", "clear"]) == 0
    assert "removed" in capsys.readouterr().out
    assert main(["cache", "--cache-dir", str(cli_env), "stats", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["records"] == 0


def test_cache_requires_action(cli_env: Path) -> None:
    with pytest.raises(SystemExit) as info:
        main(["cache"])
    assert info.value.code == 2
