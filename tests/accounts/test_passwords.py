import re

from django.core import mail

from dealer_training.celery import app as celery_app

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}


def test_the_celery_app_finds_the_tasks_of_the_apps():
    celery_app.loader.import_default_modules()
    assert "dealer_training.accounts.tasks.email_send" in celery_app.tasks


def test_password_reset_mail_is_queued_only_when_the_request_commits(
    client, trainee, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        response = client.post("/accounts/password/reset/", {"email": "trainee@example.com"})
    assert response.status_code == 302
    assert len(callbacks) == 1
    assert mail.outbox == []  # nothing is sent before the commit
    callbacks[0]()
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["trainee@example.com"]


def test_a_person_resets_a_forgotten_password_with_the_mailed_link(
    client, trainee, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/accounts/password/reset/", {"email": "trainee@example.com"}, **EN)
    assert response["Location"] == "/accounts/password/reset/sent/"
    message = mail.outbox[0]
    assert message.subject == "Stud Dealer Trainer: choose a new password"
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body).group(1)
    form_url = client.get(link)["Location"]  # Django swaps the token for a session marker
    response = client.post(form_url, {"new_password1": "Green-felt-7342", "new_password2": "Green-felt-7342"})
    assert response["Location"] == "/accounts/password/reset/complete/"
    login = client.post(
        "/accounts/login/", {"username": "trainee@example.com", "password": "Green-felt-7342"}
    )
    assert login.status_code == 302


def test_password_reset_for_an_unknown_address_sends_nothing_and_says_the_same(
    client, db, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/accounts/password/reset/", {"email": "nobody@example.com"})
    assert response["Location"] == "/accounts/password/reset/sent/"
    assert mail.outbox == []


def test_changing_the_password_needs_the_old_one_and_valid_new_ones(login_as, trainee, password):
    client = login_as(trainee)
    bad = client.post(
        "/accounts/password/change/",
        {"old_password": "wrong", "new_password1": "Green-felt-7342", "new_password2": "Green-felt-7342"},
        **EN,
    )
    assert bad.status_code == 422
    assert "Your old password was entered incorrectly." in bad.content.decode()
    weak = client.post(
        "/accounts/password/change/",
        {"old_password": password, "new_password1": "123", "new_password2": "123"},
        **EN,
    )
    assert weak.status_code == 422
    assert "This password is too short." in weak.content.decode()
    good = client.post(
        "/accounts/password/change/",
        {"old_password": password, "new_password1": "Green-felt-7342", "new_password2": "Green-felt-7342"},
    )
    assert good["Location"] == "/accounts/password/change/done/"
    trainee.user.refresh_from_db()
    assert trainee.user.check_password("Green-felt-7342")


def _ask_reset(client, email, **extra):
    return client.post("/accounts/password/reset/", {"email": email}, **EN, **extra)


def test_password_reset_mail_is_limited_per_account_across_addresses(
    client, trainee, django_capture_on_commit_callbacks
):
    from dealer_training.accounts.throttle import RESET_LIMIT_PER_ACCOUNT

    with django_capture_on_commit_callbacks(execute=True):
        responses = [
            _ask_reset(client, "Trainee@example.com", REMOTE_ADDR=f"10.0.0.{n}") for n in range(1, 12)
        ]
    # Every request sees the same answer; only the first few send a mail.
    assert {(r.status_code, r["Location"]) for r in responses} == {(302, "/accounts/password/reset/sent/")}
    assert len(mail.outbox) == RESET_LIMIT_PER_ACCOUNT


def test_password_reset_mail_is_limited_per_address_across_accounts(
    client, db, django_capture_on_commit_callbacks
):
    from dealer_training.accounts.throttle import RESET_LIMIT_PER_ADDRESS
    from tests.factories import UserFactory

    for n in range(RESET_LIMIT_PER_ADDRESS + 2):
        UserFactory(email=f"dealer{n}@example.com")
    with django_capture_on_commit_callbacks(execute=True):
        for n in range(RESET_LIMIT_PER_ADDRESS + 2):
            assert _ask_reset(client, f"dealer{n}@example.com").status_code == 302
    assert len(mail.outbox) == RESET_LIMIT_PER_ADDRESS
    # Another address is not held up by this one.
    with django_capture_on_commit_callbacks(execute=True):
        _ask_reset(client, f"dealer{RESET_LIMIT_PER_ADDRESS + 1}@example.com", REMOTE_ADDR="10.7.7.7")
    assert len(mail.outbox) == RESET_LIMIT_PER_ADDRESS + 1


def test_password_reset_limit_is_kept_in_the_database_and_ends_after_an_hour(
    client, trainee, django_capture_on_commit_callbacks
):
    from datetime import timedelta

    from django.core.cache import cache
    from django.utils import timezone

    from dealer_training.accounts.models import PasswordResetRequest
    from dealer_training.accounts.throttle import RESET_LIMIT_PER_ACCOUNT

    with django_capture_on_commit_callbacks(execute=True):
        for _ in range(RESET_LIMIT_PER_ACCOUNT + 1):
            _ask_reset(client, "trainee@example.com")
        cache.clear()
        _ask_reset(client, "trainee@example.com")
    assert len(mail.outbox) == RESET_LIMIT_PER_ACCOUNT
    # No email address is stored, only a digest.
    assert not PasswordResetRequest.objects.filter(email_digest__contains="@").exists()
    PasswordResetRequest.objects.update(requested_at=timezone.now() - timedelta(hours=1, seconds=1))
    with django_capture_on_commit_callbacks(execute=True):
        _ask_reset(client, "trainee@example.com")
    assert len(mail.outbox) == RESET_LIMIT_PER_ACCOUNT + 1


def test_resetting_the_password_ends_the_lock_of_the_account(
    client, trainee, settings, django_capture_on_commit_callbacks
):
    def login(password, **extra):
        return client.post(
            "/accounts/login/", {"username": "trainee@example.com", "password": password}, **EN, **extra
        )

    for n in range(settings.AXES_FAILURE_LIMIT):
        login("bad", REMOTE_ADDR=f"10.0.0.{n + 1}")
    assert login("Green-felt-7342").status_code == 429
    with django_capture_on_commit_callbacks(execute=True):
        _ask_reset(client, "trainee@example.com")
    link = re.search(r"http://testserver(/accounts/password/reset/\S+/)", mail.outbox[0].body).group(1)
    form_url = client.get(link)["Location"]
    client.post(form_url, {"new_password1": "Green-felt-7342", "new_password2": "Green-felt-7342"})
    assert login("Green-felt-7342").status_code == 302
