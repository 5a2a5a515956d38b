"""Django settings, every one from the environment.

- ``PALMARES_SECRET_KEY`` (required unless ``PALMARES_DEBUG`` is on), ``PALMARES_DEBUG`` (off by
  default), ``PALMARES_ALLOWED_HOSTS`` (comma separated; loopback by default).
- ``DATABASE_URL`` (``postgresql://user:pass@host:port/name``) selects PostgreSQL; otherwise the
  SQLite file ``PALMARES_DB`` (default ``./palmares.sqlite3``).
- ``PALMARES_HTTPS`` (on in production behind TLS) turns on secure cookies, HSTS and the redirect.
- ``REDIS_URL`` (``redis://host:port/db``): the page cache (and the login throttle's counts) in
  Redis, shared by every web process; ``PALMARES_CACHE_PREFIX`` keeps sites (or test runs) on
  one Redis apart. Without it, each process keeps its own cache in memory.
- ``DATABASE_REPLICA_URL`` (``postgresql://…``, a streaming standby of ``DATABASE_URL``): the
  anonymous visitors' reads go there (``lib.replica``); ``PALMARES_REPLICA_PIN_SECONDS`` (10)
  is how long a visitor who wrote reads the primary. See docs/deploy.md.
- Long work (imports through the site, recomputes) runs in a job queue (Django's Tasks framework,
  the ``django-tasks`` backport, its database backend): ``palmares worker`` runs it.
  ``PALMARES_JOBS_DIR`` (default ``./palmares-jobs``) keeps uploaded files until their job has
  run and, without ``REDIS_URL``, the jobs' progress; ``PALMARES_JOB_ATTEMPTS`` (2) is how many
  times a job whose worker died is run before it is marked failed;
  ``PALMARES_JOB_STALE_SECONDS`` (60) how long a running job may go without a heartbeat before
  its worker is taken for dead; ``PALMARES_JOB_FILES_DAYS`` (7) how long the files jobs wrote
  (WDD exports) are kept for download (``web.jobs``).
"""

from __future__ import annotations

from datetime import timedelta
from importlib.util import find_spec
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

from palmares.web.lib.env import database_from_env, env_bool, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent
# django-ninja's own swagger page and files, served from here (no CDN) without making it an app:
# an app is imported by every command that starts Django, and ninja brings pydantic (0.2 s).
# ``api.LocalSwagger`` renders its local template.
_ninja = find_spec("ninja")
if _ninja is None or not _ninja.submodule_search_locations:
    raise ImproperlyConfigured("django-ninja is not installed")
NINJA = Path(next(iter(_ninja.submodule_search_locations)))

DEBUG = env_bool("PALMARES_DEBUG", False)
# Without PALMARES_SECRET_KEY (and DEBUG off) the key stays empty and Django refuses to sign
# anything: the site fails loudly instead of running on a guessable key.
SECRET_KEY = env_str("PALMARES_SECRET_KEY")
if not SECRET_KEY and DEBUG:
    SECRET_KEY = "insecure-development-key-only-used-with-PALMARES_DEBUG"

ALLOWED_HOSTS = env_list("PALMARES_ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("PALMARES_CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "palmares.web.players",
    "palmares.web.events",
    "palmares.web.ratinglists",
    "palmares.web.tournaments",
    "palmares.web.audit",
    "palmares.web.chaosgames",
    "palmares.web.tantrixdb",
    "palmares.web.wizarddb",
    "palmares.web.accounts",
    "palmares.web.clock",
    "palmares.web.ui",
    "palmares.web.api",
    "django_tasks",
    "django_tasks_db",
    "palmares.web.jobs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # Pages compressed for phones; Django masks the CSRF token and pads the gzip header per
    # response (its BREACH mitigation). Static files come compressed already (whitenoise).
    "django.middleware.gzip.GZipMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "palmares.web.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [NINJA / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.i18n",
            ],
        },
    },
]
WSGI_APPLICATION = "palmares.web.wsgi.application"
ASGI_APPLICATION = "palmares.web.asgi.application"

DATABASES = {"default": database_from_env()}
# A read replica for the public pages (lib.replica): reads routed there only by the middleware,
# for anonymous GETs; in a test run it stands for the test database's own standby (MIRROR).
DATABASE_REPLICA_READS = bool(env_str("DATABASE_REPLICA_URL").strip())
DATABASE_REPLICA_PIN_SECONDS = int(env_str("PALMARES_REPLICA_PIN_SECONDS", "10"))
if DATABASE_REPLICA_READS:
    if not env_str("DATABASE_URL").strip():
        raise ImproperlyConfigured("DATABASE_REPLICA_URL needs DATABASE_URL (its primary)")
    DATABASES["replica"] = {
        **database_from_env("DATABASE_REPLICA_URL"),
        "TEST": {"MIRROR": "default"},
    }
    DATABASE_ROUTERS = ["palmares.web.lib.replica.ReplicaRouter"]
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("fr", _("French"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
USE_TZ = True
TIME_ZONE = "UTC"

STATIC_URL = "/static/"
# `palmares serve` collects the static files into STATIC_ROOT (PALMARES_STATIC_ROOT, default
# ./staticfiles) with content-hashed names, gzip and brotli copies: browsers keep them for a year.
# Until they are collected, whitenoise serves them from the app folders (finders).
STATIC_ROOT: str | None = env_str("PALMARES_STATIC_ROOT") or str(Path.cwd() / "staticfiles")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "palmares.web.lib.static.HashedStaticStorage"},
}
WHITENOISE_USE_FINDERS = True
STATICFILES_DIRS = [NINJA / "static"]  # the API docs' files (served from there, not collected)
# A server worker loads the rating kernels as it starts (ratinglists/warm.py); off: at the first
# upload.
WARM_UP = env_bool("PALMARES_WARM_UP", True)

