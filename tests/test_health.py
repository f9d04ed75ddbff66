import pytest
from django.db import connection
from django.urls import resolve

from dealer_training.celery import app as celery_app
from dealer_training.infra.access import AccessRule, access_rule_of


def test_health_reports_database_ok_and_eager_tasks(client, db):
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "eager", "cache": "ok"}
    assert "no-store" in response["Cache-Control"]


def test_health_is_public_so_a_load_balancer_reaches_it_without_logging_in(client, db):
    assert access_rule_of(resolve("/health/").func) == AccessRule(kind="public")
    response = client.get("/health/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"


def test_health_reports_a_reachable_broker(client, db, settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    celery_app.conf.broker_url = "memory://"
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["broker"] == "ok"


@pytest.fixture
def unreachable_broker(settings):
    settings.CELERY_TASK_ALWAYS_EAGER = False
    previous = celery_app.conf.broker_url
    # Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    celery_app.conf.broker_url = "redis://127.0.0.1:9/0"
    yield
    celery_app.conf.broker_url = previous


def test_health_answers_503_when_the_broker_is_unreachable(client, db, unreachable_broker):
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "broker": "error", "cache": "ok"}


class _UnreachableDatabase:
    def cursor(self):
        raise connection.Database.OperationalError("connection refused")


def test_health_answers_503_when_the_database_is_unreachable(client, db, monkeypatch):
    # Only the health view's handle is replaced; the test database itself stays usable.
    monkeypatch.setattr("dealer_training.health.connection", _UnreachableDatabase())
    response = client.get("/health/")
    assert response.status_code == 503
    assert response.json()["database"] == "error"
