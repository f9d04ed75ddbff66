"""Every named page's address leads back to that page: no pattern listed earlier in the URL conf
takes another's address (the conf lists the apps mounted under a prefix of their own before those
mounted at the root)."""

from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

SAMPLES = {"int": "7", "slug": "ginza", "str": "sample"}


def _named(patterns, namespace="", prefix=""):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            if pattern.namespace == "admin":
                continue
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from _named(pattern.url_patterns, inner, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield f"{namespace}{pattern.name}", prefix + str(pattern.pattern)


def test_every_named_page_resolves_to_itself():
    checked = 0
    for name, route in _named(get_resolver().url_patterns):
        kwargs = {}
        for part in route.split("<")[1:]:
            spec = part.split(">")[0]
            converter, _, argument = spec.rpartition(":")
            kwargs[argument] = SAMPLES[converter or "str"]
        url = reverse(name, kwargs=kwargs)
        match = resolve(url)
        assert match.view_name == name, (url, match.view_name)
        checked += 1
    assert checked > 50
