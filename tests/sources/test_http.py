"""The shared request helper: retries, backoff, Retry-After, budgets, events, redaction.

Requests go over real sockets to the fake server; timing is checked from the server's request
log (lower bounds only), never with tight wall-clock assertions.
"""

from __future__ import annotations

import asyncio
import random
import socket
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import httpx
import pytest

from mathlsp.sources.errors import (
    BackendUnavailable,
    HTTPStatusError,
    MalformedResponse,
    RateLimited,
    TimedOut,
)
from mathlsp.sources.http import (
    Fetcher,
    GaveUp,
    RateLimiter,
    RetryPolicy,
    RetryScheduled,
    SourceEvent,
    Throttled,
    parse_retry_after,
    redact_url,
)
from tests.fakescholar import FakeScholar


def test_parse_retry_after() -> None:
    assert parse_retry_after("8") == 8.0
    assert parse_retry_after(" 0.5 ") == 0.5
    assert parse_retry_after(None) is None
    assert parse_retry_after("soon") is None
    later = datetime.now(UTC) + timedelta(seconds=30)
    seconds = parse_retry_after(format_datetime(later, usegmt=True))
    assert seconds is not None and 25 <= seconds <= 31


def test_redact_url() -> None:
    url = "https://api.x.org/works?search=a+b&api_key=SECRET123&mailto=me%40x.org&key=k2k2k2"
    assert redact_url(url) == "https://api.x.org/works?search=a+b"
    assert redact_url("https://h/p/SECRET123/q", ["SECRET123"]) == "https://h/p/[redacted]/q"
    assert redact_url("https://h/works?filter=doi:10.1/a|10.2/b") == (
        "https://h/works?filter=doi:10.1/a|10.2/b"
    )


def test_backoff_is_bounded_and_jittered() -> None:
    policy = RetryPolicy(base_delay_s=1.0, max_delay_s=8.0)
    rng = random.Random(1)
    for attempt, cap in [(1, 1.0), (2, 2.0), (3, 4.0), (4, 8.0), (9, 8.0)]:
        for _ in range(20):
            assert cap / 2 <= policy.backoff(attempt, rng) <= cap
    assert RetryPolicy(base_delay_s=1.0, jitter=False).backoff(3) == 4.0


async def test_rate_limiter_spaces_call_starts() -> None:
    limiter = RateLimiter(0.05)
    start = time.monotonic()
    waits = await asyncio.gather(*(limiter.wait() for _ in range(4)))
    assert sorted(waits)[0] == 0.0
    assert time.monotonic() - start >= 0.15 - 0.01  # three gaps of 50 ms at least
    limiter.push_back(0.1)
    assert await limiter.wait() > 0.05


@pytest.fixture
def fetcher(
    fake: FakeScholar, client: httpx.AsyncClient, events: list[SourceEvent]
) -> Callable[..., Fetcher]:
    def make(**kw: object) -> Fetcher:
        policy = kw.pop(
            "policy", RetryPolicy(base_delay_s=0.02, max_delay_s=0.1, total_timeout_s=10)
        )
        return Fetcher(
            client=client,
            backend=str(kw.pop("backend", "semantic_scholar")),
            limiter=RateLimiter(float(kw.pop("interval", 0.0))),  # type: ignore[arg-type]
            policy=policy,  # type: ignore[arg-type]
            timeout_s=float(kw.pop("timeout_s", 2.0)),  # type: ignore[arg-type]
            on_event=events.append,
            **kw,  # type: ignore[arg-type]
        )

    return make


def s2_search_url(fake: FakeScholar) -> str:
    return fake.urls()["semantic_scholar"] + "/paper/search"


