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
