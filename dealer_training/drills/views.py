"""Drill pages: choose a drill, answer its questions at the table, see the result."""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from datetime import datetime
from statistics import median
from typing import Any

from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import HttpResponseClientRedirect, reswap, retarget

from dealer_training.accounts.access import ALL_ROLES, OrgHttpRequest, org_view
from dealer_training.links import url_of
from dealer_training.scenarios.choices import Skill, Variant
from dealer_training.scenarios.labels import KIND_LABELS
from dealer_training.scenarios.models import DrillSet
from games.api import game

from . import answer_form, other_games
from . import tenstud as tenstud_present
from .answer_form import AnswerError
from .exams import ExamError, close_if_expired, exam_abandon, exam_score, items_visible, sitting_status
from .forms import StartForm
from .grades import GradeBars, grade_report
from .labels import skill_label
from .live import is_live, live_context
from .models import Certificate, DrillSession, Mode, Question
from .present import (
    controls_for,
    feedback_for,
    game_code,
    kind_label,
    marked_seats,
    marked_table_for,
    seats_to_answer,
    table_for,
)
from .reference import reference_sections
from .selectors import (
    grade_answers,
    missed_questions,
    next_answered_question,
    question_for_trainee,
    recent_sessions,
    review_summary,
    session_attempts,
    session_for_trainee,
    training_settings_for,
)
from .services import (
    DrillError,
    attempt_submit,
    question_hint_show,
    session_end,
    session_question,
    session_retry_misses,
    session_start,
    weak_skill_start,
)
from .targets import clean_speed_targets, is_timed, target_seconds
from .topics import games_for
from .walk_levels import DEFAULT_LEVEL, LEVELS

INVALID = 422
CONFLICT = 409
DECK_SESSION_KEY = "drills_deck"

ERRORS = {
    "unknown_mode": gettext_lazy("Choose a mode."),
    "unknown_skill": gettext_lazy("Choose a skill."),
    "unknown_game": gettext_lazy("Choose a game."),
    "skill_not_in_game": gettext_lazy(
        "This skill is not drilled in this game (razz ordering is a razz skill)."
    ),
    "unknown_drill_set": gettext_lazy("This drill set does not exist."),
    "empty_drill_set": gettext_lazy("This drill set has no published items yet."),
    "drill_set_too_large": gettext_lazy(
        "This drill set asks more questions than one session can hold: ask your instructor to shorten it."
    ),
    "other_game_practice_only": gettext_lazy("This game is drilled in practice and speed mode."),
    "unknown_topic": gettext_lazy("Choose one of the game's questions."),
    "unknown_walk_level": gettext_lazy("Choose a level."),
    "exam_needs_exam_set": gettext_lazy(
        "An exam is started from one of your organisation's exams, listed on the drills page."
    ),
    "no_misses": gettext_lazy("Every answer of this session was right: there is nothing to retry."),
    "exam_no_retry": gettext_lazy(
        "An exam's items are not retried in practice; your result shows what to review."
    ),
    "no_answers_yet": gettext_lazy(
        "There are no answers to grade yet: practise a skill first, then review the weakest one."
    ),
    "explain_at_end_practice_only": gettext_lazy(
        "Explanations at the end are for practice and speed sessions; choose after each answer."
    ),
    "explanations_held": gettext_lazy(
        "This session's answers are explained when it ends: end it first, then retry the misses."
    ),
    "not_explained_at_end": gettext_lazy(
        "Only a session whose explanations come at the end is ended this way."
    ),
}

EXAM_ERRORS = {
    "exam_needs_exam_set": ERRORS["exam_needs_exam_set"],
    "empty_drill_set": ERRORS["empty_drill_set"],
    "drill_set_too_large": ERRORS["drill_set_too_large"],
    "no_sittings_left": gettext_lazy("You have used all %(allowed)s sittings of this exam."),
    "cooling_down": gettext_lazy("The next sitting of this exam is allowed from %(allowed_from)s."),
    "sitting_expired": gettext_lazy("The time for this sitting is up: it was closed and scored as it stood."),
    "sitting_closed": gettext_lazy("This sitting has ended and takes no more answers."),
    "not_an_exam": gettext_lazy("Only an exam sitting can be abandoned."),
}


def exam_message(error: ExamError) -> str:
    params = {
        name: date_format(timezone.localtime(value), "DATETIME_FORMAT")
        if isinstance(value, datetime)
        else value
        for name, value in error.params.items()
    }
    return str(EXAM_ERRORS[error.code]) % params


# The element "Next question" swaps the next question into (base.html's <main>).
NEXT_TARGET = "main"