async def test_retries_429_then_succeeds(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("429", "semantic_scholar", count=3)
    resp = await fetcher().request("GET", s2_search_url(fake), params={"query": "primes"})
    assert resp.status == 200
    assert len(fake.controls.requests("semantic_scholar")) == 4
    retries = [e for e in events if isinstance(e, RetryScheduled)]
    assert [e.attempt for e in retries] == [1, 2, 3]
    assert all(e.reason == "rate-limited" for e in retries)
    assert retries[0].message.startswith("Semantic Scholar rate-limited, retrying in ")
    assert "(attempt 2 of 4)" in retries[0].message


async def test_retries_503_and_500(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("503", "semantic_scholar")
    fake.controls.add_fault("500", "semantic_scholar")
    resp = await fetcher().request("GET", s2_search_url(fake), params={"query": "primes"})
    assert resp.status == 200
    assert len(fake.controls.requests("semantic_scholar")) == 3
    # Server errors retry quietly, like connection trouble: a recovery is not news.
    assert events == []


async def test_a_single_transient_503_keeps_the_retry_policy(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    # The documented policy (1 s base backoff): the retry comes within the probe and succeeds.
    fake.controls.add_fault("503", "semantic_scholar")
    f = fetcher(policy=RetryPolicy())
    assert (await f.request("GET", s2_search_url(fake))).status == 200
    first, second = fake.controls.requests("semantic_scholar")
    assert second.t - first.t >= 0.5 - 0.02  # backoff(1) is uniform in [0.5, 1] s
    assert not f.is_down and events == []


async def test_503_to_everything_takes_the_backend_down_after_a_short_probe(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("503", "semantic_scholar", count=1000)
    f = fetcher(policy=RetryPolicy(), interval=0.2)
    results = await asyncio.gather(
        *(f.request("GET", s2_search_url(fake), params={"query": str(i)}) for i in range(6)),
        return_exceptions=True,
    )
    assert all(isinstance(r, HTTPStatusError | BackendUnavailable) for r in results)
    # No request is sent more than twice (the old policy: four times each, 24 in all), and the
    # probe ends at the first retry that fails: at most one request is retried.
    asked = [r.query["query"][0] for r in fake.controls.requests("semantic_scholar")]
    assert max(asked.count(q) for q in set(asked)) <= 2
    assert len(asked) <= 7 and f.is_down
    assert [e.message for e in events] == [
        "Semantic Scholar unavailable (HTTP 503); skipped for 60 s"
    ]
    with pytest.raises(BackendUnavailable, match=r"unavailable \(HTTP 503\); not asked again"):
        await f.request("GET", s2_search_url(fake))
    assert len(fake.controls.requests("semantic_scholar")) == len(asked) and len(events) == 1


async def test_503_in_flight_does_not_end_the_outage(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("503", "semantic_scholar", count=1000)
    f = fetcher(policy=RetryPolicy(base_delay_s=0.05, max_delay_s=0.1), probe_s=0.05)
    await asyncio.gather(
        *(f.request("GET", s2_search_url(fake), params={"query": str(i)}) for i in range(4)),
        return_exceptions=True,
    )
    assert f.is_down and len(events) == 1


async def test_usable_answers_between_server_errors_keep_it_up(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    f = fetcher(probe_s=0.0)  # any second server error in a row would take it down
    for _ in range(4):
        fake.controls.add_fault("503", "semantic_scholar")
        assert (await f.request("GET", s2_search_url(fake))).status == 200
    assert not f.is_down and events == []


async def test_retry_after_beyond_budget_takes_it_down_once(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("503", "semantic_scholar", count=1000, retry_after=3600)
    f = fetcher(policy=RetryPolicy(total_timeout_s=60))
    for _ in range(5):
        with pytest.raises((RateLimited, BackendUnavailable)):
            await f.request("GET", s2_search_url(fake))
    assert f.requests_sent == 1
    assert [e.message for e in events] == [
        "Semantic Scholar unavailable (HTTP 503, Retry-After); skipped for 3600 s"
    ]


async def test_retry_after_is_honoured(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("429", "semantic_scholar", retry_after=0.4)
    await fetcher().request("GET", s2_search_url(fake), params={"query": "primes"})
    first, second = fake.controls.requests("semantic_scholar")
    assert second.t - first.t >= 0.4 - 0.02  # server-side gap: the client waited as asked
    (retry,) = [e for e in events if isinstance(e, RetryScheduled)]
    assert retry.delay_s >= 0.4


async def test_gives_up_after_max_attempts(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("429", "semantic_scholar", count=10)
    policy = RetryPolicy(max_attempts=3, base_delay_s=0.01, max_delay_s=0.02)
    with pytest.raises(RateLimited) as info:
        await fetcher(policy=policy).request("GET", s2_search_url(fake))
    assert info.value.attempts == 3 and info.value.retryable
    assert len(fake.controls.requests("semantic_scholar")) == 3
    assert isinstance(events[-1], GaveUp) and events[-1].attempts == 3
    assert "gave up after 3 attempts" in events[-1].message


async def test_retry_after_beyond_budget_fails_fast(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("429", "semantic_scholar", retry_after=300)
    policy = RetryPolicy(max_attempts=5, base_delay_s=0.01, total_timeout_s=2.0)
    with pytest.raises(RateLimited) as info:
        await fetcher(policy=policy).request("GET", s2_search_url(fake))
    # Waiting 300 s would blow the 2 s budget: no second request, no sleeping.
    assert info.value.retry_after == 300
    assert len(fake.controls.requests("semantic_scholar")) == 1
    assert [type(e) for e in events] == [GaveUp]


async def test_timeouts_are_retried(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.timeout_hang_s = 1.5
    fake.controls.add_fault("timeout", "semantic_scholar")
    resp = await fetcher(timeout_s=0.3).request("GET", s2_search_url(fake), params={"query": "x"})
    assert resp.status == 200
    assert len(fake.controls.requests("semantic_scholar")) == 2
    assert events == []  # connection trouble retries quietly; one line only if it gives up


async def test_total_time_budget_bounds_retries(
    fake: FakeScholar, fetcher: Callable[..., Fetcher]
) -> None:
    fake.controls.timeout_hang_s = 1.0
    fake.controls.add_fault("timeout", "semantic_scholar", count=20)
    policy = RetryPolicy(max_attempts=20, base_delay_s=0.01, max_delay_s=0.02, total_timeout_s=0.8)
    with pytest.raises(TimedOut):
        await fetcher(policy=policy, timeout_s=0.25).request("GET", s2_search_url(fake))
    # The 0.8 s budget allows only a few 0.25 s attempts, far fewer than max_attempts.
    assert 1 <= len(fake.controls.requests("semantic_scholar")) <= 4


async def test_connection_reset_is_retried(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("reset", "semantic_scholar")
    resp = await fetcher().request("GET", s2_search_url(fake), params={"query": "x"})
    assert resp.status == 200
    assert events == []


async def test_connection_refused(
    fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # closed again below: nothing listens there
    policy = RetryPolicy(max_attempts=4, base_delay_s=0.01, max_delay_s=0.02)
    down = fetcher(policy=policy)
    with pytest.raises(BackendUnavailable) as info:
        await down.request("GET", f"http://127.0.0.1:{port}/paper/search")
    # Two connection failures and the host counts as down: no further attempts…
    assert info.value.attempts == 2 and down.requests_sent == 2
    # In words, not httpx's class name: it read "Semantic Scholar unreachable (ConnectError)".
    assert info.value.message == "Semantic Scholar unreachable (no connection)"
    assert [type(e) for e in events] == [GaveUp]  # … and one line says so
    assert events[0].message.endswith("unreachable (no connection); gave up after 2 attempts")
    # A lookup's reason names the service once: it read "Semantic Scholar unavailable (Semantic
    # Scholar unreachable (ConnectError)); verification pending".
    from mathlsp.sources.base import LookupResult, LookupStatus
    from mathlsp.sources.record import parse_identifier

    ident = parse_identifier("arXiv:1311.4600")
    assert ident is not None
    failed = LookupResult(ident, "semantic_scholar", LookupStatus.ERROR, error=info.value)
    assert failed.reason == ("Semantic Scholar unreachable (no connection); verification pending")
    # Later requests to it fail at once, with the reason, without a request or a new line.
    for _ in range(5):
        with pytest.raises(BackendUnavailable, match="not asked again"):
            await down.request("GET", f"http://127.0.0.1:{port}/paper/search")
    assert down.requests_sent == 2 and len(events) == 1


async def test_a_backend_that_stops_answering_is_given_up_on(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    fake.controls.add_fault("429", "semantic_scholar", count=1000)
    policy = RetryPolicy(max_attempts=3, base_delay_s=0.05, max_delay_s=0.05, total_timeout_s=10)
    stuck = fetcher(policy=policy, stall_limit_s=0.3, down_for_s=30)
    with pytest.raises(RateLimited):
        await stuck.request("GET", s2_search_url(fake))
    await asyncio.sleep(0.3)
    sent = stuck.requests_sent
    # No usable answer for longer than the stall limit: later requests fail at once, no request.
    for _ in range(3):
        with pytest.raises(BackendUnavailable, match=r"no usable answer for 0\.3 s"):
            await stuck.request("GET", s2_search_url(fake))
    assert stuck.requests_sent == sent
    assert events[-1].message == (
        "Semantic Scholar gave no usable answer for 0.3 s: not asked again for 30 s"
    )


async def test_a_slow_backend_that_answers_is_never_cut(
    fake: FakeScholar, fetcher: Callable[..., Fetcher]
) -> None:
    # Each answer comes after the stall limit has passed since the run began: no limit on a run.
    paced = fetcher(interval=0.15, stall_limit_s=0.1)
    for _ in range(4):
        assert (await paced.request("GET", s2_search_url(fake))).status == 200
    assert paced.requests_sent == 4


async def test_time_queued_for_our_own_rate_limit_is_not_the_sources_silence(
    fake: FakeScholar, fetcher: Callable[..., Fetcher]
) -> None:
    # Six requests queued behind a 0.2 s interval: the last gets its slot a second after it
    # was made, twice the per-request budget; the source answers each at once, so none fails.
    policy = RetryPolicy(base_delay_s=0.02, max_delay_s=0.1, total_timeout_s=0.5)
    paced = fetcher(interval=0.2, policy=policy)
    answers = await asyncio.gather(*(paced.request("GET", s2_search_url(fake)) for _ in range(6)))
    assert [a.status for a in answers] == [200] * 6


async def test_the_budget_still_counts_the_sources_retries(
    fake: FakeScholar, fetcher: Callable[..., Fetcher]
) -> None:
    # The server's own asked-for waits count against the budget: a Retry-After that cannot fit
    # in what is left fails, however little of the budget our queue took.
    fake.controls.add_fault("429", "semantic_scholar", count=10, retry_after=0.3)
    policy = RetryPolicy(max_attempts=10, base_delay_s=0.01, total_timeout_s=0.5)
    with pytest.raises(RateLimited):
        await fetcher(policy=policy).request("GET", s2_search_url(fake))
    assert len(fake.controls.requests("semantic_scholar")) == 2


async def test_a_usable_answer_ends_a_stall(
    fake: FakeScholar, fetcher: Callable[..., Fetcher]
) -> None:
    fake.controls.add_fault("503", "semantic_scholar", count=2)
    f = fetcher(stall_limit_s=5)
    assert (await f.request("GET", s2_search_url(fake))).status == 200
    assert f._failing_since is None


async def test_malformed_bodies_are_not_retried(
    fake: FakeScholar, fetcher: Callable[..., Fetcher]
) -> None:
    fake.controls.add_fault("truncate", "semantic_scholar")
    resp = await fetcher().request("GET", s2_search_url(fake))
    with pytest.raises(MalformedResponse, match="truncated JSON"):
        resp.json("semantic_scholar")
    fake.controls.add_fault("html", "semantic_scholar")
    resp = await fetcher().request("GET", s2_search_url(fake))
    with pytest.raises(MalformedResponse, match="HTML page"):
        resp.json("semantic_scholar")
    assert len(fake.controls.requests("semantic_scholar")) == 2


async def test_client_errors_raise_typed_status(
    fake: FakeScholar, fetcher: Callable[..., Fetcher]
) -> None:
    fake.controls.require_key = "right-key-1234"
    f = fetcher(headers={"x-api-key": "wrong-key-5678"}, secrets=("wrong-key-5678",))
    with pytest.raises(HTTPStatusError) as info:
        await f.request("GET", s2_search_url(fake), params={"query": "x"})
    assert info.value.status == 403 and not info.value.retryable
    assert "Forbidden" in info.value.message
    assert "wrong-key-5678" not in info.value.message + info.value.url
    assert len(fake.controls.requests()) == 1


async def test_throttle_event_when_waiting_is_noticeable(
    fake: FakeScholar, fetcher: Callable[..., Fetcher], events: list[SourceEvent]
) -> None:
    f = fetcher(interval=0.3, throttle_report_s=0.05)
    # Concurrent calls: the second must wait for its slot whatever the machine's load.
    await asyncio.gather(
        f.request("GET", s2_search_url(fake), params={"query": "a"}),
        f.request("GET", s2_search_url(fake), params={"query": "b"}),
    )
    throttled = [e for e in events if isinstance(e, Throttled)]
    assert len(throttled) == 1 and "rate limit" in throttled[0].message
    a, b = fake.controls.requests()
    assert b.t - a.t >= 0.3 - 0.1


async def test_broken_event_callback_does_not_break_requests(
    fake: FakeScholar, client: httpx.AsyncClient
) -> None:
    def explode(event: SourceEvent) -> None:
        raise RuntimeError("callback bug")

    fake.controls.add_fault("503", "semantic_scholar")
    f = Fetcher(
        client, "semantic_scholar", RateLimiter(0), RetryPolicy(base_delay_s=0.01), on_event=explode
    )
    assert (await f.request("GET", s2_search_url(fake))).status == 200
