"""Writes of the drills: start a session, issue its next question, record an answer, finish.

Every question is a scenario document (format v1) with the engine's solved answer kept on the
server (``Question.expected``); the answer is judged by ``games.judge`` and never
before the attempt is stored, and the attempt keeps that verdict with the judge's version
(``verdicts``). A question is issued once and answered once: a second submission of the same
question returns the first attempt with its stored verdict (never judged again).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, QuerySet, Subquery
from django.utils import timezone

from dealer_training.accounts.models import Organisation, User
from dealer_training.prepared import Prepared, insert
from dealer_training.queueing import send_on_commit_coalesced
from dealer_training.scenarios.choices import Skill
from dealer_training.scenarios.models import MAX_DRILL_SET_QUESTIONS, DrillSet, Scenario
from dealer_training.scenarios.rules_policy import question_document
from games.api import EngineError, game, generate, judge, load, solve, solve_and_view, walk

from .exams import (
    ExamError,
    ExamScore,
    check_open,
    close_if_expired,
    exam_finish,
    exam_record,
    exam_score,
    exam_start,
    new_certificate_code,
)
from .grades import GradeBars, grade_report
from .models import Attempt, DrillSession, Mode, Outcome, Question, TrainingSettings
from .other_games import GAMES, make_document
from .selection import drill_set_entry, next_pool_scenario
from .selectors import (
    drill_set_plan,
    drill_set_plan_size,
    due_review_cards,
    grade_answers,
    missed_questions,
    training_settings_for,
)
from .signals import attempt_recorded
from .targets import is_timed, speed_grade, target_seconds
from .tasks import review_catch_up
from .topics import ALL_GAMES, answer_fields, games_for, pick_topic, skill_of_walk_stage
from .verdicts import verdict_columns
from .walk_levels import DEFAULT_LEVEL, HINT_ON_REQUEST, LEVELS, error_rate_of, level_of

# Exams live in exams.py; these names stay importable from here for the other apps.
__all__ = ["ExamError", "ExamScore", "exam_record", "exam_score", "new_certificate_code"]

DEFAULT_COUNT: dict[str, int] = {Mode.PRACTICE: 10, Mode.SPEED: 10, Mode.EXAM: 12, Mode.REVIEW: 10}
# The modes whose explanations may wait until the session has ended (session_start).
EXPLAINED_AT_END = (Mode.PRACTICE, Mode.SPEED)
MAX_COUNT = 50
# In practice and speed sessions, about one question in AUTHORED_SHARE comes from the room's own
# published scenarios of the skill when it has some.
AUTHORED_SHARE = 3

_Row = TypeVar("_Row")

# An answer's review is counted by a catch-up this many seconds after it at most; the answers of a
# trainee within that window share one catch-up (queueing.send_on_commit_coalesced).
REVIEW_CATCH_UP_SECONDS = 2
GENERATE_TRIES = 5


class DrillError(Exception):
    """A request the drills cannot carry out; ``code`` names why (the view words it)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


@dataclass(frozen=True)
class HouseRules:
    ruleset: str
    rules: dict[str, Any]
    structure: dict[str, int]


def house_rules_of(organisation: Organisation) -> HouseRules:
    return HouseRules(
        ruleset=organisation.ruleset,
        rules=dict(organisation.rule_overrides or {}),
        structure={
            "ante": organisation.ante,
            "bring_in": organisation.bring_in,
            "small_bet": organisation.small_bet,
            "big_bet": organisation.big_bet,
            "max_bets": organisation.max_bets,
            "min_chip": organisation.min_chip,
        },
    )


# --- starting -------------------------------------------------------------------------------------