# Security: safe defaults everywhere; the TLS-only ones follow PALMARES_HTTPS.
HTTPS = env_bool("PALMARES_HTTPS", False)
SECURE_SSL_REDIRECT = HTTPS
SESSION_COOKIE_SECURE = HTTPS
CSRF_COOKIE_SECURE = HTTPS
SECURE_HSTS_SECONDS = 31536000 if HTTPS else 0
SECURE_HSTS_INCLUDE_SUBDOMAINS = HTTPS
SECURE_HSTS_PRELOAD = HTTPS
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https") if HTTPS else None
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("PALMARES_LOG_LEVEL", "WARNING")},
}


# Rendered pages are cached keyed by the data generations (lib.generations), read from the
# primary database on every request, so a write is seen at once by every process. Per process
# in memory by default; with REDIS_URL in Redis, shared: a page built by one process is a hit
# in every other.
REDIS_URL = env_str("REDIS_URL").strip()
CACHES: dict[str, dict[str, object]] = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "TIMEOUT": 3600,
        "OPTIONS": {"MAX_ENTRIES": 20000},
    }
}
if REDIS_URL:
    CACHES["default"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "TIMEOUT": 3600,
        "KEY_PREFIX": env_str("PALMARES_CACHE_PREFIX", "palmares"),
    }

# The job queue (issue 37; web.jobs): jobs are rows of the database (django-tasks-db), so the
# default needs no server; ``palmares worker`` runs them. Their progress goes through a cache
# that every process sees: Redis with REDIS_URL, else files in PALMARES_JOBS_DIR (one machine).
TASKS = {
    "default": {
        "BACKEND": "django_tasks_db.DatabaseBackend",
        "QUEUES": ["default"],
    }
}
JOBS_DIR = Path(env_str("PALMARES_JOBS_DIR", "palmares-jobs")).resolve()
JOB_ATTEMPTS = int(env_str("PALMARES_JOB_ATTEMPTS", "2"))
JOB_STALE_SECONDS = float(env_str("PALMARES_JOB_STALE_SECONDS", "60"))
JOB_FILES_DAYS = float(env_str("PALMARES_JOB_FILES_DAYS", "7"))
CACHES["jobs"] = {
    "BACKEND": "django.core.cache.backends.filebased.FileBasedCache",
    "LOCATION": str(JOBS_DIR / "progress"),
    "TIMEOUT": 7 * 24 * 3600,
}
if REDIS_URL:
    CACHES["jobs"] = {
        "BACKEND": "django.core.cache.backends.redis.RedisCache",
        "LOCATION": REDIS_URL,
        "TIMEOUT": 7 * 24 * 3600,
        "KEY_PREFIX": env_str("PALMARES_CACHE_PREFIX", "palmares") + ":jobs",
    }

# Hardening (issue 13). Every answer carries the security headers (outermost middleware); a
# request past its size limit or with a NUL in its address is refused before a view reads it
# (after the language is chosen, so the refusal is in the visitor's language).
MIDDLEWARE.insert(0, "palmares.web.lib.headers.SecurityHeadersMiddleware")
# Outermost: an anonymous visitor's cached page answered whole, before the stack (ui.earlycache)
MIDDLEWARE.insert(0, "palmares.web.ui.earlycache.EarlyPageMiddleware")
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.locale.LocaleMiddleware") + 1,
    "palmares.web.lib.limits.RequestLimitsMiddleware",
)
# Every refusal under /api/ is JSON with "detail", the ones Django answers too (web.api.refusals).
MIDDLEWARE.insert(
    MIDDLEWARE.index("django.middleware.locale.LocaleMiddleware") + 1,
    "palmares.web.api.refusals.JsonRefusals",
)
# Who reads the replica is known once the visitor is (lib.replica).
if DATABASE_REPLICA_READS:
    MIDDLEWARE.insert(
        MIDDLEWARE.index("django.contrib.auth.middleware.AuthenticationMiddleware") + 1,
        "palmares.web.lib.replica.ReplicaMiddleware",
    )
# A body other than an upload (JSON for the API, a form) up to 2.5 MB; an upload's own limit
# is PALMARES_MAX_UPLOAD_MB (lib/limits.py). Files past 2.5 MB are spooled to disk, not memory.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_621_440
DATA_UPLOAD_MAX_NUMBER_FIELDS = 1000

# Login throttling (django-axes): failed logins are counted in the database, so every process
# of the site sees them; after AXES_FAILURE_LIMIT failures from one address for one username,
# that pair is refused (429, ui/locked_out.html) for AXES_COOLOFF_TIME, the right password
# included. A successful login resets the count.
INSTALLED_APPS.append("axes")
MIDDLEWARE.append("axes.middleware.AxesMiddleware")
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["ip_address", "username"]]
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_TEMPLATE = "ui/locked_out.html"
AXES_VERBOSE = False
AXES_USERNAME_CALLABLE = "palmares.web.lib.throttle.username"
# With Redis, the failures are counted there instead (shared by every process as well, and a
# failed login writes nothing to the database).
if REDIS_URL:
    AXES_HANDLER = "axes.handlers.cache.AxesCacheHandler"
