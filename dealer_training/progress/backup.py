"""Back up and restore one organisation: its people, house rules, scenarios, drill sets,
assignments, drill sessions, questions, attempts, review cards and certificates.

The backup is one JSON document (Django's serialization, format version 1) written in one read
transaction. A restore runs in one transaction and either loads everything or nothing:

- the organisation's address (slug) must be free, and none of the backed-up rows may collide
  with a row already there (restore into an empty database, or the one the organisation was
  removed from);
- people who already have an account (the same email) keep it: the backup's rows point to it;
- the progress rollups are not in the backup: they are rebuilt from the attempts after the
  restore (``rollups_rebuild_trainee``).
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from django.core import serializers
from django.core.serializers.base import DeserializationError
from django.db import DatabaseError, IntegrityError, connection, models, transaction

from dealer_training.accounts.models import Cohort, Invite, Membership, Organisation, User
from dealer_training.drills.models import (
    Attempt,
    Certificate,
    DrillSession,
    Question,
    ReviewCard,
    TrainingSettings,
)
from dealer_training.scenarios.models import (
    Assignment,
    DrillSet,
    DrillSetItem,
    ImportJob,
    Scenario,
    ScenarioVersion,
)

FORMAT = "stud-dealer-trainer/organisation-backup"
VERSION = 1


class BackupError(Exception):
    """A backup file that cannot be restored; the message says why (nothing was changed)."""


def _org_querysets(org: Organisation) -> list[models.QuerySet[Any]]:
    """Every row of the organisation, parents before children."""
    return [
        Organisation.objects.filter(pk=org.pk),
        Membership.objects.filter(organisation=org),
        Invite.objects.filter(organisation=org),
        Cohort.objects.filter(organisation=org),
        TrainingSettings.objects.filter(organisation=org),
        Scenario.all_objects.filter(organisation=org),  # the trash too: its rows have children
        ScenarioVersion.objects.filter(scenario__organisation=org),
        DrillSet.all_objects.filter(organisation=org),
        DrillSetItem.objects.filter(drill_set__organisation=org),
        Assignment.all_objects.filter(organisation=org),
        ImportJob.objects.filter(organisation=org).defer("payload"),
        DrillSession.objects.filter(organisation=org),
        Question.objects.filter(organisation=org),
        Attempt.objects.filter(organisation=org),
        ReviewCard.objects.filter(organisation=org),
        Certificate.objects.filter(organisation=org),
    ]


def _user_ids(objects: Iterable[models.Model]) -> set[int]:
    ids: set[int] = set()
    for obj in objects:
        for field in obj._meta.concrete_fields:
            if field.is_relation and field.related_model is User:
                value = getattr(obj, field.attname)
                if value is not None:
                    ids.add(value)
    return ids


def organisation_backup(*, slug: str) -> dict[str, Any]:
    """The backup document of the organisation ``slug``."""
    with transaction.atomic():
        org = Organisation.objects.filter(slug=slug).first()
        if org is None:
            raise BackupError(f"There is no organisation {slug!r}.")
        objects = [obj for qs in _org_querysets(org) for obj in qs.order_by("pk")]
        users = list(User.objects.filter(pk__in=_user_ids(objects)).order_by("pk"))
        # The python serializer keeps datetimes to the microsecond (the json one cuts them to ms).
        rows = json.loads(
            json.dumps(serializers.serialize("python", [*users, *objects]), default=_json_value)
        )
    return {"format": FORMAT, "version": VERSION, "organisation": slug, "counts": _counts(rows), "rows": rows}


def _json_value(value: Any) -> str:
    if isinstance(value, datetime | date | time):
        return value.isoformat()
    if isinstance(value, Decimal | uuid.UUID):
        return str(value)
    if isinstance(value, bytes):
        raise TypeError("binary fields are not backed up")
    raise TypeError(f"cannot write {type(value).__name__} to a backup")


def _counts(rows: list[dict[str, Any]]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for row in rows:
        counts[row["model"]] = counts.get(row["model"], 0) + 1
    return counts


@dataclass(frozen=True)
class Restored:
    organisation: Organisation
    counts: dict[str, int]
    people_kept: int  # accounts that already existed and were reused


def organisation_restore(document: Any) -> Restored:
    """Load a backup document in one transaction (all of it, or nothing)."""
    if not isinstance(document, dict) or document.get("format") != FORMAT:
        raise BackupError("This is not an organisation backup of Stud Dealer Trainer.")
    if document.get("version") != VERSION:
        raise BackupError(f"Backup format version {document.get('version')!r} is not supported.")
    rows = document.get("rows")
    if not isinstance(rows, list) or not rows:
        raise BackupError("The backup has no rows.")
    slug = document.get("organisation")
    try:
        with transaction.atomic():
            if Organisation.objects.filter(slug=slug).exists():
                raise BackupError(f"An organisation with the address {slug!r} exists already.")
            restored = _load(rows)
            if Organisation.objects.filter(slug=slug).count() != 1:
                raise BackupError("The backup does not contain its organisation.")
            if _counts(rows) != document.get("counts"):
                raise BackupError("The backup is incomplete: its row counts do not match.")
            return Restored(Organisation.objects.get(slug=slug), _counts(rows), restored)
    except (DeserializationError, IntegrityError, DatabaseError, KeyError, TypeError, ValueError) as err:
        raise BackupError(f"The backup cannot be restored: {err}") from None


def _load(rows: list[dict[str, Any]]) -> int:
    objects = list(serializers.deserialize("python", rows))
    user_map: dict[int, int] = {}
    kept = 0
    others = []
    for item in objects:
        obj = item.object
        if isinstance(obj, User):
            old_pk = obj.pk
            existing = User.objects.filter(email__iexact=obj.email).first()
            if existing is not None:
                user_map[old_pk] = existing.pk
                kept += 1
                continue
            if User.objects.filter(pk=old_pk).exists():
                obj.pk = None  # the number is another person's here: the account gets a new one
            item.save()
            user_map[old_pk] = obj.pk
        else:
            others.append(item)
    with connection.constraint_checks_disabled():
        for item in others:
            obj = item.object
            if type(obj)._base_manager.filter(pk=obj.pk).exists():
                raise BackupError(
                    f"{obj._meta.verbose_name} {obj.pk} exists already: restore into an empty database "
                    "or the one the organisation was removed from."
                )
            for field in obj._meta.concrete_fields:
                if field.is_relation and field.related_model is User:
                    value = getattr(obj, field.attname)
                    if value is not None:
                        setattr(obj, field.attname, user_map.get(value, value))
            item.save()
    connection.check_constraints()
    return kept
