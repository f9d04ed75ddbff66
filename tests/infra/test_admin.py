from django.urls import reverse

from dealer_training.infra.models import UnsentTask
from tests.factories import UserFactory


def test_the_admin_lists_the_unsent_tasks_and_shows_one_read_only(client, db):
    client.force_login(UserFactory(is_staff=True, is_superuser=True))
    kept = UnsentTask.objects.create(task="dealer_training.scenarios.tasks.import_run", kwargs={"job_id": 7})
    listing = client.get(reverse("admin:infra_unsenttask_changelist"))
    assert listing.status_code == 200
    assert b"dealer_training.scenarios.tasks.import_run" in listing.content
    page = client.get(reverse("admin:infra_unsenttask_change", args=[kept.pk]))
    assert page.status_code == 200
    assert b'name="task"' not in page.content  # shown, not editable
