import pytest
from django.conf import settings
from django.urls import reverse

from dealer_training.accounts.models import Role
from tests.factories import MembershipFactory, OrganisationFactory

LOGIN = "/accounts/login/"


def _login(client, email, password, **extra):
    return client.post(LOGIN, {"username": email, "password": password}, HTTP_ACCEPT_LANGUAGE="en", **extra)


def test_login_page_answers_in_japanese_by_default_and_in_english_when_asked(client, db):
    ja = client.get(LOGIN, HTTP_ACCEPT_LANGUAGE="ja")
    en = client.get(LOGIN, HTTP_ACCEPT_LANGUAGE="en-US,en;q=0.9")
    other = client.get(LOGIN, HTTP_ACCEPT_LANGUAGE="fr")
    assert "<h1>ログイン</h1>" in ja.content.decode()
    assert '<html lang="ja">' in ja.content.decode()
    assert "<h1>Log in</h1>" in en.content.decode()
    assert '<html lang="en">' in en.content.decode()
    assert "<h1>ログイン</h1>" in other.content.decode()


def test_the_language_switch_remembers_english(client, db):
    response = client.post("/i18n/setlang/", {"language": "en", "next": LOGIN}, HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 302
    assert response["Location"] == LOGIN
    assert "<h1>Log in</h1>" in client.get(LOGIN, HTTP_ACCEPT_LANGUAGE="ja").content.decode()


def test_a_member_of_one_organisation_lands_on_its_home_page_after_login(client, trainee, password):
    response = _login(client, "trainee@example.com", password, follow=True)
    assert response.redirect_chain[-1] == ("/o/ginza/", 302)
    assert response.status_code == 200
    assert client.session["current_org_slug"] == "ginza"
    assert "Ginza Card Room" in response.content.decode()


def test_login_ignores_the_letter_case_of_the_email(client, trainee, password):
    response = _login(client, "  Trainee@Example.COM ", password)
    assert response.status_code == 302


def test_a_member_of_several_organisations_chooses_one_after_login(client, trainee, password):
    osaka = OrganisationFactory(name="Osaka Dealer School", slug="osaka")
    MembershipFactory(user=trainee.user, organisation=osaka, role=Role.INSTRUCTOR)
    response = _login(client, "trainee@example.com", password, follow=True)
    assert response.redirect_chain[-1] == ("/orgs/", 302)
    page = response.content.decode()
    assert "Ginza Card Room" in page
    assert "Osaka Dealer School" in page

    chosen = client.post("/orgs/", {"org": "osaka"})
    assert chosen.status_code == 302
    assert chosen["Location"] == "/o/osaka/"
    assert client.session["current_org_slug"] == "osaka"
    # The start page now goes straight to the remembered organisation.
    assert client.get("/")["Location"] == "/o/osaka/"
    home = client.get("/o/osaka/", HTTP_ACCEPT_LANGUAGE="en")
    assert home.context["can_switch_org"] is True
    assert 'href="/orgs/"' in home.content.decode()


def test_choosing_an_organisation_one_does_not_belong_to_is_refused(login_as, trainee):
    OrganisationFactory(slug="osaka")
    response = login_as(trainee).post("/orgs/", {"org": "osaka"}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 400
    assert "Choose one of your organisations." in response.content.decode()


def test_a_user_without_organisation_is_offered_to_join_with_a_code(client, db):
    from tests.factories import UserFactory

    client.force_login(UserFactory())
    response = client.get("/orgs/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "You are not a member of any organisation yet." in response.content.decode()
    assert 'href="/join/"' in response.content.decode()


def test_a_wrong_password_gets_a_clear_error_and_422(client, trainee):
    response = _login(client, "trainee@example.com", "wrong password")
    assert response.status_code == 422
    assert "The email address or password is not correct." in response.content.decode()
    assert "_auth_user_id" not in client.session


def test_login_keeps_a_safe_next_url_and_drops_a_foreign_one(client, trainee, password):
    assert _login(client, "trainee@example.com", password)["Location"] == "/orgs/"
    client.logout()
    response = client.post(
        LOGIN + "?next=/o/ginza/", {"username": "trainee@example.com", "password": password}
    )
    assert response["Location"] == "/o/ginza/"
    client.logout()
    response = client.post(
        LOGIN, {"username": "trainee@example.com", "password": password, "next": "https://evil.example/"}
    )
    assert response["Location"] == "/orgs/"


def test_throttling_locks_an_account_for_every_client_address(client, trainee, password):
    limit = settings.AXES_FAILURE_LIMIT
    # Guesses at one account from many addresses (before: counted per email and address, never locked).
    for n in range(limit - 1):
        assert _login(client, "trainee@example.com", "bad", REMOTE_ADDR=f"10.0.0.{n + 1}").status_code == 422
    locked = _login(client, "Trainee@Example.com", "bad", REMOTE_ADDR="10.0.1.1")
    assert locked.status_code == 429
    assert "logging in is paused for 15 minutes" in locked.content.decode()
    # Even the right password, from yet another address, is refused while the lock lasts.
    still_locked = _login(client, "trainee@example.com", password, REMOTE_ADDR="10.0.2.1")
    assert still_locked.status_code == 429
    assert "_auth_user_id" not in client.session


def test_throttling_locks_a_client_address_for_every_account(client, trainee, instructor, password):
    limit = settings.AXES_FAILURE_LIMIT
    # Guesses spread over several accounts from one address.
    for n in range(limit - 1):
        assert _login(client, f"someone{n % 4}@example.com", "bad").status_code == 422
    assert _login(client, "nobody@example.com", "bad").status_code == 429
    locked = _login(client, "instructor@example.com", password)
    assert locked.status_code == 429
    assert "_auth_user_id" not in client.session
    # Another address logs in to the same account as usual.
    assert _login(client, "instructor@example.com", password, REMOTE_ADDR="10.1.2.3").status_code == 302


def test_the_locked_out_page_is_in_japanese_too(client, trainee):
    for _ in range(settings.AXES_FAILURE_LIMIT):
        response = client.post(
            LOGIN, {"username": "trainee@example.com", "password": "bad"}, HTTP_ACCEPT_LANGUAGE="ja"
        )
    assert response.status_code == 429
    assert "15分間ログインを停止しています" in response.content.decode()


def test_the_login_lock_is_kept_in_the_database_and_expires_after_the_cool_off(
    client, trainee, password, settings
):
    from axes.models import AccessAttempt
    from django.core.cache import cache
    from django.utils import timezone

    for _ in range(settings.AXES_FAILURE_LIMIT):
        _login(client, "trainee@example.com", "bad")
    cache.clear()  # the lock does not live in the cache
    assert _login(client, "trainee@example.com", password).status_code == 429
    AccessAttempt.objects.update(attempt_time=timezone.now() - settings.AXES_COOLOFF_TIME)
    assert _login(client, "trainee@example.com", password).status_code == 302


def test_a_successful_login_resets_the_failure_count(client, trainee, password):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _login(client, "trainee@example.com", "bad")
    assert _login(client, "trainee@example.com", password).status_code == 302
    client.logout()
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        assert _login(client, "trainee@example.com", "bad").status_code == 422


def test_logging_in_to_ones_own_account_does_not_clear_guesses_at_others(
    client, trainee, instructor, password
):
    for _ in range(settings.AXES_FAILURE_LIMIT - 1):
        _login(client, "instructor@example.com", "bad")
    assert _login(client, "trainee@example.com", password).status_code == 302
    client.logout()
    assert _login(client, "instructor@example.com", "bad").status_code == 429


def test_the_client_address_is_the_one_the_trusted_proxy_recorded(client, trainee, settings):
    from axes.models import AccessAttempt

    settings.TRUSTED_PROXY_COUNT = 1
    _login(client, "trainee@example.com", "bad", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.7")
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["203.0.113.7"]


def test_logout_is_a_post_and_ends_the_session(login_as, trainee):
    client = login_as(trainee)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert response["Location"] == reverse("accounts:login")
    assert client.get("/o/ginza/").status_code == 302


@pytest.mark.parametrize("url", ["/", "/accounts/login/"])
def test_a_logged_in_user_opening_the_start_or_login_page_is_sent_on(login_as, trainee, url):
    response = login_as(trainee).get(url)
    assert response.status_code == 302


# --- the session's user ---------------------------------------------------------------------------

DJANGO_BACKEND = "django.contrib.auth.backends.ModelBackend"


def test_a_login_names_the_backend_that_reads_the_user_with_a_query_compiled_once(client, trainee, password):
    from django.contrib.auth import BACKEND_SESSION_KEY

    from dealer_training.accounts.backends import BACKEND_PATH

    assert _login(client, "trainee@example.com", password).status_code == 302
    assert client.session[BACKEND_SESSION_KEY] == BACKEND_PATH
    assert client.get("/o/ginza/").status_code == 200


def test_a_session_logged_in_before_the_backend_changed_stays_logged_in(client, trainee):
    """Sessions made before name Django's ModelBackend: it stays listed, so they find their user."""
    client.force_login(trainee.user, backend=DJANGO_BACKEND)
    assert client.get("/o/ginza/").status_code == 200


def test_the_users_read_is_one_query_built_once(trainee, django_assert_num_queries, monkeypatch):
    from django.db.models import QuerySet

    from dealer_training.accounts.backends import AccountBackend

    backend = AccountBackend()
    assert backend.get_user(trainee.user_id) == trainee.user  # compiled at the first read
    monkeypatch.setattr(QuerySet, "filter", lambda *a, **k: pytest.fail("a queryset built per read"))
    for _ in range(2):
        with django_assert_num_queries(1):
            user = backend.get_user(trainee.user_id)
        assert user == trainee.user
        assert user.email == "trainee@example.com"
    with django_assert_num_queries(1):
        assert backend.get_user(trainee.user_id + 1000) is None


@pytest.mark.parametrize("backend", ["ours", DJANGO_BACKEND])
def test_a_deactivated_user_is_logged_out(client, trainee, backend):
    from dealer_training.accounts.backends import BACKEND_PATH

    client.force_login(trainee.user, backend=BACKEND_PATH if backend == "ours" else backend)
    assert client.get("/o/ginza/").status_code == 200
    type(trainee.user).objects.filter(pk=trainee.user_id).update(is_active=False)
    response = client.get("/o/ginza/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_a_deactivated_user_cannot_log_in(client, trainee, password):
    type(trainee.user).objects.filter(pk=trainee.user_id).update(is_active=False)
    assert _login(client, "trainee@example.com", password).status_code == 422
    assert "_auth_user_id" not in client.session


def test_a_wrong_password_is_hashed_once_and_counts_as_one_failure(client, trainee, monkeypatch):
    from axes.models import AccessAttempt

    from dealer_training.accounts.models import User

    checked = []
    check = User.check_password
    monkeypatch.setattr(User, "check_password", lambda self, raw: checked.append(raw) or check(self, raw))
    assert _login(client, "trainee@example.com", "bad").status_code == 422
    assert checked == ["bad"]
    assert AccessAttempt.objects.get().failures_since_start == 1


def test_the_user_has_the_permissions_of_django_s_model_backend(trainee):
    from django.contrib.auth.models import Permission

    from dealer_training.accounts.backends import AccountBackend

    user = trainee.user
    user.user_permissions.add(Permission.objects.get(codename="view_organisation"))
    user = AccountBackend().get_user(user.pk)
    assert user.has_perm("accounts.view_organisation")
    assert not user.has_perm("accounts.change_organisation")
