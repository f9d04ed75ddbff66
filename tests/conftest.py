import pytest
from django.core.cache import cache

from dealer_training.accounts.models import Role

from .factories import PASSWORD, MembershipFactory, OrganisationFactory


@pytest.fixture(autouse=True)
def _empty_cache():
    # Cached values (rule coverage and the like) never leak from one test into another, nor the
    # follow-ups' windows this process opened.
    from dealer_training import after_response, queueing

    cache.clear()
    queueing._opened.clear()
    yield
    cache.clear()
    queueing._opened.clear()
    after_response._pending.set(None)  # a response a test left open: what it deferred goes with it


@pytest.fixture
def org(db):
    return OrganisationFactory(name="Ginza Card Room", slug="ginza")


@pytest.fixture
def owner(org):
    return MembershipFactory(organisation=org, role=Role.OWNER, user__email="owner@example.com")


@pytest.fixture
def instructor(org):
    return MembershipFactory(organisation=org, role=Role.INSTRUCTOR, user__email="instructor@example.com")


@pytest.fixture
def trainee(org):
    return MembershipFactory(organisation=org, role=Role.TRAINEE, user__email="trainee@example.com")


@pytest.fixture
def login_as(client):
    """Log the client in as a membership's user; returns the client."""

    def _login(membership):
        client.force_login(membership.user)
        return client

    return _login


@pytest.fixture
def password():
    return PASSWORD