def _go(request: OrgHttpRequest, url: str) -> HttpResponse:
    """To ``url``: the whole page for an htmx request (HX-Redirect), a redirect otherwise."""
    return HttpResponseClientRedirect(url) if request.htmx else HttpResponseRedirect(url)


def _session_or_404(request: OrgHttpRequest, pk: int) -> DrillSession:
    session = session_for_trainee(organisation=request.org, trainee=request.user, pk=pk)
    if session is None:
        raise Http404("No such drill session.")
    return session


def _question_or_404(request: OrgHttpRequest, pk: int) -> Question:
    question = question_for_trainee(organisation=request.org, trainee=request.user, pk=pk)
    if question is None:
        raise Http404("No such question.")
    return question


@org_view(roles=ALL_ROLES)
@require_GET
def index(request: OrgHttpRequest) -> HttpResponse:
    skills = [
        {"code": code, "label": label, "games": [(g, Variant(g).label) for g in games_for(code)]}
        for code, label in Skill.choices
    ]
    context = {
        "form": StartForm(),
        "skills": skills,
        "variants": Variant.choices,
        "modes": [(m, label) for m, label in Mode.choices if m != Mode.EXAM],
        "exams": [
            (exam, sitting_status(drill_set=exam, trainee=request.user))
            for exam in DrillSet.objects.filter(organisation=request.org, is_exam=True).order_by("title")[:20]
        ],
        "review": review_summary(organisation=request.org, trainee=request.user),
        "sessions": recent_sessions(organisation=request.org, trainee=request.user),
        "other_games": other_games.GAMES.values(),
        "walk_levels": LEVELS.values(),
        "default_walk_level": DEFAULT_LEVEL,
    }
    return render(request, "drills/index.html", context)


@org_view(roles=ALL_ROLES)
@require_POST
def start(request: OrgHttpRequest) -> HttpResponse:
    form = StartForm(request.POST, organisation=request.org)
    if not form.is_valid():
        return _start_refused(request, form.first_error())
    data = form.cleaned_data
    try:
        session = session_start(
            organisation=request.org,
            trainee=request.user,
            mode=data["mode"],
            skill=data["skill"],
            variant=data["variant"],
            drill_set=data["drill_set"],
            count=data["count"],
            topic=data["topic"],
            walk_level=data["walk_level"] if data["mode"] == Mode.WALK else "",
            explain_at_end=data["explanations"],
        )
    except DrillError as err:
        return _start_refused(request, str(ERRORS.get(err.code, err.code)))
    except ExamError as err:
        # A request that is not an exam is invalid; an exam over its allowance or in its cool-down
        # conflicts with the sittings already made.
        status = CONFLICT if err.code in ("no_sittings_left", "cooling_down") else INVALID
        return _start_refused(request, exam_message(err), status=status)
    url = reverse("drills:play", args=[request.org.slug, session.pk])
    return _go(request, url)


def _start_refused(request: OrgHttpRequest, message: str, *, status: int = INVALID) -> HttpResponse:
    return render(request, "drills/start_refused.html", {"message": message}, status=status)


@org_view(roles=ALL_ROLES)
@require_GET
def play(request: OrgHttpRequest, session_id: int) -> HttpResponse:
    found = session_question(organisation=request.org, trainee=request.user, pk=session_id)
    if found is None:
        raise Http404("No such drill session.")
    session, question = found
    if question is None:
        url = reverse("drills:result", args=[request.org.slug, session.pk])
        return _go(request, url)
    return _question_page(request, session, question)


@org_view(roles=ALL_ROLES)
@require_GET
def question_detail(request: OrgHttpRequest, question_id: int) -> HttpResponse:
    question = _question_or_404(request, question_id)
    if not hasattr(question, "attempt"):
        return redirect("drills:play", org_slug=request.org.slug, session_id=question.session_id)
    return _question_page(request, question.session, question)


