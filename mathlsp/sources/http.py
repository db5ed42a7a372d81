"""The one place that talks HTTP: rate limiting, retries with backoff, redaction, typed errors.

Every backend sends its requests through a `Fetcher`, which shares the process's one
`httpx.AsyncClient` but owns a per-backend `RateLimiter`. Retries are bounded twice — by attempt
count and by total elapsed time — and announced through `on_event`, so an editor can say
"Semantic Scholar rate-limited, retrying in 8 s" instead of looking hung.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Awaitable, Callable, Collection, Iterable, Mapping
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from typing import Any, NoReturn
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import httpx

from mathlsp.sources.budget import BudgetSpent, current_budget
from mathlsp.sources.errors import (
    BackendUnavailable,
    HTTPStatusError,
    MalformedResponse,
    RateLimited,
    SourceError,
    TimedOut,
)
from mathlsp.sources.labels import LABELS, label  # noqa: F401  re-exported

# --- events -------------------------------------------------------------------------------


@dataclass(frozen=True)
class RetryScheduled:
    """A request failed transiently and will be sent again after `delay_s`."""

    backend: str
    reason: str  # "rate-limited", "HTTP 503", "timed out", "connection failed"
    delay_s: float
    attempt: int  # the attempt that just failed, 1-based
    max_attempts: int

    @property
    def message(self) -> str:
        return (
            f"{label(self.backend)} {self.reason}, retrying in {_fmt_s(self.delay_s)} "
            f"(attempt {self.attempt + 1} of {self.max_attempts})"
        )


@dataclass(frozen=True)
class GaveUp:
    """Retries are exhausted (count or time budget); the caller gets a typed error."""

    backend: str
    reason: str
    attempts: int

    @property
    def message(self) -> str:
        if self.attempts == 0:  # given up on between requests (it stopped answering)
            return f"{label(self.backend)} {self.reason}"
        tries = "attempt" if self.attempts == 1 else "attempts"
        return f"{label(self.backend)} {self.reason}; gave up after {self.attempts} {tries}"


@dataclass(frozen=True)
class Throttled:
    """The backend's own rate limit makes this request wait (only reported when noticeable)."""

    backend: str
    delay_s: float

    @property
    def message(self) -> str:
        return f"waiting {_fmt_s(self.delay_s)} for {label(self.backend)}'s rate limit"


SourceEvent = RetryScheduled | GaveUp | Throttled
EventCallback = Callable[[SourceEvent], None]


# httpx's class names ("ConnectError") said in words: the line is read by a mathematician.
_TROUBLE = {
    "ConnectError": "no connection",
    "ConnectTimeout": "no connection",
    "ReadError": "the connection broke",
    "WriteError": "the connection broke",
    "RemoteProtocolError": "the connection broke",
    "LocalProtocolError": "the connection broke",
    "ProxyError": "the proxy refused",
    "UnsupportedProtocol": "not an http(s) URL",
    "DecodingError": "an answer that could not be decoded",
}


def connection_trouble(exc: BaseException) -> str:
    """What a transport error means, in words (its class name when it has none)."""
    return _TROUBLE.get(type(exc).__name__, type(exc).__name__)


