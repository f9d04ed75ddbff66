"""factory-boy factories for the accounts models."""

from datetime import timedelta

import factory
from django.utils import timezone

from dealer_training.accounts.models import Invite, Membership, Organisation, Role, User

PASSWORD = "correct horse battery staple"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("email",)

    email = factory.Sequence(lambda n: f"person{n}@example.com")
    name = factory.Faker("name")
    password = factory.django.Password(PASSWORD)


class OrganisationFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Organisation

    name = factory.Sequence(lambda n: f"Card Room {n}")
    slug = factory.Sequence(lambda n: f"card-room-{n}")


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    user = factory.SubFactory(UserFactory)
    organisation = factory.SubFactory(OrganisationFactory)
    role = Role.TRAINEE


class InviteFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Invite

    organisation = factory.SubFactory(OrganisationFactory)
    role = Role.TRAINEE
    code = factory.Sequence(lambda n: f"TESTCODE{n:04d}")
    expires_at = factory.LazyFunction(lambda: timezone.now() + timedelta(days=7))
