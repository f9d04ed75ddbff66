"""WSGI entry point (gunicorn dealer_training.wsgi; gunicorn.conf.py holds the server settings)."""

import os
from collections.abc import Callable, Iterable
from typing import Any

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "dealer_training.settings.prod")


class ClientTimeout:
    """Drop a client that reads (or sends) nothing for ``seconds`` while its request is served.

    gunicorn's sockets block without a limit: a client that stops reading a streamed CSV holds
    its web thread for ever. With a timeout the write fails after ``seconds`` without progress
    and gunicorn closes the connection; gunicorn resets the socket for the next request.
    """

    def __init__(self, app: Callable[..., Iterable[bytes]], seconds: float) -> None:
        self.app = app
        self.seconds = seconds

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        sock = environ.get("gunicorn.socket")
        if sock is not None and self.seconds > 0:
            sock.settimeout(self.seconds)
        return self.app(environ, start_response)


def _client_timeout() -> float:
    from django.conf import settings

    return float(getattr(settings, "WEB_CLIENT_TIMEOUT", 30))


application = ClientTimeout(get_wsgi_application(), _client_timeout())