def _question_page(
    request: OrgHttpRequest,
    session: DrillSession,
    question: Question,
    *,
    errors: dict[str, str] | None = None,
    given: Mapping[str, Any] | None = None,
    status: int = 200,
    just_answered: bool = False,
) -> HttpResponse:
    attempt = getattr(question, "attempt", None)
    # In an exam nothing about the item shows until the sitting ends, then only in a full review;
    # in a session whose explanations come at the end, nothing until it ends.
    feedback = attempt is not None and items_visible(session)
    # The answer just given by htmx, on a table that changes only by the seats the answer names:
    # the panel and those seats are drawn, the rest of the table stays on the page.
    marks_only = just_answered and feedback and request.htmx and _marks_only(session, question)
    # Once answered (outside exams) the table marks the seats the answer names (a showdown's hands
    # are tabled before the answer already: the engine's view of those kinds turns them up).
    if marks_only:
        table = marked_table_for(question)
    else:
        table = table_for(question, mark=marked_seats(question) if feedback else ())
    context = _question_context(
        request,
        session,
        question,
        table,
        given=given or {},
        errors=errors or {},
        answered=attempt is not None,
    )
    context["errors"] = errors or {}
    context["given"] = given or {}
    if attempt is not None:
        # The verdict stored with the answer (never judged again here: a later change to judging
        # must not show a new verdict beside the stored score).
        context.update(
            _answered_context(request, session, question, attempt, attempt.verdict, feedback=feedback)
        )
    context["live"] = live_context(
        session=session,
        question=question,
        answered=attempt is not None,
        feedback=feedback,
        correct=attempt is not None and attempt.correct,
        last=bool(context.get("last")),
    )
    if marks_only:
        # The panel takes the place of the form's panel, the seats theirs (hx-swap-oob).
        response = render(request, "drills/question.html#marks", context, status=status)
        return reswap(retarget(response, "#question-panel"), "outerHTML")
    if request.htmx and request.htmx.target == NEXT_TARGET:
        # "Next question": the page under the header, which stays.
        template = "drills/question.html#next_page"
    elif request.htmx:
        # htmx swaps the table and the panel in place (the answer form's target).
        template = "drills/question.html#main"
    else:
        template = "drills/question.html"
    return render(request, template, context, status=status)


def _marks_only(session: DrillSession, question: Question) -> bool:
    """Whether the answer's response may draw only the panel and the seats it marks: a stud
    question outside exams, not a hand walk's step (the live table keeps its state on the element
    and is drawn again whole)."""
    return session.mode != Mode.EXAM and game(game_code(question)).is_stud and not is_live(session, question)


def _question_context(
    request: OrgHttpRequest,
    session: DrillSession,
    question: Question,
    table: dict[str, Any],
    *,
    given: Mapping[str, Any],
    errors: Mapping[str, str],
    answered: bool,
) -> dict[str, object]:
    target = None
    if session.mode == Mode.SPEED or (session.mode == Mode.WALK and is_timed(session)):
        training = training_settings_for(request.org.pk)
        target = target_seconds(question.skill, clean_speed_targets(training.speed_targets))
    slug = request.org.slug
    number = question.position + 1
    return {
        "session": session,
        "question": question,
        "number": number,
        "heading": _("Question %(number)s of %(total)s") % {"number": number, "total": session.planned_count},
        # The page's links, built without a reverse() each (dealer_training.links).
        "deck_url": url_of("drills:deck", slug),
        "answer_url": url_of("drills:answer", slug, question.pk),
        "table": table,
        # The answer form's inputs (an answered question shows no form).
        "controls": None if answered else controls_for(question, table, given=given, errors=errors),
        # The other games draw their own table (one presenter per game family).
        "other": not game(game_code(question)).is_stud,
        "skill_label": _skill_label(question),
        "variant_label": Variant(question.variant).label
        if question.variant in Variant.values
        else other_games.GAME_LABELS.get(question.variant, ""),
        "kind_label": kind_label(game_code(question), question.kind),
        "target": target,
        "deck": request.session.get(DECK_SESSION_KEY, "two"),
        "exam": session.mode == Mode.EXAM,
        # Only the timed modes mark an answer's time fast, normal or slow.
        "timed": is_timed(session),
        "exam_running": session.mode == Mode.EXAM and session.finished_at is None,
        # Practice or speed with the explanations at the end, still running: answers are only
        # recorded, and the trainee may end it to see them.
        "explanations_held": session.mode != Mode.EXAM and not items_visible(session),
        "answered": False,
        # "Next question" swaps the next one in by htmx (NEXT_TARGET), except in hand walks.
        "next_by_htmx": session.mode != Mode.WALK,
    }


def _answered_context(
    request: OrgHttpRequest,
    session: DrillSession,
    question: Question,
    attempt: object,
    verdict: dict[str, Any],
    *,
    feedback: bool,
) -> dict[str, object]:
    slug = request.org.slug
    context: dict[str, object] = {"answered": True}
    if feedback:
        context["attempt"] = attempt
        context["feedback"] = feedback_for(question, attempt, verdict)
    context["last"] = question.position + 1 >= session.planned_count
    # A finished session is reviewed from its result: the way on is the next answered question
    # and back to the result, never "next question" (there is none to answer).
    context["reviewing"] = session.finished_at is not None and not context["last"]
    context["result_url"] = url_of("drills:result", slug, session.pk)
    if context["reviewing"]:
        next_answered = next_answered_question(session=session, after=question.position)
        context["next_answered"] = next_answered
        if next_answered is not None:
            context["next_answered_url"] = url_of("drills:question", slug, next_answered.pk)
    else:
        context["next_url"] = url_of("drills:play", slug, session.pk)
    return context


