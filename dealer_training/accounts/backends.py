"""The authentication backend: Django's ModelBackend, reading a session's user with a query
compiled once.

Every request of a logged-in user reads its user; the read is the ORM's own query on the
primary key (``dealer_training.prepared``), built and compiled once per process instead of on
every request, or, on a page of an organisation, the membership's read (``user_read``). Logging
in, the ``is_active`` checks and permissions are ModelBackend's; a login it refuses is refused
for good (the backends listed after it are not asked).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest

from dealer_training.prepared import Prepared

from .models import User

# What a session logged in through this backend names (django.contrib.auth.BACKEND_SESSION_KEY).
BACKEND_PATH = "dealer_training.accounts.backends.AccountBackend"

# ModelBackend's read of a session's user (settings.AUTH_USER_MODEL is this User).
_USER = Prepared(lambda pk: User._default_manager.filter(pk=pk), pk=int)


# A user row the request has read already (with the membership of the page's organisation): the
# session's user is taken from it instead of being read again, when it is the session's user.
_READ: ContextVar[User | None] = ContextVar("user_read_with_the_request", default=None)


@contextmanager
def user_read(user: User | None) -> Iterator[None]:
    """While inside, :meth:`AccountBackend.get_user` takes ``user`` for its primary key (Django's
    ``get_user`` still checks the session's hash against it and ``is_active``)."""
    token = _READ.set(user)
    try:
        yield
    finally:
        _READ.reset(token)


class AccountBackend(ModelBackend):
    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        if username is None:
            username = kwargs.get(User.USERNAME_FIELD)
        if username is None or password is None:
            return None
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None:
            # The email and password were checked, and refused: the refusal is final. The backend
            # listed after this one (Django's ModelBackend, kept for the sessions that name it)
            # would only check them again, hashing every wrong password twice.
            raise PermissionDenied
        return user

    def get_user(self, user_id: Any) -> User | None:
        read = _READ.get()
        user = read if read is not None and read.pk == user_id else _USER.first(pk=user_id)
        return user if user is not None and self.user_can_authenticate(user) else None