@transaction.atomic
def session_start(
    *,
    organisation: Organisation,
    trainee: User,
    mode: str,
    skill: str = "",
    variant: str = "",
    drill_set: DrillSet | None = None,
    count: int | None = None,
    seed: str | None = None,
    topic: str = "",
    walk_level: str = "",
    explain_at_end: bool = False,
) -> DrillSession:
    """A new session. ``skill`` and ``variant`` empty mean mixed; a drill set fixes the items.

    ``walk_level`` is a hand walk's level (``walk_levels.LEVELS``; empty: practice).

    ``variant`` may also be one of the other games (``other_games.GAMES``), drilled in practice
    or speed mode on one question kind (``topic``) or all of the game's kinds.

    ``explain_at_end`` keeps each answer's feedback until the session has ended; practice and
    speed only (an exam shows nothing until it ends already, a hand walk and a review explain
    as they go).
    """
    if mode not in Mode.values:
        raise DrillError("unknown_mode")
    if explain_at_end and (mode not in EXPLAINED_AT_END or (drill_set is not None and drill_set.is_exam)):
        raise DrillError("explain_at_end_practice_only")
    if variant in GAMES:
        if mode not in (Mode.PRACTICE, Mode.SPEED) or skill or drill_set is not None:
            raise DrillError("other_game_practice_only")
        if topic and GAMES[variant].topic(topic) is None:
            raise DrillError("unknown_topic")
        return DrillSession.objects.create(
            organisation=organisation,
            trainee=trainee,
            mode=mode,
            variant=variant,
            topic=topic,
            seed=seed or secrets.token_hex(8),
            planned_count=max(1, min(MAX_COUNT, count or DEFAULT_COUNT[Mode.PRACTICE])),
            explain_at_end=explain_at_end,
        )
    if skill and skill not in Skill.values:
        raise DrillError("unknown_skill")
    if variant and variant not in ALL_GAMES:
        raise DrillError("unknown_game")
    if skill and variant and variant not in games_for(skill):
        raise DrillError("skill_not_in_game")
    seed = seed or secrets.token_hex(8)
    if mode == Mode.EXAM or (drill_set is not None and drill_set.is_exam):
        # An exam is sat only from an exam drill set, within its rules (exams.exam_start).
        return exam_start(organisation=organisation, trainee=trainee, drill_set=drill_set, seed=seed)
    if drill_set is not None:
        if drill_set.organisation_id != organisation.pk:
            raise DrillError("unknown_drill_set")
        # Sets made before the limit may be larger; a session keeps to what it can number. The
        # database counts first, so that a huge set is refused without expanding its plan.
        if drill_set_plan_size(drill_set=drill_set) > MAX_DRILL_SET_QUESTIONS:
            raise DrillError("drill_set_too_large")
        planned = len(drill_set_plan(drill_set=drill_set))
        if planned == 0:
            raise DrillError("empty_drill_set")
    elif mode == Mode.WALK:
        variant = variant or ALL_GAMES[0]
        walk_level = walk_level or DEFAULT_LEVEL
        if walk_level not in LEVELS:
            raise DrillError("unknown_walk_level")
        planned = len(_walk_steps(organisation, variant, seed, walk_level))
    else:
        planned = max(1, min(MAX_COUNT, count or DEFAULT_COUNT.get(mode, 10)))
    if planned > MAX_DRILL_SET_QUESTIONS:  # Question.position is a small integer
        raise DrillError("drill_set_too_large")
    return DrillSession.objects.create(
        organisation=organisation,
        trainee=trainee,
        mode=mode,
        skill=skill if drill_set is None and mode != Mode.WALK else "",
        variant=variant if drill_set is None else "",
        drill_set=drill_set,
        seed=seed,
        planned_count=planned,
        walk_level=walk_level if mode == Mode.WALK else "",
        explain_at_end=explain_at_end,
    )


@transaction.atomic
def session_retry_misses(*, session: DrillSession) -> DrillSession:
    """A new practice session asking again, in the same order, the questions of ``session``
    that were answered wrong (the same deals, judged afresh), explained when the session it
    retries was: after each answer or at the end. Never for an exam: its items are practised only
    as its owner allows, through the practice pool; nor while a session whose explanations come at
    the end runs (its misses would tell which answers were wrong)."""
    if session.mode == Mode.EXAM:
        raise DrillError("exam_no_retry")
    if session.explain_at_end and session.finished_at is None:
        raise DrillError("explanations_held")
    misses = missed_questions(session=session)
    if not misses:
        raise DrillError("no_misses")
    return DrillSession.objects.create(
        organisation_id=session.organisation_id,
        trainee_id=session.trainee_id,
        mode=Mode.PRACTICE,
        skill=session.skill,
        variant=session.variant,
        topic=session.topic,
        retry_of=session,
        seed=secrets.token_hex(8),
        planned_count=len(misses),
        explain_at_end=session.explain_at_end,
    )


@transaction.atomic
def session_end(*, session: DrillSession) -> None:
    """The trainee ends a session whose explanations come at the end before its last question:
    it is finished as answering the last question finishes it, and the explanations of what was
    answered show. A session already ended stays as it is."""
    if not session.explain_at_end:
        raise DrillError("not_explained_at_end")
    _end_session(session)


