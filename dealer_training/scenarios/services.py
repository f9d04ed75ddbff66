"""Use cases that write: scenarios and their versions, variations, drill sets, assignments.

Every scenario document is read, replayed and solved by the engine before it is stored; the
engine's answer is cached on the version. An ``EngineError`` from a service means nothing was
saved. A scenario is published only when its answer can be worked out from the table the trainee
sees (``answerability``); ``ScenarioNotAnswerable`` means nothing was saved either.
"""

import random
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max, Q, Sum

from dealer_training.accounts.models import Cohort, Membership, Organisation, Role, User
from dealer_training.accounts.services import house_rules_update
from games.core.errors import EngineError
from games.solve import solve
from games.vary import vary
from games.vary.title import variation_title

from .answerability import ScenarioNotAnswerable, answerability_problems
from .assignment_status import progress_for
from .choices import OTHER_GAME_SKILLS, Skill
from .engine import normalized, same_hand, split_meta, suggested_skill
from .models import (
    MAX_DRILL_SET_QUESTIONS,
    Assignment,
    DrillSet,
    DrillSetItem,
    Scenario,
    ScenarioVersion,
)
from .rules_policy import Rules, house_rules, with_rules


class ScenarioConflict(Exception):
    """The scenario changed since the editor was opened: the edit is refused, never merged."""

    def __init__(self, current_revision: int) -> None:
        super().__init__(current_revision)
        self.current_revision = current_revision


class AssignmentDuplicate(Exception):
    """The drill set is already assigned to this trainee (or cohort) and not finished yet."""

    def __init__(self, existing: Assignment) -> None:
        super().__init__("assignment duplicate")
        self.existing = existing


class ScenarioInUse(Exception):
    """The scenario was already given to trainees: it can be archived, not deleted."""


def version_is_issued(version: ScenarioVersion) -> bool:
    """A version that a trainee was asked (or answered) is frozen: edits make a new version."""
    return version.questions.exists() or version.attempts.exists()


def _tags(tags: Sequence[str] | None) -> list[str]:
    return [str(t)[:40] for t in (tags or [])][:20]


@transaction.atomic
def scenario_save(
    *,
    organisation: Organisation,
    user: User | None,
    document: Mapping[str, Any],
    title: str,
    notes: str = "",
    tags: Sequence[str] | None = None,
    skill: str = "",
    difficulty: int = 2,
    status: str | None = None,
    scenario: Scenario | None = None,
    base_revision: int | None = None,
    varied_from: Scenario | None = None,
    rules_pinned: bool | None = None,
) -> Scenario:
    """Create a scenario, or save an edit of one (a new version when the current one was issued).

    Raises EngineError when the engine refuses the document, ScenarioConflict when
    ``base_revision`` is not the scenario's revision any more, ScenarioNotAnswerable when the
    scenario would be published (or stay published) but the table does not give its answer.

    ``rules_pinned`` None keeps the scenario's setting (a new scenario follows the house rules);
    a scenario that follows them is stored with the organisation's rules in its document.
    """
    hand, _meta = split_meta(document)
    if rules_pinned is None:
        rules_pinned = scenario.rules_pinned if scenario is not None else False
    if not rules_pinned:
        hand = with_rules(hand, house_rules(organisation))
    doc = normalized(hand)
    solution = solve(doc)
    kind = solution["kind"]
    if status == Scenario.Status.PUBLISHED:
        _require_answerable(doc)
    skill = _skill_of(skill, kind, doc, solution)
    difficulty = min(5, max(1, int(difficulty)))
    if scenario is None:
        scenario = Scenario.objects.create(
            organisation=organisation,
            title=title[:200],
            notes=notes,
            tags=_tags(tags),
            skill=skill,
            variant=doc["variant"],
            difficulty=difficulty,
            status=status or Scenario.Status.DRAFT,
            created_by=user,
            varied_from=varied_from,
            rules_pinned=rules_pinned,
        )
        version: ScenarioVersion | None = ScenarioVersion.objects.create(
            scenario=scenario, number=1, document=doc, kind=kind, answer=solution, created_by=user
        )
        scenario.current_version = version
        scenario.save(update_fields=["current_version"])
        return scenario

    locked = Scenario.objects.select_for_update().get(pk=scenario.pk, organisation=organisation)
    if base_revision is not None and locked.revision != base_revision:
        raise ScenarioConflict(locked.revision)
    if status is None and locked.status == Scenario.Status.PUBLISHED:
        _require_answerable(doc)  # an edit of a published scenario keeps it published
    version = locked.current_version
    if version is None or not same_hand(version.document, doc):
        if version is None or version_is_issued(version):
            number = (locked.versions.aggregate(n=Max("number"))["n"] or 0) + 1
            version = ScenarioVersion.objects.create(
                scenario=locked, number=number, document=doc, kind=kind, answer=solution, created_by=user
            )
        else:
            version.document, version.kind, version.answer, version.created_by = doc, kind, solution, user
            version.save(update_fields=["document", "kind", "answer", "created_by"])
    locked.current_version = version
    locked.title = title[:200]
    locked.notes = notes
    locked.tags = _tags(tags)
    locked.skill = skill
    locked.variant = doc["variant"]
    locked.difficulty = difficulty
    locked.rules_pinned = rules_pinned
    if status is not None:
        locked.status = status
    locked.revision += 1
    locked.save()
    return locked