@org_view(roles=ALL_ROLES)
@require_POST
def answer(request: OrgHttpRequest, question_id: int) -> HttpResponse:
    question = _question_or_404(request, question_id)
    session = question.session
    # A question answered before (a second post) is drawn again whole.
    just_answered = not hasattr(question, "attempt")
    if just_answered:
        try:
            seats, ranked = seats_to_answer(question)
            given = answer_form.parse(
                game_code(question), question.kind, question.fields, request.POST, seats=seats, ranked=ranked
            )
        except AnswerError as err:
            return _question_page(
                request, session, question, errors=err.errors, given=request.POST, status=INVALID
            )
        try:
            attempt_submit(question=question, given=given)
        except ExamError as err:
            return _sitting_ended(request, session, exam_message(err))
    if not request.htmx:
        return redirect("drills:question", org_slug=request.org.slug, question_id=question.pk)
    return _question_page(request, session, question, just_answered=just_answered)


@org_view(roles=ALL_ROLES)
@require_POST
def hint(request: OrgHttpRequest, question_id: int) -> HttpResponse:
    """Show the hint of a hand-walk question (levels with hints on request); it is recorded, so
    the answer does not count as made without help. htmx swaps the banner that holds it."""
    question = _question_or_404(request, question_id)
    session = question.session
    try:
        question_hint_show(question=question)
    except DrillError:
        return HttpResponse(_("This level gives no hints."), status=CONFLICT)
    if not request.htmx:
        return redirect("drills:play", org_slug=request.org.slug, session_id=session.pk)
    question.refresh_from_db()
    live = live_context(
        session=session,
        question=question,
        answered=hasattr(question, "attempt"),
        feedback=False,
        correct=False,
        last=False,
    )
    return render(request, "drills/_live_banner.html", {"live": live, "question": question})


def _sitting_ended(request: OrgHttpRequest, session: DrillSession, message: str) -> HttpResponse:
    """An answer to an exam sitting that has ended: refused, with the way to its result."""
    return render(
        request, "drills/sitting_ended.html", {"message": message, "session": session}, status=CONFLICT
    )


@org_view(roles=ALL_ROLES)
@require_POST
def abandon(request: OrgHttpRequest, session_id: int) -> HttpResponse:
    """Stop a running exam sitting; it is recorded as abandoned and counts as a sitting."""
    session = _session_or_404(request, session_id)
    try:
        exam_abandon(session=session)
    except ExamError as err:
        return _sitting_ended(request, session, exam_message(err))
    url = reverse("drills:result", args=[request.org.slug, session.pk])
    return _go(request, url)


@org_view(roles=ALL_ROLES)
@require_POST
def end(request: OrgHttpRequest, session_id: int) -> HttpResponse:
    """End a session whose explanations come at the end now, to see those of what was answered."""
    session = _session_or_404(request, session_id)
    try:
        session_end(session=session)
    except DrillError as err:
        return HttpResponse(str(ERRORS[err.code]), status=CONFLICT)
    url = reverse("drills:result", args=[request.org.slug, session.pk])
    return _go(request, url)


@org_view(roles=ALL_ROLES)
@require_GET
def result(request: OrgHttpRequest, session_id: int) -> HttpResponse:
    session = _session_or_404(request, session_id)
    if session.mode == Mode.EXAM:
        return _exam_result(request, session)
    if not items_visible(session):
        # The explanations come at the end: while the session runs, only how far it has got.
        held = {"session": session, "held": True, "answered": session.attempts.count()}
        return render(request, "drills/result.html", held)
    questions = list(session_attempts(session=session))
    attempts = [q.attempt for q in questions if hasattr(q, "attempt")]
    right = sum(1 for a in attempts if a.correct)
    timed = is_timed(session)
    training = training_settings_for(request.org.pk)
    bars = GradeBars.from_settings(training)
    report = grade_report(
        grade_answers(organisation_id=request.org.pk, trainee_id=request.user.pk, training=training),
        bars=bars,
    )
    skills = sorted({a.skill for a in attempts})
    context: dict[str, object] = {
        "session": session,
        "questions": questions,
        "show_items": True,
        "answered": len(attempts),
        "right": right,
        "accuracy": round(100 * right / len(attempts)) if attempts else 0,
        "median_seconds": median([a.time_ms for a in attempts]) / 1000 if attempts else None,
        "timed": timed,
        "speeds": {mark: sum(1 for a in attempts if a.speed == mark) for mark in ("fast", "normal", "slow")}
        if timed
        else None,
        "overall_grade": report.overall,
        "skill_grades": [
            (skill_label(skill), report.skills[skill]) for skill in skills if skill in report.skills
        ],
        "grade_bars": bars,
        "misses": len(missed_questions(session=session)),
        "kind_labels": KIND_LABELS,
        "finished": session.finished_at is not None,
    }
    return render(request, "drills/result.html", context)


