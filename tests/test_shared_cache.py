"""The shared cache's Redis backend reuses one Redis client per connection pool."""

from unittest import mock

import redis

from dealer_training.cache import SharedRedisCache

REDIS = "redis://127.0.0.1:6379/15"


def test_every_call_goes_through_one_client_of_the_pool():
    cache = SharedRedisCache(REDIS, {"KEY_PREFIX": "shared-cache-test"})
    built = []
    real_init = redis.Redis.__init__

    def counting_init(self, *args, **kwargs):
        built.append(self)
        real_init(self, *args, **kwargs)

    with mock.patch.object(redis.Redis, "__init__", counting_init):
        cache.delete("mark")
        assert cache.add("mark", 1, timeout=30) is True
        assert cache.add("mark", 2, timeout=30) is False
        assert cache.get("mark") == 1
        cache.set("other", {"a": 1}, timeout=30)
        assert cache.get_many(["mark", "other"]) == {"mark": 1, "other": {"a": 1}}
        cache.delete_many(["mark", "other"])
        assert cache.get("mark") is None
    assert len(built) == 1
    assert cache._cache.get_client(write=True) is cache._cache.get_client()
