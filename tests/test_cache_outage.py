"""A shared cache that does not answer (Redis down) must not fail logins or pages."""

import pytest
from django.core.cache import cache
from django.core.management import call_command

from dealer_training.cache import cache_config

# Port 1 on loopback: nothing listens, the connection is refused at once.
DEAD_REDIS = "redis://127.0.0.1:1/0"


@pytest.fixture
def dead_redis_with_fallback(settings, db):
    settings.CACHES = cache_config(DEAD_REDIS)
    call_command("createcachetable", verbosity=0)


@pytest.fixture
def dead_redis_alone(settings, db):
    # What production used to build from REDIS_URL: Redis with nothing behind it.
    settings.CACHES = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": DEAD_REDIS}
    }


@pytest.fixture(autouse=True)
def _empty_cache():
    # Overrides the suite's fixture: clearing a cache that is down is what is under test here.
    return


def _login(client, email, password):
    return client.post(
        "/accounts/login/", {"username": email, "password": password}, HTTP_ACCEPT_LANGUAGE="en"
    )


@pytest.mark.parametrize("cache_fixture", ["dead_redis_alone", "dead_redis_with_fallback"])
def test_logging_in_works_while_the_shared_cache_is_down(request, client, trainee, password, cache_fixture):
    request.getfixturevalue(cache_fixture)
    assert _login(client, "trainee@example.com", "bad").status_code == 422
    response = _login(client, "trainee@example.com", password)
    assert response.status_code == 302
    assert client.get("/o/ginza/").status_code == 200


def test_the_login_lock_holds_while_the_shared_cache_is_down(
    client, trainee, password, dead_redis_with_fallback, settings
):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "trainee@example.com", "bad")
    assert _login(client, "trainee@example.com", password).status_code == 429


def test_the_cache_falls_back_to_the_database_cache_table(dead_redis_with_fallback):
    cache.set("greeting", "hello", 60)
    assert cache.get("greeting") == "hello"
    assert cache.get_or_set("other", lambda: 42) == 42
    assert cache.incr("other") == 43


def test_health_reports_a_degraded_cache_and_stays_ready(client, dead_redis_with_fallback):
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "degraded", "database": "ok", "broker": "eager", "cache": "degraded"}


def test_health_reports_a_reachable_shared_cache(client, settings, db):
    settings.CACHES = cache_config("redis://127.0.0.1:6379/15")
    call_command("createcachetable", verbosity=0)
    response = client.get("/health/")
    assert response.status_code == 200
    assert response.json()["cache"] == "ok"