@org_view(roles=ALL_ROLES)
@require_POST
def retry_misses(request: OrgHttpRequest, session_id: int) -> HttpResponse:
    """Start a practice session of the questions this session missed, in the same order."""
    session = _session_or_404(request, session_id)
    try:
        retry = session_retry_misses(session=session)
    except DrillError as err:
        return _start_refused(request, str(ERRORS[err.code]), status=CONFLICT)
    url = reverse("drills:play", args=[request.org.slug, retry.pk])
    return _go(request, url)


@org_view(roles=ALL_ROLES)
@require_POST
def weak_skills(request: OrgHttpRequest) -> HttpResponse:
    """Start practice on the trainee's weakest skill by grade."""
    try:
        session = weak_skill_start(organisation=request.org, trainee=request.user)
    except DrillError as err:
        return _start_refused(request, str(ERRORS[err.code]), status=CONFLICT)
    url = reverse("drills:play", args=[request.org.slug, session.pk])
    return _go(request, url)


def _exam_result(request: OrgHttpRequest, session: DrillSession) -> HttpResponse:
    """A sitting's result: while it runs only how far it has got; after, the score, and each item
    only when its exam offers the full review."""
    close_if_expired(session)
    context: dict[str, object] = {"session": session, "kind_labels": KIND_LABELS, "timed": True}
    if session.finished_at is None:
        context["running"] = True
        context["answered"] = session.attempts.count()
        return render(request, "drills/result.html", context)
    context["exam"] = exam_score(session=session)
    context["certificate"] = Certificate.objects.filter(session=session).first()
    context["show_items"] = items_visible(session)
    if context["show_items"]:
        context["questions"] = list(session_attempts(session=session))
    return render(request, "drills/result.html", context)


_SKILLS = frozenset(Skill.values)


def _skill_label(question: Question) -> str:
    if question.variant in other_games.GAMES:
        topic = other_games.GAMES[question.variant].topic(question.kind)
        return str(topic.label) if topic else question.kind
    return str(Skill(question.skill).label) if question.skill in _SKILLS else question.skill


@org_view(roles=ALL_ROLES)
@require_POST
def deck(request: OrgHttpRequest) -> HttpResponse:
    """Switch between the two-colour and the four-colour deck (kept for this login)."""
    choice = request.POST.get("deck")
    if choice not in ("two", "four"):
        return HttpResponse(_("Choose two or four colours."), status=400)
    request.session[DECK_SESSION_KEY] = choice
    back = request.POST.get("next") or reverse("drills:index", args=[request.org.slug])
    if not back.startswith("/") or back.startswith("//"):
        back = reverse("drills:index", args=[request.org.slug])
    return HttpResponse(status=204) if request.htmx else HttpResponseRedirect(back)


MAX_SEED_LENGTH = 32


@org_view(roles=ALL_ROLES)
@require_GET
def tenstud_deal(request: OrgHttpRequest) -> HttpResponse:
    """Ten-card stud played step by step: who reveals, and why, until the ranking and the split.

    ``?seed=`` makes the deal (the same seed, the same deal; without one a new seed is chosen)
    and ``?step=`` how far it has gone (0: the door cards only).
    """
    seed = request.GET.get("seed", "")
    if not seed:
        url = reverse("drills:tenstud_deal", args=[request.org.slug])
        return redirect(f"{url}?seed={secrets.token_hex(4)}&step=0")
    step_text = request.GET.get("step", "0")
    if len(seed) > MAX_SEED_LENGTH or not seed.isalnum() or not step_text.isdigit():
        return HttpResponse(_("This deal does not exist."), status=400)
    deal = tenstud_present.deal_context(seed, int(step_text))
    if deal is None:
        raise Http404("No such step.")
    return render(request, "drills/tenstud_deal.html", {"deal": deal, "seed": seed})


@org_view(roles=ALL_ROLES)
@require_GET
def rules_reference(request: OrgHttpRequest) -> HttpResponse:
    """Every rule the answers cite, by rulebook, and the drills that exercise it."""
    return render(request, "drills/rules_reference.html", {"sections": reference_sections()})
