"""Work a web request leaves for after its response has gone out.

Django sends ``request_finished`` once the WSGI server has written the response's last byte and
closes it; what a request defers runs then, so that the trainee does not wait for it (the
follow-ups' broker round trips: ``queueing.send_on_commit_coalesced``). Outside a web request (a
worker, a command), and where Django sends a request's signals in a context of its own (under
ASGI, from another thread's copy of the context), nothing collects: deferred work runs at once.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

logger = logging.getLogger(__name__)

_pending: ContextVar[list[Callable[[], None]] | None] = ContextVar("after_response", default=None)


def defer(call: Callable[[], None]) -> None:
    """Run ``call`` once this web request's response has gone out; at once outside one."""
    pending = _pending.get()
    if pending is None:
        call()
    else:
        pending.append(call)


def request_started(**kwargs: Any) -> None:
    """Django's request_started: collect what this request defers (and run what a request whose
    response never closed left behind)."""
    request_finished()
    _pending.set([])


def request_finished(**kwargs: Any) -> None:
    """Django's request_finished: run what the request deferred, each whatever the others do."""
    pending = _pending.get()
    _pending.set(None)
    for call in pending or ():
        try:
            call()
        except Exception:
            logger.exception("work deferred to after the response failed")