def weak_skill_start(*, organisation: Organisation, trainee: User) -> DrillSession:
    """Practice on the trainee's weakest skill by grade (the lowest score; among the graded
    skills when any is graded)."""
    training = training_settings_for(organisation.pk)
    answers = grade_answers(organisation_id=organisation.pk, trainee_id=trainee.pk, training=training)
    skill = grade_report(answers, bars=GradeBars.from_settings(training)).weakest()
    if skill is None:
        raise DrillError("no_answers_yet")
    other = next((code for code, other_game in GAMES.items() if other_game.skill == skill), None)
    if other is not None:
        return session_start(organisation=organisation, trainee=trainee, mode=Mode.PRACTICE, variant=other)
    return session_start(organisation=organisation, trainee=trainee, mode=Mode.PRACTICE, skill=skill)


def _walk_steps(organisation: Organisation, variant: str, seed: str, level: str) -> list[Any]:
    """The walk of a session: the same organisation, game, seed and level give the same steps.

    The level's share of irregularities, ``walk_levels.error_rate_of(level)``, is the engine's
    ``walk(..., error_rate=...)``: it is handed over here and nowhere else, so that a session's
    steps (and its planned count) follow from the session alone.
    """
    rules = house_rules_of(organisation)
    return walk(
        variant=variant,
        seed=seed,
        ruleset=rules.ruleset,
        rules=rules.rules or None,
        structure=rules.structure,
        error_rate=error_rate_of(level),
    )


# --- issuing --------------------------------------------------------------------------------------


@dataclass
class Item:
    """What the next question will be, before it is stored."""

    skill: str
    variant: str
    kind: str
    document: dict[str, Any]
    fields: tuple[str, ...]
    focus: str = ""
    scenario_version_id: int | None = None
    seed: str = ""
    walk_stage: str = ""
    walk_action: str = ""


def _session_with_latest(organisation_id: int, trainee_id: int, pk: int) -> QuerySet[DrillSession]:
    latest = Question.objects.filter(session=OuterRef("pk")).order_by("-position")
    return (
        DrillSession.objects.select_related("drill_set")
        .annotate(
            latest_id=Subquery(latest.values("pk")[:1]),
            latest_position=Subquery(latest.values("position")[:1]),
            latest_answered=Exists(Attempt.objects.filter(question_id=OuterRef("latest_id"))),
        )
        .filter(organisation_id=organisation_id, trainee_id=trainee_id, pk=pk)[:1]
    )


# Read by every question page: compiled once (dealer_training.prepared).
_SESSION = Prepared(_session_with_latest, organisation_id=int, trainee_id=int, pk=int)
_BY_PK = Prepared(lambda pk: Question.objects.filter(pk=pk), pk=int)


def session_question(
    *, organisation: Organisation, trainee: User, pk: int
) -> tuple[DrillSession, Question | None] | None:
    """The trainee's session ``pk`` in ``organisation`` with the question waiting in it, the next
    one issued when none waits (None in its place once the session is over); None when the
    session is not theirs.

    One query reads the session and whether its latest question (the only one that can wait:
    questions are issued one at a time) is answered; one more reads the question waiting, or
    issues the next one. No lock: two requests issuing the same position meet at the unique
    (session, position) constraint and both show the one stored; closing an exam sitting locks
    the session (``_end_session``).
    """
    session = _SESSION.first(organisation_id=organisation.pk, trainee_id=trainee.pk, pk=pk)
    if session is None:
        return None
    # Read with the request already: no query for them.
    session.organisation, session.trainee = organisation, trainee
    latest_id, latest_position = (
        getattr(session, "latest_id", None),
        getattr(session, "latest_position", None),
    )
    if latest_id is not None and not getattr(session, "latest_answered", False):
        waiting = _BY_PK.first(pk=latest_id)
        assert waiting is not None  # questions are never deleted while their session stands
        Question.attempt.related.set_cached_value(waiting, None)
        waiting.session = session
        if session.finished_at is None and not _expired(session):
            return session, waiting
    return session, _waiting_or_next(session, latest_position)


def current_question(*, session: DrillSession) -> Question | None:
    """The question waiting for an answer, issuing the next one if none is; None when finished."""
    found = session_question(organisation=session.organisation, trainee=session.trainee, pk=session.pk)
    return found[1] if found is not None else None


def _expired(session: DrillSession) -> bool:
    return session.mode == Mode.EXAM and session.ends_at is not None and timezone.now() >= session.ends_at


