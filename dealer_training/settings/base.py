"""Settings shared by every environment. dev, test and prod import this and adjust it."""

from datetime import timedelta
from pathlib import Path

import django_stubs_ext
import environ
from celery.schedules import crontab
from django.utils.translation import gettext_lazy as _

# Django's generic classes (ModelAdmin, ModelForm, QuerySet ...) take type arguments at run time.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent.parent

env = environ.Env()

DEBUG = False
ALLOWED_HOSTS: list[str] = []

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.humanize",
    "django_htmx",
    "template_partials",
    "axes",
    # Project apps, in dependency order: seed_demo runs their demo steps in this order.
    "dealer_training.infra",
    "dealer_training.accounts",
    "dealer_training.scenarios",
    "dealer_training.drills",
    "dealer_training.progress",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "dealer_training.middleware.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "dealer_training.middleware.BadInputMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "dealer_training.middleware.DatabaseUnavailableMiddleware",
    # Last, so it sees the response of every view: turns a locked-out login into a clear 429 page.
    "axes.middleware.AxesMiddleware",
]

ROOT_URLCONF = "dealer_training.urls"
WSGI_APPLICATION = "dealer_training.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "dealer_training.accounts.context_processors.navigation",
            ],
            "builtins": ["django.templatetags.i18n"],
        },
    },
]

DATABASES = {
    "default": env.db("DATABASE_URL", default=f"sqlite:///{BASE_DIR / 'var' / 'db.sqlite3'}"),
}
# The embedded default: two answers written at the same moment wait for each other (a writer
# takes the lock when its transaction begins, and waits up to 20 s for it) instead of failing
# with "database is locked".
SQLITE_OPTIONS = {"transaction_mode": "IMMEDIATE", "timeout": 20}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(SQLITE_OPTIONS)
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_USER_MODEL = "accounts.User"
LOGIN_URL = "accounts:login"
LOGIN_REDIRECT_URL = "accounts:choose_org"
LOGOUT_REDIRECT_URL = "accounts:login"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

# Login throttling (django-axes): failed logins are recorded in the database, so a lock holds
# when the cache is down and counts across every web process. AXES_FAILURE_LIMIT failures within
# AXES_COOLOFF_TIME lock the account for every client address, and lock the client address for
# every account; both the app login and the admin login are covered. A successful login clears
# only the failures of that account from that address (dealer_training.accounts.throttle).
AUTHENTICATION_BACKENDS = [
    # First: refuses a locked-out login before any password is checked.
    "axes.backends.AxesStandaloneBackend",
    # Logs in, and reads a session's user with a query compiled once; sessions name it.
    "dealer_training.accounts.backends.AccountBackend",
    # Named by the sessions logged in before the backend above: kept so they still find their
    # user. Never asked to log in (the backend above refuses wrong passwords for good).
    "django.contrib.auth.backends.ModelBackend",
]
AXES_HANDLER = "dealer_training.accounts.throttle.LoginAttemptHandler"
AXES_LOCKOUT_PARAMETERS = ["username", "ip_address"]
AXES_FAILURE_LIMIT = 10
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_RESET_ON_SUCCESS = True
# A lock lasts AXES_COOLOFF_TIME from the failure that set it, as the locked-out page says.
AXES_RESET_COOL_OFF_ON_FAILURE_DURING_LOCKOUT = False
# Failures are what the locks need; successful logins are not kept (the table would only grow).
AXES_DISABLE_ACCESS_LOG = True
AXES_VERBOSE = False
AXES_USERNAME_FORM_FIELD = "username"
AXES_USERNAME_CALLABLE = "dealer_training.accounts.throttle.login_username"
AXES_CLIENT_IP_CALLABLE = "dealer_training.accounts.throttle.client_ip"
AXES_LOCKOUT_CALLABLE = "dealer_training.accounts.throttle.lockout_response"
AXES_HTTP_RESPONSE_CODE = 429
# How many reverse proxies in front of the app append to X-Forwarded-For (0: use REMOTE_ADDR).
TRUSTED_PROXY_COUNT = env.int("DJANGO_TRUSTED_PROXY_COUNT", default=0)

# Invites expire after this many days unless used first.
INVITE_VALID_DAYS = 7