@transaction.atomic
def scenarios_pin_rules(
    *, organisation: Organisation, scenario_ids: Sequence[int], rules: Rules, user: User | None
) -> int:
    """Pin ``rules`` to the organisation's scenarios ``scenario_ids`` (those that follow the house
    rules, before the house rules change): each keeps the answer it has now. A version already
    asked stays as it was; the pinned rules go into a new version. Returns how many were pinned."""
    pinned = 0
    for locked in (
        Scenario.objects.select_for_update(of=("self",))
        .filter(organisation=organisation, pk__in=list(scenario_ids), rules_pinned=False)
        .select_related("current_version")
    ):
        version = locked.current_version
        if version is not None:
            doc = normalized(with_rules(version.document, rules))
            if not same_hand(version.document, doc):
                solution = solve(doc)
                if version_is_issued(version):
                    number = (locked.versions.aggregate(n=Max("number"))["n"] or 0) + 1
                    version = ScenarioVersion.objects.create(
                        scenario=locked,
                        number=number,
                        document=doc,
                        kind=solution["kind"],
                        answer=solution,
                        created_by=user,
                    )
                    locked.current_version = version
                else:
                    version.document, version.answer = doc, solution
                    version.save(update_fields=["document", "answer"])
        locked.rules_pinned = True
        locked.revision += 1
        locked.save(update_fields=["current_version", "rules_pinned", "revision", "updated_at"])
        pinned += 1
    return pinned


@transaction.atomic
def house_rules_change(
    *, organisation: Organisation, user: User | None, pin_ids: Sequence[int], **fields: Any
) -> int:
    """Save new house rules (``accounts.services.house_rules_update``), first pinning the rules
    in force to the scenarios ``pin_ids`` so that their answers stay; the other scenarios that
    follow the house rules are asked under the new ones. Returns how many were pinned."""
    pinned = scenarios_pin_rules(
        organisation=organisation, scenario_ids=pin_ids, rules=house_rules(organisation), user=user
    )
    house_rules_update(organisation=organisation, **fields)
    return pinned


def _skill_of(skill: str, kind: str, doc: Mapping[str, Any], solution: Mapping[str, Any]) -> str:
    """The skill a scenario trains: a stud skill chosen for it (or the one its question
    suggests); a scenario of another game trains that game, whatever was chosen."""
    if doc["variant"] in OTHER_GAME_SKILLS:
        return OTHER_GAME_SKILLS[doc["variant"]]
    return skill if skill in Skill.values else suggested_skill(kind, doc["variant"], solution, doc)


def _require_answerable(document: Mapping[str, Any]) -> None:
    problems = answerability_problems(document)
    if problems:
        raise ScenarioNotAnswerable(problems)


@transaction.atomic
def scenario_set_status(*, scenario: Scenario, status: str, base_revision: int | None = None) -> Scenario:
    """Raises ScenarioNotAnswerable when publishing a scenario whose table does not give its answer."""
    locked = Scenario.objects.select_for_update().get(pk=scenario.pk)
    if base_revision is not None and locked.revision != base_revision:
        raise ScenarioConflict(locked.revision)
    if status not in Scenario.Status.values:
        raise ValueError(status)
    if status == Scenario.Status.PUBLISHED and locked.status != status and locked.current_version is not None:
        _require_answerable(locked.current_version.document)
    if locked.status != status:
        locked.status = status
        locked.revision += 1
        locked.save(update_fields=["status", "revision", "updated_at"])
    return locked


def scenario_was_issued(scenario: Scenario) -> bool:
    return any(version_is_issued(version) for version in scenario.versions.all())


@transaction.atomic
def scenario_delete(*, scenario: Scenario) -> None:
    """Delete a scenario nobody was ever asked; one that was asked must be archived instead."""
    for version in scenario.versions.all():
        if version_is_issued(version):
            raise ScenarioInUse
    Scenario.objects.filter(pk=scenario.pk).update(current_version=None)
    scenario.delete()


