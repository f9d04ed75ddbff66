"""Demo step of the scenarios app: authored scenarios, drill sets, a cohort and assignments.

The scenarios come from fixtures/demo/*.json (the shared example hands, with Japanese titles
and notes as the demo room's instructor would write them, and the room's smallest chip, 100, or
50 where a hand's amounts need it). ``_status`` in a fixture says
whether the scenario is published or left as a draft; the rest is scenario JSON v1 with our
extension fields. Every object is looked up before it is created, so the step can run again.
"""

import json
from datetime import timedelta
from pathlib import Path

from django.db import transaction
from django.utils import timezone

from dealer_training.accounts.models import Cohort, Membership
from dealer_training.demo import DemoContext

from .engine import split_meta
from .models import Assignment, DrillSet, DrillSetItem, Scenario
from .services import scenario_save

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "demo"
COHORT = "新人研修 2024年春"
PRACTICE_SET = "3rdストリートの基本"
EXAM_SET = "スタッド基礎テスト"


def _scenarios(ctx: DemoContext) -> list[Scenario]:
    made = []
    for path in sorted(FIXTURES.glob("*.json")):
        document = json.loads(path.read_text(encoding="utf-8"))
        status = document.pop("_status", Scenario.Status.PUBLISHED)
        hand, meta = split_meta(document)
        existing = Scenario.objects.filter(organisation=ctx.organisation, title=meta["_title"]).first()
        if existing is not None:
            made.append(existing)
            continue
        made.append(
            scenario_save(
                organisation=ctx.organisation,
                user=ctx.instructor,
                document=hand,
                title=meta["_title"],
                notes=meta.get("_notes", ""),
                tags=meta.get("_tags") or [],
                skill=meta.get("_skill", ""),
                difficulty=meta.get("_difficulty", 2),
                status=status,
                # The demo room's own scenarios follow its house rules unless a file pins them.
                rules_pinned=meta.get("_rules_pinned") is True,
            )
        )
    return made


def _drill_set(ctx: DemoContext, title: str, **fields: object) -> tuple[DrillSet, bool]:
    return DrillSet.objects.get_or_create(
        organisation=ctx.organisation, title=title, defaults={"created_by": ctx.instructor, **fields}
    )


@transaction.atomic
def seed(ctx: DemoContext) -> None:
    scenarios = _scenarios(ctx)
    published = [s for s in scenarios if s.status == Scenario.Status.PUBLISHED]
    by_skill = {s.skill: s for s in reversed(published)}

    practice, created = _drill_set(
        ctx, PRACTICE_SET, description="アンティ、ブリングイン、最初のアクションを確認する。"
    )
    if created:
        items = [s for s in published if s.skill in ("bring_in", "antes")]
        for position, scenario in enumerate(items, start=1):
            DrillSetItem.objects.create(drill_set=practice, position=position, scenario=scenario)
        DrillSetItem.objects.create(
            drill_set=practice, position=len(items) + 1, skill="bring_in", variant="FR", count=5
        )
    exam, created = _drill_set(
        ctx,
        EXAM_SET,
        description="スタッド系3ゲームの基本手順。",
        is_exam=True,
        pass_accuracy=80,
        pass_seconds=20.0,
    )
    if created:
        chosen = [
            by_skill[skill]
            for skill in ("bring_in", "first_to_act", "stub", "side_pots", "showdown")
            if skill in by_skill
        ]
        for position, scenario in enumerate(chosen, start=1):
            DrillSetItem.objects.create(drill_set=exam, position=position, scenario=scenario)
        DrillSetItem.objects.create(
            drill_set=exam, position=len(chosen) + 1, skill="betting", variant="", count=5
        )

    cohort, _ = Cohort.objects.get_or_create(organisation=ctx.organisation, name=COHORT)
    trainees = list(Membership.objects.filter(organisation=ctx.organisation, user__in=ctx.trainees[:2]))
    cohort.members.add(*trainees)
    if not Assignment.objects.filter(drill_set=practice, cohort=cohort).exists():
        Assignment.objects.create(
            organisation=ctx.organisation,
            drill_set=practice,
            cohort=cohort,
            due_at=timezone.now() + timedelta(days=14),
            assigned_by=ctx.instructor,
        )
    if (
        len(ctx.trainees) > 2
        and not Assignment.objects.filter(drill_set=exam, trainee=ctx.trainees[2]).exists()
    ):
        Assignment.objects.create(
            organisation=ctx.organisation, drill_set=exam, trainee=ctx.trainees[2], assigned_by=ctx.instructor
        )
    ctx.notes.append(
        f"Scenarios: {len(published)} published, {len(scenarios) - len(published)} draft; "
        f"drill sets '{PRACTICE_SET}' and '{EXAM_SET}'; cohort '{COHORT}' with assignments"
    )
