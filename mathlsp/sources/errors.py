"""Typed errors raised inside the source backends.

Modelled on arxiv.py's small hierarchy: every error knows which backend and which (redacted) URL it
came from, and whether trying again later could help. Callers outside `mathlsp.sources` only ever
see these, never an httpx or parser exception.
"""

from __future__ import annotations


class SourceError(Exception):
    """A backend could not answer. `url` is always redacted (no API key)."""

    #: Whether the same request could succeed later (rate limits, outages, timeouts).
    retryable: bool = False

    def __init__(self, backend: str, url: str, message: str, *, attempts: int = 1) -> None:
        super().__init__(message)
        self.backend = backend
        self.url = url
        self.message = message
        self.attempts = attempts

    def __str__(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return f"{type(self).__name__}(backend={self.backend!r}, message={self.message!r})"


class HTTPStatusError(SourceError):
    """The service answered with an unexpected HTTP status."""

    def __init__(
        self, backend: str, url: str, message: str, *, status: int, attempts: int = 1
    ) -> None:
        super().__init__(backend, url, message, attempts=attempts)
        self.status = status
        self.retryable = status >= 500


class RateLimited(HTTPStatusError):
    """HTTP 429 (or a 503 with Retry-After) after the retry budget was spent."""

    retryable = True

    def __init__(
        self,
        backend: str,
        url: str,
        message: str,
        *,
        status: int = 429,
        retry_after: float | None = None,
        attempts: int = 1,
    ) -> None:
        super().__init__(backend, url, message, status=status, attempts=attempts)
        self.retryable = True
        self.retry_after = retry_after


class BackendUnavailable(SourceError):
    """Connection refused/reset, DNS failure, or the server closed the connection."""

    retryable = True


class TimedOut(BackendUnavailable):
    """The request (or the whole retry budget) ran out of time."""


class MalformedResponse(SourceError):
    """The body was not what the API documents: truncated JSON, an HTML page, broken XML…"""


class UnsafeXML(MalformedResponse):
    """XML carrying a DOCTYPE or entity declarations: refused before any parser sees it."""


class BackendDisabled(SourceError):
    """The backend is switched off in the settings."""


class BudgetSpent(SourceError):
    """The search's request budget is spent: the request was never sent (it could be later)."""

    retryable = True