@transaction.atomic
def scenario_vary(
    *,
    scenario: Scenario,
    user: User | None,
    count: int,
    changes: Sequence[str],
    seed: int | None = None,
    publish: bool = False,
    lang: str = "en",
) -> list[Scenario]:
    """Save up to ``count`` variations of the scenario's current version, each checked by the engine.

    Each asks a question that differs from the original's and from every earlier variation's in
    what decides its answer; fewer come back when fewer such variations exist. Titles name the
    variation's own cards and seats, with its number in ``lang`` (the author's language). With
    ``publish``, a variation whose answer the table does not give is kept as a draft.
    """
    assert scenario.current_version is not None
    if seed is None:
        seed = random.SystemRandom().randrange(2**31)
    original = scenario.current_version.document
    earlier = [
        s.current_version.document
        for s in scenario.variations.select_related("current_version")
        if s.current_version is not None
    ]
    found = vary(original, count=count, seed=seed, changes=changes, avoid=earlier)
    existing = scenario.variations.count()
    made = []
    for number, variation in enumerate(found, start=existing + 1):
        made.append(
            scenario_save(
                organisation=scenario.organisation,
                user=user,
                document=variation.document,
                title=variation_title(scenario.title, original, variation, number=number, lang=lang),
                notes=scenario.notes,
                tags=scenario.tags,
                skill=scenario.skill,
                difficulty=scenario.difficulty,
                status=Scenario.Status.PUBLISHED
                if publish and not answerability_problems(variation.document)
                else Scenario.Status.DRAFT,
                varied_from=scenario,
                rules_pinned=scenario.rules_pinned,
            )
        )
    return made


# --- drill sets ---------------------------------------------------------------------------------


@transaction.atomic
def drill_set_save(
    *,
    organisation: Organisation,
    user: User | None,
    values: Mapping[str, Any],
    drill_set: DrillSet | None = None,
) -> DrillSet:
    drill_set = drill_set or DrillSet(organisation=organisation, created_by=user)
    for name in ("title", "description", "is_exam", "pass_accuracy", "pass_seconds"):
        setattr(drill_set, name, values.get(name))
    # The rules of sitting an exam: kept as they are unless given (only owners may change them).
    for name in ("exam_minutes", "exam_max_sittings", "exam_cooldown_hours", "exam_review"):
        if values.get(name) not in (None, ""):
            setattr(drill_set, name, values[name])
    if "exam_items_in_practice" in values:  # only an owner's form carries it
        drill_set.exam_items_in_practice = bool(values["exam_items_in_practice"])
    drill_set.description = drill_set.description or ""
    drill_set.full_clean()
    drill_set.save()
    return drill_set


def _next_position(drill_set: DrillSet) -> int:
    return (drill_set.items.aggregate(p=Max("position"))["p"] or 0) + 1


class DrillSetFull(ValueError):
    """Adding the item would take the set over ``MAX_DRILL_SET_QUESTIONS`` questions."""

    def __init__(self, *, questions: int, adding: int) -> None:
        super().__init__("drill set full")
        self.questions = questions
        self.adding = adding
        self.limit = MAX_DRILL_SET_QUESTIONS


def drill_set_questions(drill_set: DrillSet) -> int:
    """How many questions the set asks: one per scenario, ``count`` per generated topic."""
    live = Q(scenario__isnull=True) | Q(scenario__deleted_at__isnull=True)
    return drill_set.items.filter(live).aggregate(n=Sum("count"))["n"] or 0


def _check_room(drill_set: DrillSet, adding: int) -> None:
    questions = drill_set_questions(drill_set)
    if questions + adding > MAX_DRILL_SET_QUESTIONS:
        raise DrillSetFull(questions=questions, adding=adding)


@transaction.atomic
def drill_set_add_scenario(*, drill_set: DrillSet, scenario: Scenario) -> DrillSetItem:
    if scenario.organisation_id != drill_set.organisation_id:
        raise ValueError("scenario of another organisation")
    DrillSet.objects.select_for_update().get(pk=drill_set.pk)
    _check_room(drill_set, 1)
    return DrillSetItem.objects.create(
        drill_set=drill_set, position=_next_position(drill_set), scenario=scenario
    )


@transaction.atomic
def drill_set_add_scenarios(*, drill_set: DrillSet, scenarios: Sequence[Scenario]) -> list[DrillSetItem]:
    """Add several scenarios at once, in title order; ones already in the set are left as they are.
    All or nothing: when they do not all fit, none is added."""
    if any(s.organisation_id != drill_set.organisation_id for s in scenarios):
        raise ValueError("scenario of another organisation")
    DrillSet.objects.select_for_update().get(pk=drill_set.pk)
    present = set(drill_set.items.filter(scenario__isnull=False).values_list("scenario_id", flat=True))
    adding = sorted(
        {s.pk: s for s in scenarios if s.pk not in present}.values(), key=lambda s: (s.title, s.pk)
    )
    _check_room(drill_set, len(adding))
    position = _next_position(drill_set)
    return DrillSetItem.objects.bulk_create(
        DrillSetItem(drill_set=drill_set, position=position + i, scenario=scenario)
        for i, scenario in enumerate(adding)
    )


