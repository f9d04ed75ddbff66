import pytest
from django.urls import reverse

from tests.factories import InviteFactory, MembershipFactory, UserFactory

MODELS = ["user", "organisation", "membership", "invite"]


@pytest.fixture
def admin_client_(client, db):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    return client


@pytest.mark.parametrize("model", MODELS)
def test_the_admin_lists_and_adds_every_accounts_model(admin_client_, trainee, model):
    InviteFactory(organisation=trainee.organisation)
    assert admin_client_.get(reverse(f"admin:accounts_{model}_changelist")).status_code == 200
    assert admin_client_.get(reverse(f"admin:accounts_{model}_add")).status_code == 200


@pytest.mark.parametrize("model", MODELS)
def test_the_admin_opens_an_existing_object_of_every_accounts_model(admin_client_, trainee, model):
    objects = {
        "user": trainee.user,
        "organisation": trainee.organisation,
        "membership": trainee,
        "invite": InviteFactory(organisation=trainee.organisation),
    }
    url = reverse(f"admin:accounts_{model}_change", args=[objects[model].pk])
    assert admin_client_.get(url).status_code == 200


def test_the_admin_creates_a_user_with_an_email_login(admin_client_):
    response = admin_client_.post(
        reverse("admin:accounts_user_add"),
        {
            "email": "New.Dealer@Example.com",
            "name": "New Dealer",
            "usable_password": "true",
            "password1": "Green-felt-7342",
            "password2": "Green-felt-7342",
        },
    )
    assert response.status_code == 302
    from dealer_training.accounts.models import User

    assert User.objects.get(email="new.dealer@example.com").check_password("Green-felt-7342")


def test_the_admin_refuses_malformed_house_rule_overrides(admin_client_, org):
    MembershipFactory(organisation=org)
    data = {
        "name": org.name,
        "slug": org.slug,
        "ruleset": "tda-2024",
        "rule_overrides": '{"odd_chip": "dealer"}',
        "ante": 100,
        "bring_in": 200,
        "small_bet": 500,
        "big_bet": 1000,
        "max_bets": 5,
        "min_chip": 100,
        "memberships-TOTAL_FORMS": 0,
        "memberships-INITIAL_FORMS": 0,
    }
    response = admin_client_.post(reverse("admin:accounts_organisation_change", args=[org.pk]), data)
    assert response.status_code == 200
    assert "rule_overrides" in response.context["adminform"].form.errors


ADMIN_LOGIN = "/admin/login/"


def _admin_login(client, email, password, **extra):
    return client.post(
        ADMIN_LOGIN,
        {"username": email, "password": password, "next": "/admin/"},
        HTTP_ACCEPT_LANGUAGE="en",
        **extra,
    )


def test_the_admin_login_locks_after_repeated_failures_with_a_clear_page(client, db, password, settings):
    UserFactory(email="root@example.com", is_staff=True, is_superuser=True)
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _admin_login(client, "root@example.com", "bad").status_code == 200
    locked = _admin_login(client, "root@example.com", "bad")
    assert locked.status_code == 429
    assert "logging in is paused for 15 minutes" in locked.content.decode()
    # The right password does not get in while the lock lasts.
    response = _admin_login(client, "root@example.com", password)
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
    japanese = client.post(ADMIN_LOGIN, {"username": "root@example.com", "password": password})
    assert japanese.status_code == 429
    assert "15分間ログインを停止しています" in japanese.content.decode()


def test_a_lock_from_the_app_login_also_closes_the_admin_login(client, db, password, settings):
    UserFactory(email="root@example.com", is_staff=True, is_superuser=True)
    for _ in range(settings.AXES_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": "root@example.com", "password": "bad"})
    response = _admin_login(client, "root@example.com", password, REMOTE_ADDR="10.9.9.9")
    assert response.status_code == 429
    assert "_auth_user_id" not in client.session
