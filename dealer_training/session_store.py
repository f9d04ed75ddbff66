"""The login sessions: Django's database sessions, read with a query compiled once.

Every request of a logged-in user reads its session row; the read is the ORM's own query on the
session key (``dealer_training.prepared``), and the expiry is checked on the row read, as the
ORM's query checks it in SQL. Writing, expiring and clearing sessions are Django's.
"""

from __future__ import annotations

from typing import Any

from django.contrib.sessions.backends import db
from django.contrib.sessions.models import Session
from django.utils import timezone

from dealer_training.prepared import Prepared

_SESSION = Prepared(lambda session_key: Session.objects.filter(session_key=session_key), session_key=str)


class SessionStore(db.SessionStore):
    def _get_session_from_db(self) -> Any:
        found = _SESSION.first(session_key=self.session_key) if self.session_key else None
        if found is None or found.expire_date <= timezone.now():
            self._session_key = None
            return None
        return found