@transaction.atomic
def drill_set_add_topic(*, drill_set: DrillSet, skill: str, variant: str, count: int) -> DrillSetItem:
    DrillSet.objects.select_for_update().get(pk=drill_set.pk)
    _check_room(drill_set, count)
    return DrillSetItem.objects.create(
        drill_set=drill_set, position=_next_position(drill_set), skill=skill, variant=variant, count=count
    )


@transaction.atomic
def drill_set_move_item(*, item: DrillSetItem, direction: str) -> None:
    """Swap an item with its neighbour above (``up``) or below (``down``)."""
    DrillSet.objects.select_for_update().get(pk=item.drill_set_id)
    siblings = DrillSetItem.objects.filter(drill_set_id=item.drill_set_id)
    if direction == "up":
        other = siblings.filter(position__lt=item.position).order_by("-position").first()
    else:
        other = siblings.filter(position__gt=item.position).order_by("position").first()
    if other is None:
        return
    mine, theirs = item.position, other.position
    # Positions are unique per set: park one item outside the range while they swap.
    parked = (siblings.aggregate(p=Max("position"))["p"] or 0) + 1
    DrillSetItem.objects.filter(pk=item.pk).update(position=parked)
    DrillSetItem.objects.filter(pk=other.pk).update(position=mine)
    DrillSetItem.objects.filter(pk=item.pk).update(position=theirs)


@transaction.atomic
def drill_set_remove_item(*, item: DrillSetItem) -> None:
    DrillSet.objects.select_for_update().get(pk=item.drill_set_id)
    item.delete()


# --- assignments --------------------------------------------------------------------------------


@transaction.atomic
def assignment_create(
    *,
    organisation: Organisation,
    user: User | None,
    drill_set: DrillSet,
    trainee: Membership | None = None,
    cohort: Cohort | None = None,
    due_at: datetime | None = None,
) -> Assignment:
    if drill_set.organisation_id != organisation.pk:
        raise ValueError("drill set of another organisation")
    if trainee is not None and (trainee.organisation_id != organisation.pk or trainee.role != Role.TRAINEE):
        raise ValueError("not a trainee of this organisation")
    if cohort is not None and cohort.organisation_id != organisation.pk:
        raise ValueError("cohort of another organisation")
    DrillSet.objects.select_for_update().get(pk=drill_set.pk)
    open_one = assignment_unfinished_twin(
        drill_set=drill_set, user=trainee.user if trainee is not None else None, cohort=cohort
    )
    if open_one is not None:
        raise AssignmentDuplicate(open_one)
    assignment = Assignment(
        organisation=organisation,
        drill_set=drill_set,
        trainee=trainee.user if trainee is not None else None,
        cohort=cohort,
        due_at=due_at,
        assigned_by=user,
    )
    assignment.full_clean()
    assignment.save()
    return assignment


def assignment_unfinished_twin(
    *, drill_set: DrillSet, user: User | None, cohort: Cohort | None
) -> Assignment | None:
    """An assignment of the same set to the same trainee (directly or through a cohort) or to the
    same cohort that is not finished yet. A finished one may be assigned again: a retake counts the
    sittings started after it only."""
    same_set = Assignment.objects.filter(drill_set=drill_set)
    if user is not None:
        twins = list(same_set.filter(Q(trainee=user) | Q(cohort__members__user=user)).distinct())
        progress = progress_for((a, user.pk) for a in twins)
        return next((a for a in twins if not progress[(a.pk, user.pk)].finished), None)
    assert cohort is not None
    twins = list(same_set.filter(cohort=cohort))
    members = list(cohort.members.filter(removed_at__isnull=True).values_list("user_id", flat=True))
    progress = progress_for((a, user_id) for a in twins for user_id in members)
    for twin in twins:
        if not members or not all(progress[(twin.pk, user_id)].finished for user_id in members):
            return twin
    return None


def assignments_filter_for(*, organisation: Organisation, user: User) -> Q:
    return Q(organisation=organisation) & (Q(trainee=user) | Q(cohort__members__user=user))


def engine_error_dict(error: EngineError) -> dict[str, Any]:
    return {"code": error.code, "message": error.message, "params": error.params, "path": error.path}
