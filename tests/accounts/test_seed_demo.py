from io import StringIO

from django.core.management import call_command

from dealer_training.accounts.models import Membership, Organisation, Role, User


def _seed():
    out = StringIO()
    call_command("seed_demo", stdout=out)
    return out.getvalue()


def test_seed_demo_creates_the_demo_card_room_and_prints_the_logins(db):
    output = _seed()
    org = Organisation.objects.get(slug="demo-card-room")
    assert org.name == "Demo Card Room"
    roles = sorted(Membership.objects.filter(organisation=org).values_list("role", flat=True))
    assert roles == sorted([Role.OWNER, Role.INSTRUCTOR, Role.TRAINEE, Role.TRAINEE, Role.TRAINEE])
    for email in ["owner@demo.example", "instructor@demo.example", "trainee1@demo.example"]:
        assert email in output
        assert User.objects.get(email=email).check_password("dealer-demo-2024")
    assert "password: dealer-demo-2024" in output


def test_seed_demo_twice_neither_fails_nor_duplicates(db):
    _seed()
    counts = (User.objects.count(), Organisation.objects.count(), Membership.objects.count())
    User.objects.filter(email="trainee2@demo.example").update(password="changed")
    _seed()
    assert (User.objects.count(), Organisation.objects.count(), Membership.objects.count()) == counts
    assert User.objects.get(email="trainee2@demo.example").check_password("dealer-demo-2024")


def test_a_demo_trainee_logs_in_and_lands_on_the_demo_home_page(client, db):
    _seed()
    response = client.post(
        "/accounts/login/", {"username": "trainee1@demo.example", "password": "dealer-demo-2024"}, follow=True
    )
    assert response.redirect_chain[-1] == ("/o/demo-card-room/", 302)
