"""Production: everything that differs between installations comes from the environment.

Required: DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DATABASE_URL, CELERY_BROKER_URL.
Optional: REDIS_URL or CACHE_URL (shared cache, backed by the database cache table; default: that table),
EMAIL_URL, DJANGO_CSRF_TRUSTED_ORIGINS, DJANGO_SECURE_SSL_REDIRECT, DJANGO_HSTS_SECONDS,
DJANGO_TRUSTED_PROXY_COUNT, DJANGO_LOG_LEVEL.
"""

from django.core.exceptions import ImproperlyConfigured

from dealer_training.cache import cache_config

from .base import *  # noqa: F403
from .base import env


def _required(name: str) -> str:
    value: str = env.str(name, default="").strip()
    if not value:
        raise ImproperlyConfigured(
            f"Set the {name} environment variable; production refuses to start without it."
        )
    return value


if env.bool("DJANGO_DEBUG", default=False):
    raise ImproperlyConfigured("DJANGO_DEBUG is on: production refuses to run with DEBUG enabled.")
DEBUG = False

SECRET_KEY = _required("DJANGO_SECRET_KEY")
ALLOWED_HOSTS = [host.strip() for host in _required("DJANGO_ALLOWED_HOSTS").split(",") if host.strip()]
CSRF_TRUSTED_ORIGINS = env.list(
    "DJANGO_CSRF_TRUSTED_ORIGINS", default=[f"https://{h}" for h in ALLOWED_HOSTS]
)

DATABASES = {"default": env.db_url_config(_required("DATABASE_URL"))}
DATABASES["default"]["CONN_MAX_AGE"] = env.int("DJANGO_CONN_MAX_AGE", default=60)
DATABASES["default"]["CONN_HEALTH_CHECKS"] = True

CELERY_BROKER_URL = _required("CELERY_BROKER_URL")
CELERY_TASK_ALWAYS_EAGER = False

# One cache for all web processes. It only saves work (sessions and login throttling live in the
# database): when Redis does not answer, the database cache table stands in (dealer_training.cache).
CACHES = cache_config(env.str("CACHE_URL", default="") or env.str("REDIS_URL", default=""))

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env.bool("DJANGO_SECURE_SSL_REDIRECT", default=True)
# The health check is probed over plain HTTP by load balancers inside the network.
SECURE_REDIRECT_EXEMPT = [r"^health/$"]
SECURE_HSTS_SECONDS = env.int("DJANGO_HSTS_SECONDS", default=60 * 60 * 24 * 365)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True
