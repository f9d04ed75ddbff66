"""Demo step of the accounts app: the demo card room, its owner, instructor and trainees."""

from django.db import transaction

from dealer_training.demo import DemoContext, DemoLogin

from .models import Membership, Organisation, Role, User

DEMO_PASSWORD = "dealer-demo-2024"
DEMO_ORG_SLUG = "demo-card-room"
DEMO_PEOPLE = [
    (Role.OWNER, "owner@demo.example", "佐藤 美咲"),
    (Role.INSTRUCTOR, "instructor@demo.example", "鈴木 健太"),
    (Role.TRAINEE, "trainee1@demo.example", "田中 陽菜"),
    (Role.TRAINEE, "trainee2@demo.example", "高橋 蓮"),
    (Role.TRAINEE, "trainee3@demo.example", "伊藤 さくら"),
]


@transaction.atomic
def seed(ctx: DemoContext) -> None:
    organisation, created = Organisation.objects.get_or_create(
        slug=DEMO_ORG_SLUG, defaults={"name": "Demo Card Room"}
    )
    ctx.organisation = organisation
    for role, email, name in DEMO_PEOPLE:
        user, _ = User.objects.get_or_create(email=email, defaults={"name": name})
        # Keep the printed password true even if someone changed it while trying the demo.
        if not user.check_password(DEMO_PASSWORD):
            user.set_password(DEMO_PASSWORD)
            user.save(update_fields=["password"])
        Membership.objects.update_or_create(user=user, organisation=organisation, defaults={"role": role})
        ctx.logins.append(DemoLogin(role=role, email=email, password=DEMO_PASSWORD, name=name))
        if role == Role.OWNER:
            ctx.owner = user
        elif role == Role.INSTRUCTOR:
            ctx.instructor = user
        else:
            ctx.trainees.append(user)
    state = "created" if created else "already there"
    ctx.notes.append(f"Organisation '{organisation.name}' at /o/{organisation.slug}/ ({state})")
