"""Random and mutated data posted to every form and htmx endpoint: never a server error, and an
answer refused as invalid (4xx) leaves the database as it was."""

import pytest
from django.apps import apps
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from dealer_training.accounts.access import access_rule_of

from .test_permission_matrix import PARAMS, URLS

# Field names the app's forms read, so that random data reaches their validation.
FIELDS = [
    "mode",
    "skill",
    "variant",
    "count",
    "drill_set",
    "topic",
    "deck",
    "next",
    "seat",
    "amount",
    "first_to_act",
    "option",
    "call",
    "bring_in",
    "complete_to",
    "bet_to",
    "raise_to",
    "stub",
    "required",
    "procedure",
    "community_card",
    "first_to_act_7th",
    "ruling",
    "pot_amount_0",
    "pot_eligible_0",
    "pot_amount_1",
    "award_1",
    "award_2",
    "high_1",
    "low_1",
    "rank_1",
    "winner",
    "reveal",
    "pending",
    "complete",
    "min_raise_to",
    "winners",
    "eliminated",
    "title",
    "notes",
    "tags",
    "status",
    "revision",
    "base_revision",
    "op",
    "document",
    "seats",
    "stack_1",
    "role",
    "email",
    "name",
    "password",
    "password1",
    "password2",
    "new_password1",
    "new_password2",
    "old_password",
    "code",
    "cohort",
    "trainee",
    "membership",
    "due_at",
    "kind",
    "format",
    "scope",
    "q",
    "start",
    "end",
    "period",
    "ruleset",
    "ante",
    "small_bet",
    "big_bet",
    "max_bets",
    "min_chip",
    "language",
    "direction",
    "item",
    "scenario",
    "publish",
    "accuracy",
    "seconds",
    "tie_break_later_streets",
    "odd_chip",
    "n",
]
SKIP = {"health", "accounts:logout", "set_language", "accounts:login", "accounts:password_reset"}
VALUES = st.one_of(
    st.text(max_size=40),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(
        [
            "",
            "0",
            "-1",
            "1e400",
            "9" * 400,
            "none",
            "yes",
            "no",
            "F7S",
            "FR",
            "NT",
            "practice",
            "exam",
            "tda-2024",
            "{}",
            "[]",
            '{"variant": "F7S"}',
            "\x00",
            "😀" * 10,
            "1",
            "2",
            "3",
        ]
    ),
)
DATA = st.dictionaries(st.sampled_from(FIELDS), st.one_of(VALUES, st.lists(VALUES, max_size=3)), max_size=8)


def _posting_urls():
    for name, view in URLS:
        if name in SKIP:
            continue
        rule = access_rule_of(view)
        yield name, rule


def _role_for(name, rule):
    if name.startswith("drills:") or rule.kind != "org":
        return "trainee"
    for role in ("owner", "instructor", "trainee"):
        if role in rule.roles:
            return role
    return "owner"


def _counts():
    return {
        m._meta.label: m.objects.count()
        for m in apps.get_models()
        if m._meta.app_label in ("accounts", "scenarios", "drills", "progress")
    }


@pytest.mark.parametrize(("name", "rule"), list(_posting_urls()), ids=[n for n, _ in _posting_urls()])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=DATA, htmx=st.booleans())
def test_random_posts_never_break_a_view_and_refused_ones_change_nothing(
    client, world, name, rule, data, htmx
):
    client.force_login(world.people[_role_for(name, rule)].user)
    url = reverse(name, kwargs=PARAMS[name](world))
    before = _counts()
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(url, data, **headers)
    assert response.status_code < 500, (name, data, response.status_code)
    if 400 <= response.status_code < 500:
        assert _counts() == before, (name, data)