def _waiting_or_next(session: DrillSession, latest_position: int | None) -> Question | None:
    """The next question of a session whose questions are all answered, or None when it is over."""
    if session.finished_at is not None:
        return None
    if _expired(session):
        _end_session(session)
        return None
    position = 0 if latest_position is None else latest_position + 1
    if position >= session.planned_count:
        _end_session(session)
        return None
    return _issue(session, position)


def _end_session(session: DrillSession) -> None:
    """Finish the session: one UPDATE, whoever gets there first; an exam sitting (finished, or
    past its time) under the session's lock, so that its score and certificate are written once."""
    if session.mode != Mode.EXAM:
        DrillSession.objects.filter(pk=session.pk, finished_at__isnull=True).update(
            finished_at=timezone.now(), outcome=Outcome.FINISHED
        )
        return
    with transaction.atomic():
        locked = DrillSession.objects.select_for_update().get(pk=session.pk)
        if locked.finished_at is None and not close_if_expired(locked):
            exam_finish(locked, now=timezone.now())


def _issue(session: DrillSession, position: int) -> Question:
    """Issue the question at ``position``: solved once here, with the table the page draws."""
    item = _next_item(session, position)
    # Read, checked and replayed once, for the answer and the table.
    expected, view = solve_and_view(load(item.document))
    # A field the engine answers only where it applies is asked only where it does.
    asked = answer_fields(item.variant, item.kind, answer=expected["answer"])
    fields = tuple(f for f in item.fields if f in asked)
    try:
        question = _insert(
            lambda: insert(
                Question(
                    session=session,
                    organisation_id=session.organisation_id,
                    trainee_id=session.trainee_id,
                    position=position,
                    skill=item.skill,
                    variant=item.variant,
                    kind=item.kind,
                    focus=item.focus,
                    fields=list(fields),
                    walk_stage=item.walk_stage,
                    walk_action=item.walk_action,
                    scenario_version_id=item.scenario_version_id,
                    seed=item.seed,
                    document=item.document,
                    expected=expected,
                    view=view,
                    # The other games have no stud rule set.
                    ruleset=str(item.document.get("_ruleset") or "tda-2024")
                    if game(item.variant).is_stud
                    else "",
                )
            )
        )
    except IntegrityError:
        # Another request issued this position first: show that one.
        return session.questions.select_related("attempt").get(position=position)
    Question.attempt.related.set_cached_value(question, None)  # just issued: not answered
    return question


def _insert(create: Callable[[], _Row]) -> _Row:
    """One INSERT that may lose a race at a unique constraint (IntegrityError): on its own in
    autocommit, inside a savepoint when a transaction is open, so that the caller's transaction
    stays usable after the loss."""
    if transaction.get_connection().in_atomic_block:
        with transaction.atomic():
            return create()
    return create()


def _next_item(session: DrillSession, position: int) -> Item:
    rng = random.Random(f"{session.seed}|{position}")
    if session.retry_of_id is not None:
        retried = _retry_item(session, position)
        if retried is not None:
            return retried
    if session.variant in GAMES:
        authored = _other_game_authored(session, position)
        if authored is not None:
            return authored
        seed = f"{session.seed}-{position}"
        kind, document = make_document(session.variant, session.topic, rng, seed)
        return Item(
            skill=GAMES[session.variant].skill,
            variant=session.variant,
            kind=kind,
            document=document,
            fields=answer_fields(session.variant, kind),
            seed=seed,
        )
    if session.drill_set is not None:
        plan = drill_set_plan(drill_set=session.drill_set)
        entry = drill_set_entry(session=session, plan=plan, position=position)
        if entry.scenario is not None and entry.scenario.current_version is not None:
            return _authored_item(entry.scenario, session.organisation)
        return _generated_item(session, rng, entry.skill or "", entry.variant or "", position)
    if session.mode == Mode.WALK:
        return _walk_item(session, position)
    if session.mode == Mode.REVIEW:
        cards = due_review_cards(
            organisation=session.organisation, trainee=session.trainee, limit=1, session=session
        )
        if cards:
            card = cards[0]
            if card.scenario is not None and card.scenario.current_version is not None:
                return _authored_item(card.scenario, session.organisation)
            return _generated_item(session, rng, card.skill, card.variant, position)
    if session.mode in (Mode.PRACTICE, Mode.SPEED, Mode.REVIEW) and rng.randrange(AUTHORED_SHARE) == 0:
        scenario = next_pool_scenario(session=session, rng=rng, skill=session.skill, variant=session.variant)
        if scenario is not None:
            return _authored_item(scenario, session.organisation)
    return _generated_item(session, rng, session.skill, session.variant, position)