LANGUAGE_CODE = "ja"
LANGUAGES = [("ja", _("Japanese")), ("en", _("English"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Asia/Tokyo"
USE_TZ = True

STATIC_URL = "/static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = BASE_DIR / "var" / "staticfiles"

# Generated files (CSV exports). Several machines must share this folder (or a storage backend).
MEDIA_ROOT = env.path("DJANGO_MEDIA_ROOT", default=BASE_DIR / "var" / "media")
MEDIA_URL = "/media/"
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

CACHES = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "dealer-training"},
}

EMAIL_CONFIG = env.email("EMAIL_URL", default="consolemail://")
vars().update(EMAIL_CONFIG)
DEFAULT_FROM_EMAIL = env("DJANGO_DEFAULT_FROM_EMAIL", default="Stud Dealer Trainer <noreply@localhost>")

# Celery: eager (tasks run in the web process) unless a broker is configured.
CELERY_BROKER_URL = env("CELERY_BROKER_URL", default="")
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
# A task whose worker process dies (SIGKILL, out of memory) goes back to the queue instead of
# being acknowledged as failed; imports and exports bound how often one job is started
# (JOBS_MAX_RUNS) so that a task that kills its worker cannot loop forever.
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
# Every task is stopped after these many seconds: first SoftTimeLimitExceeded is raised in it (a
# chance to clean up), then, if it still runs, its worker process is killed. Imports and exports
# have longer limits of their own (JOBS_*_TIME_LIMIT below).
CELERY_TASK_SOFT_TIME_LIMIT = env.int("CELERY_TASK_SOFT_TIME_LIMIT", default=240)
CELERY_TASK_TIME_LIMIT = env.int("CELERY_TASK_TIME_LIMIT", default=300)
# Workers log through Django's LOGGING (dealer_training.celery), not a root logger of their own.
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
# Web: a client that reads nothing for this many seconds is dropped (dealer_training.wsgi), and
# "Download now" streams at most this many rows; bigger exports are prepared in the background.
WEB_CLIENT_TIMEOUT = env.int("WEB_CLIENT_TIMEOUT", default=30)
EXPORT_STREAM_MAX_ROWS = env.int("EXPORT_STREAM_MAX_ROWS", default=50_000)
# Imports and exports (dealer_training.jobs): a job whose progress has not moved for this many
# seconds is taken to have lost its worker; it is queued again up to JOBS_MAX_RUNS runs in all,
# then failed with a message. Progress is written at least every file / 1,000 rows.
JOBS_STALLED_AFTER = env.int("JOBS_STALLED_AFTER", default=600)
JOBS_MAX_RUNS = env.int("JOBS_MAX_RUNS", default=3)
# An import or export running longer than this is stopped and failed with a message (its
# partial file removed); the hard limit, a minute later, kills a run that ignores the soft one.
JOBS_SOFT_TIME_LIMIT = env.int("JOBS_SOFT_TIME_LIMIT", default=1800)
JOBS_TIME_LIMIT = env.int("JOBS_TIME_LIMIT", default=JOBS_SOFT_TIME_LIMIT + 60)
# Scheduled tasks, run by the single `celery beat` process.
CELERY_BEAT_SCHEDULE = {
    "scenarios-imports-recover-stalled": {
        "task": "dealer_training.scenarios.tasks.imports_recover_stalled",
        "schedule": 60.0,
    },
    "progress-exports-recover-stalled": {
        "task": "dealer_training.progress.tasks.exports_recover_stalled",
        "schedule": 60.0,
    },
    # Rollups are kept current after each attempt; the nightly rebuild recomputes them all from
    # the attempts (a safety net for lost messages, and mastery dates under changed bars).
    # Tasks that could not be queued while the broker was down are sent once it is back.
    "infra-send-unsent": {"task": "dealer_training.infra.tasks.send_unsent", "schedule": 60.0},
    # Each answer's review is counted after the commit; answers whose catch-up was lost are swept up.
    "drills-review-catch-up-stale": {
        "task": "dealer_training.drills.tasks.review_catch_up_stale",
        "schedule": 120.0,
    },
    "scenarios-trash-purge-nightly": {
        "task": "dealer_training.scenarios.tasks.trash_purge",
        "schedule": crontab(hour=3, minute=10),
    },
    "progress-rollups-rebuild-nightly": {
        "task": "dealer_training.progress.tasks.rollups_rebuild_all",
        "schedule": crontab(hour=3, minute=30),
    },
}

# Content Security Policy (dealer_training.middleware): no inline script or style anywhere.
CONTENT_SECURITY_POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],
    "style-src": ["'self'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "connect-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
}

X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
# Django's database sessions, read with a query compiled once (dealer_training.session_store).
SESSION_ENGINE = "dealer_training.session_store"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("DJANGO_LOG_LEVEL", default="INFO")},
}