def _fmt_s(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds >= 1.5 else f"{seconds:.1f} s"


# --- rate limiting ------------------------------------------------------------------------


class RateLimiter:
    """Async minimum-interval limiter: call starts are at least `min_interval` apart.

    Slots are handed out in order under a lock, so concurrent callers queue rather than burst.
    """

    def __init__(self, min_interval: float, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.min_interval = max(0.0, min_interval)
        self._clock = clock
        self._next = 0.0
        self._lock = asyncio.Lock()

    async def wait(self, abort: Callable[[], bool] | None = None) -> float:
        """Wait for the next slot; returns how long this call waited. `abort` is polled while
        waiting: a request queued behind others stops waiting as soon as it says so (the host
        was found down meanwhile)."""
        async with self._lock:
            now = self._clock()
            delay = max(0.0, self._next - now)
            self._next = max(now, self._next) + self.min_interval
        if delay > 0 and abort is None:
            await asyncio.sleep(delay)
        elif delay > 0:
            end = time.monotonic() + delay
            while (left := end - time.monotonic()) > 0 and not abort():
                await asyncio.sleep(min(left, 0.05))
        return delay

    def push_back(self, seconds: float) -> None:
        """After a 429 the server wants quiet: no one gets a slot before `seconds` from now."""
        self._next = max(self._next, self._clock() + seconds)


# --- retry policy -------------------------------------------------------------------------


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 4
    base_delay_s: float = 1.0
    max_delay_s: float = 30.0
    total_timeout_s: float = 60.0
    # Equal jitter: the delay is uniform in [d/2, d], so retries from many clients spread out
    # but a user still gets a predictable "retrying in ~N s".
    jitter: bool = True

    def backoff(self, attempt: int, rng: random.Random | None = None) -> float:
        d = min(self.max_delay_s, self.base_delay_s * (2 ** (attempt - 1)))
        if not self.jitter:
            return d
        return (rng or random).uniform(d / 2, d)


def parse_retry_after(value: str | None, *, now: float | None = None) -> float | None:
    """Seconds from a Retry-After header (delta-seconds or an HTTP date)."""
    if not value:
        return None
    value = value.strip()
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        when = parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, when.timestamp() - (time.time() if now is None else now))


# --- redaction ----------------------------------------------------------------------------

_SECRET_PARAMS = frozenset({"api_key", "apikey", "key", "x-api-key", "token", "access_token"})
# Query parameters that identify the user rather than the request: dropped from URLs that get
# written into notes (mailto/email/tool are politeness metadata, not part of the query).
_PRIVATE_PARAMS = frozenset({"mailto", "email", "tool"})


def redact_url(url: str, secrets: Iterable[str] = (), *, drop_private: bool = True) -> str:
    """`url` without key-like parameters, user contact parameters, or any secret substring."""
    parts = urlsplit(url)
    query = [
        (k, v)
        for k, v in parse_qsl(parts.query, keep_blank_values=True)
        if k.lower() not in _SECRET_PARAMS and not (drop_private and k.lower() in _PRIVATE_PARAMS)
    ]
    out = urlunsplit(parts._replace(query=urlencode(query, safe=":/,|*"), fragment=""))
    return redact_text(out, secrets)


def redact_text(text: str, secrets: Iterable[str]) -> str:
    for secret in secrets:
        if secret and len(secret) >= 4:
            text = text.replace(secret, "[redacted]")
    return text


def build_url(base: str, path: str, params: Mapping[str, Any] | None = None) -> str:
    """`base` + `path` + query string, keeping `:`, `/`, `,`, `|` readable for humans."""
    url = base.rstrip("/") + path
    if params:
        clean = {k: v for k, v in params.items() if v is not None}
        url += "?" + urlencode(clean, safe=":/,|")
    return url


# --- responses ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Response:
    status: int
    headers: Mapping[str, str]
    content: bytes
    url: str  # redacted

    @property
    def content_type(self) -> str:
        return self.headers.get("content-type", "").split(";")[0].strip().lower()

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", errors="replace")

    def looks_like_html(self) -> bool:
        head = self.content[:512].lstrip().lower()
        return self.content_type == "text/html" or head.startswith((b"<!doctype html", b"<html"))

    def json(self, backend: str) -> Any:
        """Parsed JSON or `MalformedResponse` (HTML pages, truncated bodies, wrong types)."""
        return parse_json(self.content, backend, self.url, html=self.looks_like_html())


def parse_json(content: bytes, backend: str, url: str, *, html: bool | None = None) -> Any:
    if html is None:
        head = content[:512].lstrip().lower()
        html = head.startswith((b"<!doctype html", b"<html"))
    if html:
        raise MalformedResponse(
            backend, url, f"{label(backend)} sent an HTML page where JSON was expected"
        )
    try:
        return json.loads(content.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise MalformedResponse(backend, url, f"{label(backend)} sent non-UTF-8 JSON") from exc
    except json.JSONDecodeError as exc:
        cut = exc.msg.startswith("Unterminated") or exc.pos >= len(content.rstrip()) - 1
        what = "truncated" if cut else "invalid"
        raise MalformedResponse(
            backend, url, f"{label(backend)} sent {what} JSON ({exc.msg} at {exc.pos})"
        ) from exc


_RETRY_STATUSES = frozenset({429, 500, 502, 503, 504})


@dataclass
class Fetcher:
    """Sends one backend's requests: rate limit → request → classify → maybe retry."""

    client: httpx.AsyncClient
    backend: str
    limiter: RateLimiter
    policy: RetryPolicy = field(default_factory=RetryPolicy)
    timeout_s: float = 20.0
    on_event: EventCallback | None = None
    secrets: tuple[str, ...] = ()
    headers: Mapping[str, str] = field(default_factory=dict)
    sleep: Callable[[float], Awaitable[None]] = asyncio.sleep
    rng: random.Random = field(default_factory=random.Random)
    #: Only report a rate-limit wait when it is long enough for a user to wonder.
    throttle_report_s: float = 1.0
    #: Counts every HTTP request actually sent (the benchmark reads it).
    requests_sent: int = 0
    #: Circuit breaker: after this many connection failures in a row (refused, DNS, TLS,
    #: timeout) the host counts as down for `down_for_s`, and requests fail at once.
    failures_to_trip: int = 2
    down_for_s: float = 60.0
    #: A backend that has given no usable answer for this long since a request to it first
    #: failed (rate-limited, 5xx, timeouts) counts as down too. There is no limit on a run
    #: as such: a backend that keeps answering, however slowly its rate limit lets it, is waited
    #: for; only one that stopped answering is given up on (its entries stay pending).
    stall_limit_s: float = 60.0
    #: Server errors (500/502/503/504 without Retry-After) get a short probe: the failing
    #: request is retried after the usual backoff, and once the backend has answered nothing
    #: but server errors for this long (or would have by the next retry), it counts as down for
    #: `down_for_s`. A single transient 503 recovers on the retry; a backend answering 503 to
    #: everything costs about this long and one line, not four attempts per request.
    probe_s: float = 1.5
    _failing_since: float | None = None
    _erring_since: float | None = None
    _errors: int = 0
    _failures: int = 0
    _down_until: float = 0.0
    _down_reason: str = ""
    _announced: bool = False

    @property
    def is_down(self) -> bool:
        return time.monotonic() < self._down_until

    def _stalled(self, now: float) -> bool:
        since = self._failing_since
        return since is not None and now - since >= self.stall_limit_s

    def _should_stop(self) -> bool:
        return self.is_down or self._stalled(time.monotonic())

    def _refuse_if_down(self, shown: str) -> None:
        now = time.monotonic()
        if self._stalled(now):
            # Taken for down like an unreachable host: queued requests fail at once, and the
            # backend is asked again once `down_for_s` has passed.
            self._failing_since = None
            self._down_until = now + self.down_for_s
            self._down_reason = f"no usable answer for {_fmt_s(self.stall_limit_s)}"
            self._announced = True
            self.emit(
                GaveUp(
                    self.backend,
                    f"gave {self._down_reason}: not asked again for {_fmt_s(self.down_for_s)}",
                    0,
                )
            )
        if now < self._down_until:
            raise BackendUnavailable(
                self.backend,
                shown,
                f"{label(self.backend)} is {self._down_state} ({self._down_reason}); not asked "
                f"again for {_fmt_s(self._down_until - now)}",
                attempts=0,
            )

    @property
    def _down_state(self) -> str:
        return "unavailable" if self._down_reason.startswith("HTTP") else "unreachable"

    def _server_erred(self, now: float) -> None:
        """Count a server error (the host answered, but only to say it cannot serve)."""
        if self._erring_since is None:
            self._erring_since = now
        self._errors += 1

    def _probe_over(self, now: float, delay: float) -> bool:
        """True when another retry would take a server-error outage past the probe: only
        server errors since the first one, at least one retry already failed, and waiting
        `delay` more would pass `probe_s`."""
        since = self._erring_since
        return since is not None and self._errors >= 2 and now + delay - since >= self.probe_s

    def _take_down(self, error: SourceError, attempt: int, reason: str, for_s: float) -> NoReturn:
        """The backend answers but cannot serve: down for `for_s`, said once, this request
        fails with its real error and every later one at once (`_refuse_if_down`)."""
        error.attempts = attempt
        self._down_until = time.monotonic() + for_s
        self._down_reason = reason
        self._erring_since = None
        self._errors = 0
        if not self._announced:
            self._announced = True
            self.emit(
                GaveUp(self.backend, f"unavailable ({reason}); skipped for {_fmt_s(for_s)}", 0)
            )
        raise error

    def _trip(self, error: SourceError, attempt: int) -> NoReturn:
        """The host is down: say so once per outage, and fail this request with that reason."""
        error.attempts = attempt
        if not self._announced:
            self._announced = True
            self.emit(GaveUp(self.backend, f"unreachable ({self._down_reason})", attempt))
        raise error

    def _connection_failed(self, reason: str) -> bool:
        """Count a connection failure; True when the host is (now) taken for down."""
        self._failures += 1
        if self.is_down:
            return True  # a request that was already in flight when the host went down
        if self._failures < self.failures_to_trip:
            return False
        self._down_until = time.monotonic() + self.down_for_s
        self._down_reason = reason
        self._announced = False
        return True

    def emit(self, event: SourceEvent) -> None:
        if self.on_event is None:
            return
        # A broken progress callback must not break a lookup.
        with contextlib.suppress(Exception):
            self.on_event(event)

    async def request(
        self,
        method: str,
        url: str,
        *,
        params: Mapping[str, Any] | None = None,
        json_body: Any = None,
        ok: Collection[int] = (200,),
    ) -> Response:
        """Send with retries; return a `Response` whose status is in `ok`, or raise SourceError.

        Statuses outside `ok` that are not retryable raise `HTTPStatusError` (its `status` lets
        a backend interpret e.g. 404 as "not found" by passing `ok=(200, 404)` instead).
        """
        full_url = build_url(url, "", params)
        shown = redact_url(full_url, self.secrets)
        start = time.monotonic()
        # The time budget measures the source, not us: time spent queued for our own
        # rate-limit slot (behind other requests to the same backend) is not the source's
        # silence. Requests, retries and the waits a server asks for all count.
        queued = 0.0

        def spent() -> float:
            return time.monotonic() - start - queued

        attempt = 0
        skip_slot = False
        while True:
            attempt += 1
            self._refuse_if_down(shown)
            # A refused connection never reached the server: its retry owes no rate-limit slot.
            slot_asked = time.monotonic()
            waited = 0.0 if skip_slot else await self.limiter.wait(abort=self._should_stop)
            queued += time.monotonic() - slot_asked
            skip_slot = False
            if waited >= self.throttle_report_s and not self._should_stop():
                self.emit(Throttled(self.backend, waited))
            self._refuse_if_down(shown)  # another request may have found the host down meanwhile
            remaining = self.policy.total_timeout_s - spent()
            if self._failing_since is not None:
                remaining = min(
                    remaining, self._failing_since + self.stall_limit_s - time.monotonic()
                )
            if remaining <= 0:
                self.emit(GaveUp(self.backend, "took too long", attempt - 1))
                raise TimedOut(
                    self.backend,
                    shown,
                    f"{label(self.backend)} did not answer in time",
                    attempts=attempt - 1,
                )
            error: SourceError
            retry_after: float | None = None
            budget = current_budget()
            if budget is not None and not budget.try_spend(self.backend):
                # Never sent, so it says nothing about the host: no failure is counted.
                raise BudgetSpent(
                    self.backend,
                    shown,
                    f"{label(self.backend)}: the search's {budget.total}-request budget is spent",
                )
            try:
                self.requests_sent += 1
                resp = await self.client.request(
                    method,
                    full_url,
                    json=json_body,
                    headers=dict(self.headers),
                    timeout=min(self.timeout_s, remaining),
                )
                content = resp.content
            except httpx.TimeoutException:
                error = TimedOut(self.backend, shown, f"{label(self.backend)} timed out")
                reason = "timed out"
                if self._connection_failed(reason):
                    self._trip(error, attempt)
            except (httpx.TransportError, httpx.DecodingError) as exc:
                # Connection refused/reset, DNS, a peer closing mid-body: worth one more try,
                # then the host counts as down (offline, every request would fail the same way).
                what = connection_trouble(exc)
                error = BackendUnavailable(
                    self.backend, shown, f"{label(self.backend)} unreachable ({what})"
                )
                reason = "connection failed"
                skip_slot = True
                if self._connection_failed(what):
                    self._trip(error, attempt)
            else:
                self._failures = 0  # it answered: reachable, whatever it said
                if resp.status_code not in _RETRY_STATUSES or self._down_state == "unreachable":
                    # A server error in flight when the backend was taken for down for server
                    # errors confirms the outage; it does not end it.
                    self._down_until = 0.0
                if resp.status_code not in _RETRY_STATUSES:
                    self._failing_since = None  # a usable answer (a 404 is one)
                    self._announced = False  # a later outage is news again
                if resp.status_code in _RETRY_STATUSES - {429}:
                    self._server_erred(time.monotonic())
                else:
                    self._erring_since = None  # a 429 is the server pacing us, not failing
                    self._errors = 0
                response = Response(
                    resp.status_code,
                    {k.lower(): v for k, v in resp.headers.items()},
                    content,
                    shown,
                )
                if resp.status_code in ok:
                    return response
                status = resp.status_code
                retry_after = parse_retry_after(response.headers.get("retry-after"))
                if status == 429 or (status == 503 and retry_after is not None):
                    self._erring_since = None  # asked to wait, not failing: the 429 rules
                    self._errors = 0
                    error = RateLimited(
                        self.backend,
                        shown,
                        f"{label(self.backend)} rate-limited (HTTP {status})",
                        status=status,
                        retry_after=retry_after,
                    )
                    reason = "rate-limited"
                else:
                    error = HTTPStatusError(
                        self.backend,
                        shown,
                        f"{label(self.backend)} answered HTTP {status}"
                        + _detail(response, self.secrets),
                        status=status,
                    )
                    reason = f"HTTP {status}"
                if status not in _RETRY_STATUSES:
                    raise error
            error.attempts = attempt
            if self._failing_since is None:
                self._failing_since = time.monotonic()
            if attempt >= self.policy.max_attempts:
                self.emit(GaveUp(self.backend, reason, attempt))
                raise error
            delay = self.policy.backoff(attempt, self.rng)
            if retry_after is not None:
                delay = max(delay, retry_after)  # honour the server's wish, never less
            now = time.monotonic()
            elapsed = spent()
            if retry_after is not None and retry_after >= self.policy.total_timeout_s:
                # The server asks for more quiet than any request may wait: every request would
                # fail the same way, so none is sent until the time it named.
                self._take_down(error, attempt, f"HTTP {status}, Retry-After", retry_after)
            if not isinstance(error, RateLimited) and self._probe_over(now, delay):
                self._take_down(error, attempt, reason, self.down_for_s)
            if elapsed + delay >= self.policy.total_timeout_s:
                # Waiting would blow the time budget: fail now with the real reason.
                self.emit(GaveUp(self.backend, reason, attempt))
                raise error
            if isinstance(error, RateLimited):
                # Connection trouble and server errors retry quietly: one line when the backend
                # is given up on; a rate limit is announced, its waits can be long.
                self.emit(
                    RetryScheduled(self.backend, reason, delay, attempt, self.policy.max_attempts)
                )
            if retry_after is not None:
                self.limiter.push_back(delay)
            await self.sleep(delay)


def _detail(response: Response, secrets: Iterable[str]) -> str:
    """A short, safe excerpt of an error body (JSON `error`/`message`), for the message."""
    if response.looks_like_html() or not response.content:
        return ""
    try:
        data = json.loads(response.content.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        text = response.text.strip()
        return f": {redact_text(text[:120], secrets)}" if text and len(text) < 200 else ""
    if isinstance(data, dict):
        msg = data.get("error") or data.get("message")
        if isinstance(msg, list) and msg and isinstance(msg[0], dict):
            msg = msg[0].get("message")
        if isinstance(msg, str):
            return f": {redact_text(msg[:200], secrets)}"
    return ""


# -- keys go to their own host only ---------------------------------------------------------------
def _origin(url: httpx.URL) -> tuple[str, str, int | None]:
    default = {"http": 80, "https": 443}.get(url.scheme)
    return url.scheme, url.host, url.port or default


class SecretGuard:
    """A request hook for the shared client: a header carrying a key (`x-api-key`) is removed
    from any request to another origin than the one the key was configured for.

    httpx follows a redirect with the original headers and strips only `Authorization` when the
    origin changes: a Semantic Scholar answer redirecting elsewhere would hand the user's key
    to that host. The hook runs before every hop of a redirect chain."""

    def __init__(self, allowed: Mapping[str, str]) -> None:
        # header name (lower case) → the base URL whose origin may receive it
        self.allowed = {name.lower(): _origin(httpx.URL(url)) for name, url in allowed.items()}

    async def __call__(self, request: httpx.Request) -> None:
        for name, origin in self.allowed.items():
            if name in request.headers and _origin(request.url) != origin:
                del request.headers[name]


def guard_secrets(client: httpx.AsyncClient, allowed: Mapping[str, str]) -> None:
    """Install (or replace) the client's SecretGuard."""
    hooks = [h for h in client.event_hooks.get("request", []) if not isinstance(h, SecretGuard)]
    client.event_hooks = {**client.event_hooks, "request": [*hooks, SecretGuard(allowed)]}