def _retry_item(session: DrillSession, position: int) -> Item | None:
    """The ``position``-th missed question of the session retried, as it was asked; None when
    that list has since shrunk (a scenario an exam now holds back)."""
    assert session.retry_of is not None
    misses = missed_questions(session=session.retry_of)
    if position >= len(misses):
        return None
    source = misses[position]
    return Item(
        skill=source.skill,
        variant=source.variant,
        kind=source.kind,
        document=source.document,
        fields=tuple(source.fields),
        focus=source.focus,
        scenario_version_id=source.scenario_version_id,
        seed=source.seed,
    )


def _other_game_authored(session: DrillSession, position: int) -> Item | None:
    """About one question in AUTHORED_SHARE of another game's practice is one of the room's
    published scenarios of that game (of the session's question kind, when it drills one). Its
    own random stream, so the generated questions stay those of the seed."""
    rng = random.Random(f"{session.seed}|{position}|authored")
    if rng.randrange(AUTHORED_SHARE) != 0:
        return None
    game = GAMES[session.variant]
    scenario = next_pool_scenario(session=session, rng=rng, skill=game.skill, variant=game.code)
    if scenario is None or scenario.current_version is None:
        return None
    if session.topic and scenario.current_version.kind != session.topic:
        return None
    return _authored_item(scenario, session.organisation)


def _authored_item(scenario: Scenario, organisation: Organisation) -> Item:
    version = scenario.current_version
    assert version is not None
    # The house rules unless the author pinned the scenario's own (one home: rules_policy).
    document = question_document(version, organisation)
    kind = version.kind
    return Item(
        skill=scenario.skill,
        variant=scenario.variant,
        kind=kind,
        document=document,
        fields=answer_fields(scenario.variant, kind),
        scenario_version_id=version.pk,
    )


def _generated_item(
    session: DrillSession, rng: random.Random, skill: str, variant: str, position: int
) -> Item:
    skill = skill or rng.choice(list(Skill.values))
    games = games_for(skill)
    variant = variant if variant in games else rng.choice(games)
    topic = pick_topic(rng, skill, variant)
    rules = house_rules_of(session.organisation)
    last: EngineError | None = None
    for attempt in range(GENERATE_TRIES):
        seed = f"{session.seed}-{position}-{attempt}"
        try:
            document = generate(
                kind=topic.kind,
                game=variant,
                seed=seed,
                ruleset=rules.ruleset,
                rules=rules.rules or None,
                structure=rules.structure,
                focus=topic.focus,
            )
        except EngineError as err:  # a room's structure the focus cannot use: try another deal
            last = err
            continue
        return Item(
            skill=skill,
            variant=variant,
            kind=topic.kind,
            focus=topic.focus or "",
            document=document,
            fields=answer_fields(variant, topic.kind, topic.focus),
            seed=seed,
        )
    assert last is not None
    raise last


def _walk_item(session: DrillSession, position: int) -> Item:
    steps = _walk_steps(session.organisation, session.variant, session.seed, session.walk_level)
    step = steps[min(position, len(steps) - 1)]
    fields = ("awards",) if step.stage == "award" else step.fields
    pots = 1
    if step.stage == "award":
        pots = len(solve(step.document)["answer"].get("pots") or [])
    return Item(
        skill=skill_of_walk_stage(step.stage, pots),
        variant=session.variant,
        kind=step.kind,
        document=step.document,
        fields=fields,
        seed=f"{session.seed}-{position}",
        walk_stage=step.stage,
        walk_action=step.action_after or "",
    )


# --- hints ----------------------------------------------------------------------------------------


def question_hint_show(*, question: Question, now: datetime | None = None) -> None:
    """Record that the trainee asked for the hint of a question not answered yet (hand walks at a
    level that offers hints on request); the answer then counts as made with help."""
    if question.session.mode != Mode.WALK or level_of(question.session.walk_level).hints != HINT_ON_REQUEST:
        raise DrillError("no_hints")
    Question.objects.filter(pk=question.pk, hint_shown_at__isnull=True, attempt__isnull=True).update(
        hint_shown_at=now or timezone.now()
    )


# --- answering ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Submitted:
    attempt: Attempt
    created: bool  # False: the question had been answered already (a replay)
    verdict: dict[str, Any]


