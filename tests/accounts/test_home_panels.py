from pathlib import Path

from django.urls import reverse

from dealer_training.accounts import home
from dealer_training.accounts.models import Role

TEST_TEMPLATES = Path(__file__).resolve().parent.parent / "templates"


def _use_test_templates(settings):
    settings.TEMPLATES = [{**settings.TEMPLATES[0], "DIRS": [*settings.TEMPLATES[0]["DIRS"], TEST_TEMPLATES]}]


def _count_panel(request):
    return {"count": 42}


def test_a_registered_panel_shows_on_the_home_page_only_for_its_roles(
    client, trainee, instructor, monkeypatch, settings
):
    _use_test_templates(settings)
    monkeypatch.setattr(home, "_panels", {})
    home.register(
        home.HomePanel(
            name="test_panel",
            template="test_panel.html",
            roles=frozenset({Role.INSTRUCTOR}),
            order=1,
            context=_count_panel,
        )
    )
    url = reverse("accounts:org_home", kwargs={"org_slug": trainee.organisation.slug})

    client.force_login(instructor.user)
    assert "panel count 42" in client.get(url).content.decode()
    client.force_login(trainee.user)
    assert "panel count 42" not in client.get(url).content.decode()


def test_a_panel_whose_context_is_none_is_left_out(client, trainee, monkeypatch, settings):
    _use_test_templates(settings)
    monkeypatch.setattr(home, "_panels", {})
    home.register(
        home.HomePanel(
            name="empty_panel",
            template="test_panel.html",
            roles=frozenset(Role.values),
            order=1,
            context=lambda request: None,
        )
    )
    client.force_login(trainee.user)
    response = client.get(reverse("accounts:org_home", kwargs={"org_slug": trainee.organisation.slug}))
    assert "panel count" not in response.content.decode()
