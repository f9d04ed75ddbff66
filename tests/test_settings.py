"""Production settings: they refuse to start half-configured, and `check --deploy` is clean."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(__file__).resolve().parent.parent

PROD_ENV = {
    "DJANGO_SETTINGS_MODULE": "dealer_training.settings.prod",
    "DJANGO_SECRET_KEY": "k3Jx9vQ2mZp7Lr4Wt8Yb1Nc6Hd0Fs5Ga2Ue7Io3Pq9Rt4Vw8Xy1Zb6Mn0Lk5Jh2Gf7Ds",
    "DJANGO_ALLOWED_HOSTS": "trainer.example.com",
    "DATABASE_URL": "postgres://trainer:secret@db.internal:5432/trainer",
    "CELERY_BROKER_URL": "redis://broker.internal:6379/0",
    "REDIS_URL": "redis://broker.internal:6379/1",
}


def _manage(*args, env):
    base = {
        key: value for key, value in os.environ.items() if not key.startswith(("DJANGO_", "DATABASE_URL"))
    }
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_with_production_settings_reports_no_issues():
    result = _manage("check", "--deploy", "--fail-level", "DEBUG", env=PROD_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout, result.stdout + result.stderr


@pytest.mark.parametrize(
    "missing", ["DJANGO_SECRET_KEY", "DJANGO_ALLOWED_HOSTS", "DATABASE_URL", "CELERY_BROKER_URL"]
)
def test_production_refuses_to_start_without_a_required_variable(missing):
    env = {key: value for key, value in PROD_ENV.items() if key != missing}
    result = _manage("check", env=env)
    assert result.returncode != 0
    assert f"Set the {missing} environment variable" in result.stderr


def test_production_refuses_to_start_with_debug_on():
    result = _manage("check", env={**PROD_ENV, "DJANGO_DEBUG": "true"})
    assert result.returncode != 0
    assert "production refuses to run with DEBUG enabled" in result.stderr


def test_production_uses_postgresql_redis_backed_by_the_database_cache_and_secure_cookies():
    code = (
        "from django.conf import settings as s; "
        "print(s.DATABASES['default']['ENGINE'], s.CACHES['default']['BACKEND'], "
        "s.CACHES['default']['OPTIONS']['PRIMARY']['BACKEND'], "
        "s.CACHES[s.CACHES['default']['OPTIONS']['FALLBACK']]['BACKEND'], "
        "s.CELERY_TASK_ALWAYS_EAGER, "
        "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_SSL_REDIRECT, s.SECURE_HSTS_SECONDS > 0)"
    )
    result = _manage("shell", "-v", "0", "-c", code, env=PROD_ENV)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "dealer_training.cache.FallbackCache",
        "dealer_training.cache.SharedRedisCache",
        "django.core.cache.backends.db.DatabaseCache",
        "False",
        "True",
        "True",
        "True",
        "True",
    ]


def test_production_falls_back_to_the_database_cache_shared_by_all_processes():
    env = {key: value for key, value in PROD_ENV.items() if key != "REDIS_URL"}
    result = _manage(
        "shell",
        "-v",
        "0",
        "-c",
        "from django.conf import settings as s; print(s.CACHES['default']['BACKEND'])",
        env=env,
    )
    assert result.stdout.strip() == "django.core.cache.backends.db.DatabaseCache", result.stderr


def test_development_defaults_to_sqlite_under_var_and_in_process_tasks(tmp_path):
    code = (
        "from django.conf import settings as s; "
        "db = s.DATABASES['default']; "
        "print(db['ENGINE'], db['NAME'], s.CELERY_TASK_ALWAYS_EAGER, s.DEBUG)"
    )
    env = {"DJANGO_SETTINGS_MODULE": "dealer_training.settings.dev"}
    base = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DJANGO_", "DATABASE_URL", "CELERY_"))
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "shell", "-v", "0", "-c", code],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        timeout=120,
    )
    engine, name, eager, debug = result.stdout.split()
    assert engine == "django.db.backends.sqlite3"
    assert Path(name) == ROOT / "var" / "db.sqlite3"
    assert (eager, debug) == ("True", "True")


def test_the_test_settings_use_a_fast_hasher_and_eager_tasks():
    assert settings.PASSWORD_HASHERS == ["django.contrib.auth.hashers.MD5PasswordHasher"]
    assert settings.CELERY_TASK_ALWAYS_EAGER is True
    assert settings.LANGUAGE_CODE == "ja"
    assert [code for code, _ in settings.LANGUAGES] == ["ja", "en"]


def test_the_tests_run_on_the_database_that_database_url_names(db):
    from django.db import connection

    url = os.environ.get("DATABASE_URL", "")
    expected = "postgresql" if url.startswith(("postgres://", "postgresql://")) else "sqlite"
    assert connection.vendor == expected
