"""Work-done progress for long jobs, as an async context manager.

Usage::

    try:
        async with work_done_progress(server, "Verifying references") as progress:
            for i, ref in enumerate(refs):
                progress.report(f"{ref.id} ({i + 1}/{len(refs)})", percentage=100 * i // len(refs))
                await verify(ref)
    except WorkCancelled:
        return  # the user pressed cancel: nothing was applied

- `$/progress` begin/report/end are sent only when the client advertises
  `window.workDoneProgress`; the token is first created with `window/workDoneProgress/create`
  (or a client-initiated `token=` from the request's `workDoneToken` is used as is). Otherwise
  the helper is a silent no-op, so callers never branch on capabilities.
- Cancellable: `window/workDoneProgress/cancel` for the token cancels the task running the
  `async with` block (an asyncio cancellation at its next `await`). Like `asyncio.timeout`, the
  manager turns its own cancellation into an exception — `WorkCancelled` — and leaves the task
  un-cancelled, so the caller can tell the user and return normally. Any other exception (and a
  cancellation coming from elsewhere) ends the progress and propagates unchanged.
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from types import TracebackType
from typing import TYPE_CHECKING, Any

from lsprotocol import types
from pygls.capabilities import get_capability

if TYPE_CHECKING:
    from mathlsp.features.server import MathLanguageServer

log = logging.getLogger(__name__)

CREATE_TIMEOUT_S = 5.0


class WorkCancelled(Exception):
    """The user cancelled the job through its progress notification."""


def supports_progress(server: MathLanguageServer) -> bool:
    return bool(get_capability(server.client_capabilities, "window.work_done_progress", False))


class WorkDoneProgress:
    """See the module docstring; create it with `work_done_progress(...)`."""

    def __init__(
        self,
        server: MathLanguageServer,
        title: str,
        *,
        cancellable: bool = True,
        message: str | None = None,
        token: types.ProgressToken | None = None,
    ) -> None:
        self.server = server
        self.title = title
        self.cancellable = cancellable
        self.message = message
        self.token: types.ProgressToken | None = token
        self.active = False  # begin was sent
        self.cancelled = False  # the user asked to cancel
        self.end_message: str | None = None  # set before leaving to say how it ended
        self._given_token = token is not None
        self._task: asyncio.Task[Any] | None = None

    # -- reporting ----------------------------------------------------------------------------
    def report(self, message: str | None = None, percentage: int | None = None) -> None:
        if not self.active or self.token is None:
            return
        if percentage is not None:
            percentage = max(0, min(100, int(percentage)))
        self._send(
            lambda p, t: p.report(
                t, types.WorkDoneProgressReport(message=message, percentage=percentage)
            )
        )

    def _send(self, fn: Any) -> None:
        try:
            fn(self.server.work_done_progress, self.token)
        except Exception as exc:  # the client went away: the job itself carries on
            log.debug("progress notification failed: %s", exc)

    # -- context manager ----------------------------------------------------------------------
    async def __aenter__(self) -> WorkDoneProgress:
        self._task = asyncio.current_task()
        if not supports_progress(self.server) and not self._given_token:
            return self
        progress = self.server.work_done_progress
        if self.token is None:
            token = f"mathlsp-{uuid.uuid4().hex}"
            try:
                await asyncio.wait_for(progress.create_async(token), CREATE_TIMEOUT_S)
            except Exception as exc:  # refused or no answer: work without a progress bar
                log.info("window/workDoneProgress/create failed: %s", exc)
                return self
            self.token = token
        begin = types.WorkDoneProgressBegin(
            title=self.title, cancellable=self.cancellable, message=self.message, percentage=0
        )
        self._send(lambda p, t: p.begin(t, begin))
        self.active = True
        future = progress.tokens.get(self.token)
        if self.cancellable and future is not None and self._task is not None:
            loop = asyncio.get_running_loop()
            future.add_done_callback(
                lambda f: loop.call_soon_threadsafe(self._on_cancel) if f.cancelled() else None
            )
        return self

    def _on_cancel(self) -> None:
        if self.active and self._task is not None and not self._task.done():
            self.cancelled = True
            self._task.cancel()

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> bool:
        if self.cancelled and exc_type is None:
            # Cancelled while the block finished without awaiting again: the cancellation is
            # still pending on the task. Take it here; the user asked for the job to stop.
            try:
                await asyncio.sleep(0)
            except asyncio.CancelledError:
                exc_type = asyncio.CancelledError
        ours = self.cancelled and exc_type is asyncio.CancelledError
        if self.active:
            if ours:
                message = "Cancelled"
            elif exc_type is not None:
                message = self.end_message or "Failed"
            else:
                message = self.end_message or "Done"
            self._send(lambda p, t: p.end(t, types.WorkDoneProgressEnd(message=message)))
            self.active = False
        if self.token is not None:
            self.server.work_done_progress.tokens.pop(self.token, None)
        if ours:
            assert self._task is not None
            self._task.uncancel()
            raise WorkCancelled(f"{self.title}: cancelled")
        return False


def work_done_progress(
    server: MathLanguageServer,
    title: str,
    *,
    cancellable: bool = True,
    message: str | None = None,
    token: types.ProgressToken | None = None,
) -> WorkDoneProgress:
    """An async context manager reporting `$/progress` for a job (see the module docstring).
    `token`: a client-initiated `workDoneToken` from the request, used instead of creating one."""
    return WorkDoneProgress(server, title, cancellable=cancellable, message=message, token=token)
