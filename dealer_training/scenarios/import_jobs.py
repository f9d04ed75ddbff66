"""Starting an import: store the upload and queue its task.

This sits above ``tasks`` (which runs the job through ``imports``, which saves through
``services``), so none of those needs to reach back up for the task.
"""

from collections.abc import Mapping
from typing import Any

from django.db import transaction

from dealer_training.accounts.models import Organisation, User
from dealer_training.queueing import send_on_commit

from .models import ImportJob
from .tasks import import_run


@transaction.atomic
def import_job_create(
    *,
    organisation: Organisation,
    user: User | None,
    filename: str,
    payload: bytes,
    options: Mapping[str, Any],
) -> ImportJob:
    """Store the upload and queue its processing once the transaction commits."""
    job = ImportJob.objects.create(
        organisation=organisation,
        created_by=user,
        filename=filename[:255],
        payload=payload,
        options=dict(options),
    )
    send_on_commit(import_run, job_id=job.pk)
    return job
