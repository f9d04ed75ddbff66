"""The shared cache, and how it degrades when it does not answer.

Nothing the app needs to be correct lives in the cache (sessions and login throttling are in the
database); it only saves work. So when the shared cache (Redis) is unreachable, FallbackCache
serves from a second cache (the database cache table) and tries the shared one again after a
pause, instead of failing the request.
"""

import logging
import time
from typing import Any

import environ
from django.core.cache import caches
from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.module_loading import import_string

logger = logging.getLogger(__name__)

# Seconds before a cache that failed is tried again; meanwhile every call goes to the fallback.
RETRY_AFTER_SECONDS = 30
# A Redis server that does not answer within this many seconds counts as down.
REDIS_TIMEOUT_SECONDS = 0.5

DATABASE_CACHE = {"BACKEND": "django.core.cache.backends.db.DatabaseCache", "LOCATION": "django_cache"}

# What a call answers when neither cache does: "nothing cached", "nothing stored".
_NEUTRAL: dict[str, Any] = {
    "add": False,
    "touch": False,
    "delete": False,
    "get_many": {},
    "has_key": False,
    "set_many": [],
    "clear": None,
    "set": None,
    "delete_many": None,
}


def cache_config(url: str) -> dict[str, Any]:
    """CACHES for a REDIS_URL/CACHE_URL: that cache as "default", falling back to the database
    cache table (alias "database", so `createcachetable` creates it); with no URL, the database
    cache table alone."""
    if not url:
        return {"default": dict(DATABASE_CACHE)}
    primary = environ.Env.cache_url_config(url)
    if primary["BACKEND"] == "django.core.cache.backends.redis.RedisCache":
        primary["BACKEND"] = "dealer_training.cache.SharedRedisCache"
        primary.setdefault("OPTIONS", {}).update(
            {"socket_connect_timeout": REDIS_TIMEOUT_SECONDS, "socket_timeout": REDIS_TIMEOUT_SECONDS}
        )
    return {
        "default": {
            "BACKEND": "dealer_training.cache.FallbackCache",
            "OPTIONS": {"PRIMARY": primary, "FALLBACK": "database"},
        },
        "database": dict(DATABASE_CACHE),
    }


class _OneClientPerPool(RedisCacheClient):
    """Django's Redis cache client builds a ``redis.Redis`` for every call (its constructor fills a
    table of some two hundred reply callbacks, most of a cache call's CPU). A client is a thin,
    thread-safe handle on its connection pool: one per pool serves every call."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._clients: dict[int, Any] = {}

    def get_client(self, key: Any = None, *, write: bool = False) -> Any:
        django_client: Any = self  # the two members used are Django's own, not in its type stubs
        pool = django_client._get_connection_pool(write)
        client = self._clients.get(id(pool))
        if client is None:  # the pool lives as long as this client: its id is never reused
            client = self._clients[id(pool)] = django_client._client(connection_pool=pool)
        return client


class SharedRedisCache(RedisCache):
    """Django's Redis cache, with one Redis client per connection pool (see _OneClientPerPool)."""

    def __init__(self, server: str, params: dict[str, Any]) -> None:
        super().__init__(server, params)
        self._class = _OneClientPerPool


def _build(config: dict[str, Any]) -> BaseCache:
    params = dict(config)
    backend = import_string(params.pop("BACKEND"))
    location = params.pop("LOCATION", "")
    cache: BaseCache = backend(location, params)
    return cache


class FallbackCache(BaseCache):
    """Calls the primary cache; when it raises, logs once and uses the fallback for a while."""

    def __init__(self, location: str, params: dict[str, Any]) -> None:
        super().__init__(params)
        options = params.get("OPTIONS", {})
        self.primary = _build(options["PRIMARY"])
        self.fallback_alias: str = options["FALLBACK"]
        self.retry_after = options.get("RETRY_AFTER", RETRY_AFTER_SECONDS)
        self._down_until = 0.0

    @property
    def fallback(self) -> BaseCache:
        return caches[self.fallback_alias]

    @property
    def degraded(self) -> bool:
        return time.monotonic() < self._down_until

    def primary_reachable(self) -> bool:
        """Ask the primary cache directly (for /health/); updates the degraded state."""
        try:
            self.primary.has_key("health-check")
        except Exception:
            logger.warning("cache: the shared cache is unreachable", exc_info=True)
            self._down_until = time.monotonic() + self.retry_after
            return False
        self._down_until = 0.0
        return True

    def _call(self, method: str, *args: Any, **kwargs: Any) -> Any:
        if not self.degraded:
            try:
                return getattr(self.primary, method)(*args, **kwargs)
            except Exception:
                logger.warning(
                    "cache: the shared cache failed; using the fallback for %s s",
                    self.retry_after,
                    exc_info=True,
                )
                self._down_until = time.monotonic() + self.retry_after
        try:
            return getattr(self.fallback, method)(*args, **kwargs)
        except Exception:
            logger.exception("cache: the fallback cache failed too")
            if method in ("incr", "decr"):
                raise ValueError("Key not found in cache") from None
            if method == "get":
                return kwargs.get("default", args[1] if len(args) > 1 else None)
            return _NEUTRAL.get(method)

    def add(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("add", *args, **kwargs)

    def get(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("get", *args, **kwargs)

    def set(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("set", *args, **kwargs)

    def touch(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("touch", *args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("delete", *args, **kwargs)

    def get_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("get_many", *args, **kwargs)

    def has_key(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("has_key", *args, **kwargs)

    def incr(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("incr", *args, **kwargs)

    def decr(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("decr", *args, **kwargs)

    def set_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("set_many", *args, **kwargs)

    def delete_many(self, *args: Any, **kwargs: Any) -> Any:
        return self._call("delete_many", *args, **kwargs)

    def clear(self) -> Any:
        return self._call("clear")

    def close(self, **kwargs: Any) -> None:
        # The fallback is a cache of its own in CACHES; Django closes it.
        try:
            self.primary.close(**kwargs)
        except Exception:
            logger.warning("cache: closing failed", exc_info=True)