def attempt_submit(*, question: Question, given: Mapping[str, Any], now: datetime | None = None) -> Submitted:
    """Judge and store the answer to ``question`` with its verdict; a question already answered
    keeps its attempt and its stored verdict.

    Judged against the answer solved when the question was issued. Outside exams the answer is
    one INSERT (the unique question of an attempt keeps it one per question under concurrency);
    the review schedule and the progress rollups catch up after the commit. An exam's answer is
    taken under the session's lock, refused once the sitting has ended.
    """
    now = now or timezone.now()
    session = question.session
    if session.mode == Mode.EXAM:
        return _exam_attempt_submit(question=question, given=given, now=now)
    existing = getattr(question, "attempt", None)
    if existing is not None:
        return Submitted(existing, False, existing.verdict)
    verdict = judge(question.expected, given, fields=question.fields or None)
    time_ms = max(0, int((now - question.issued_at).total_seconds() * 1000))
    speed = ""
    if is_timed(session):  # untimed modes keep the time taken but give it no mark
        target = target_seconds(question.skill, _targets(training_settings_for(question.organisation_id)))
        speed = speed_grade(time_ms, target)
    try:
        attempt = _insert(
            lambda: _attempt_of(question, session, given, verdict, time_ms, speed, review_pending=True)
        )
    except IntegrityError:
        existing = Attempt.objects.get(question=question)
        Question.attempt.related.set_cached_value(question, existing)
        return Submitted(existing, False, existing.verdict)
    Question.attempt.related.set_cached_value(question, attempt)
    attempt_recorded.send(sender=Attempt, attempt=attempt)
    send_on_commit_coalesced(
        review_catch_up,
        seconds=REVIEW_CATCH_UP_SECONDS,
        organisation_id=attempt.organisation_id,
        trainee_id=attempt.trainee_id,
    )
    # Questions are issued one at a time: the last position answered leaves none waiting.
    if session.finished_at is None and question.position + 1 >= session.planned_count:
        _end_session(session)
    return Submitted(attempt, True, verdict)


def _attempt_of(
    question: Question,
    session: DrillSession,
    given: Mapping[str, Any],
    verdict: dict[str, Any],
    time_ms: int,
    speed: str,
    *,
    review_pending: bool = False,
) -> Attempt:
    """The attempt row of an answer to ``question``, written."""
    return insert(
        Attempt(
            question=question,
            organisation_id=question.organisation_id,
            trainee_id=question.trainee_id,
            session=session,
            scenario_version_id=question.scenario_version_id,
            mode=session.mode,
            skill=question.skill,
            variant=question.variant,
            kind=question.kind,
            ruleset=question.ruleset,
            answer=dict(given),
            **verdict_columns(verdict),
            time_ms=time_ms,
            speed=speed,
            review_pending=review_pending,
        )
    )


def _exam_attempt_submit(*, question: Question, given: Mapping[str, Any], now: datetime) -> Submitted:
    # A sitting past its time limit is closed here, outside the answer's transaction, so that the
    # closing stays when the answer is refused.
    with transaction.atomic():
        session = DrillSession.objects.select_for_update().get(pk=question.session_id)
        expired = close_if_expired(session, now=now)
    if expired:
        raise ExamError("sitting_expired")
    with transaction.atomic():
        locked = Question.objects.select_for_update().select_related("session").get(pk=question.pk)
        existing = Attempt.objects.filter(question=locked).first()
        if existing is not None:
            return Submitted(existing, False, existing.verdict)
        # An exam sitting that has ended (abandoned, or past its time limit) takes no more answers.
        check_open(locked.session, now=now)
        verdict = judge(locked.expected, given, fields=locked.fields or None)
        training = training_settings_for(locked.organisation_id)
        time_ms = max(0, int((now - locked.issued_at).total_seconds() * 1000))
        target = target_seconds(locked.skill, _targets(training))
        try:
            with transaction.atomic():
                attempt = _attempt_of(
                    locked, locked.session, given, verdict, time_ms, speed_grade(time_ms, target)
                )
        except IntegrityError:
            existing = Attempt.objects.get(question=locked)
            return Submitted(existing, False, existing.verdict)
        attempt_recorded.send(sender=Attempt, attempt=attempt)
        session = locked.session
        if session.finished_at is None and locked.position + 1 >= session.planned_count:
            exam_finish(session, now=now)
    Question.attempt.related.set_cached_value(question, attempt)
    return Submitted(attempt, True, verdict)


def _targets(training: TrainingSettings) -> dict[str, float]:
    from .targets import clean_speed_targets

    return clean_speed_targets(training.speed_targets)
