"""``links.url_of`` gives what ``reverse()`` gives, for every argument, prefix and URL conf."""

import pytest
from django.urls import NoReverseMatch, reverse, set_script_prefix, set_urlconf

from dealer_training.links import url_of

CASES = [
    ("drills:deck", ("ginza",)),
    ("drills:answer", ("ginza", 12)),
    ("drills:answer", ("ginza", 0)),
    ("drills:play", ("my-card_room2", 98_765)),
    ("drills:result", ("ginza", 3)),
    ("drills:question", ("ginza", 7)),
    # Digits given as text where a number is taken: left to reverse(), which takes them.
    ("drills:answer", ("ginza", "12")),
]


@pytest.mark.parametrize(("name", "args"), CASES)
def test_the_same_url_as_reverse(name, args):
    assert url_of(name, *args) == reverse(name, args=args)
    assert url_of(name, *args) == reverse(name, args=args)  # made once, then from the parts


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("drills:answer", ("ginza", -1)),
        ("drills:answer", ("ginza", "twelve")),
        ("drills:answer", ("ginza", True)),
        ("drills:answer", ("a/b", 1)),
        ("drills:deck", ("銀座",)),
        ("drills:deck", ("a b",)),
        ("drills:answer", ("ginza",)),
        ("no-such-page", ()),
    ],
)
def test_what_reverse_refuses_it_refuses(name, args):
    with pytest.raises(NoReverseMatch):
        reverse(name, args=args)
    with pytest.raises(NoReverseMatch):
        url_of(name, *args)


def test_the_script_prefix_of_the_request_is_kept():
    plain = url_of("drills:answer", "ginza", 5)
    set_script_prefix("/trainer/")
    try:
        assert url_of("drills:answer", "ginza", 5) == reverse("drills:answer", args=["ginza", 5])
        assert url_of("drills:answer", "ginza", 5) == "/trainer" + plain
    finally:
        set_script_prefix("/")
    assert url_of("drills:answer", "ginza", 5) == plain


def test_a_request_s_own_url_conf_is_kept():
    set_urlconf("tests.bench.answering_urls")
    try:
        assert url_of("drills:answer", "ginza", 5) == reverse("drills:answer", args=["ginza", 5])
    finally:
        set_urlconf(None)
