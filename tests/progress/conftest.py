import pytest

from tests.factories import MembershipFactory, OrganisationFactory


@pytest.fixture
def other_org(db):
    return OrganisationFactory(name="Osaka Dealer School", slug="osaka")


@pytest.fixture
def other_owner(other_org):
    from dealer_training.accounts.models import Role

    return MembershipFactory(organisation=other_org, role=Role.OWNER, user__email="owner@osaka.example")


@pytest.fixture
def second_trainee(org):
    return MembershipFactory(organisation=org, user__email="second@example.com", user__name="Second Trainee")


@pytest.fixture
def media_root(settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path / "media"
    return settings.MEDIA_ROOT
