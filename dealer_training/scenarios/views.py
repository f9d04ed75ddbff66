"""Scenario pages: the list, the table editor with its live preview, publishing, variations."""

import json
from typing import Any

from django import forms
from django.contrib import messages
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django_htmx.http import HttpResponseClientRedirect

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view
from dealer_training.accounts.house_rules import flag_rule_keys
from dealer_training.pagination import paginate
from games.core.cards import FULL_DECK
from games.core.errors import EngineError

from . import exports
from .answerability import (
    ScenarioNotAnswerable,
    answerability_problems,
    problem_messages,
    unanswerable_scenarios,
)
from .choices import OTHER_GAME_SKILLS, SCENARIO_GAMES, OtherGame, Skill
from .conflicts import conflict_sides
from .editor import Draft, draft_from_document, draft_from_post
from .engine import message_for, place_of, stack_message, suggested_skill
from .forms import VaryForm
from .labels import KIND_LABELS, QUESTION_SHORT, card_info, describe_event
from .models import Scenario
from .present import action_rows, answer_context, build_actions, hand_log, legal_buttons
from .rules_policy import house_rules, rules_label, scenario_rules_label
from .selectors import (
    scenario_for_organisation,
    scenarios_for_organisation,
    scenarios_to_check,
    variations_of,
    versions_with_counts,
)
from .services import ScenarioConflict, scenario_save, scenario_set_status
from .services import scenario_vary as scenario_vary_service
from .stud_table import table_context
from .vary_present import variation_rows

INVALID = 422
CONFLICT = 409


def _scenario_or_404(request: OrgHttpRequest, pk: int) -> Scenario:
    scenario = scenario_for_organisation(organisation=request.org, pk=pk)
    if scenario is None:
        raise Http404("No such scenario.")
    return scenario


# --- list -----------------------------------------------------------------------------------------


@org_view(roles=STAFF_ROLES)
@require_GET
def scenario_list(request: OrgHttpRequest) -> HttpResponse:
    filters = {
        "q": request.GET.get("q", "")[:100],
        "status": request.GET.get("status", "")
        if request.GET.get("status") in Scenario.Status.values
        else "",
        "skill": request.GET.get("skill", "") if request.GET.get("skill") in Skill.values else "",
        "variant": request.GET.get("variant", "")
        if request.GET.get("variant") in dict(SCENARIO_GAMES)
        else "",
        "kind": request.GET.get("kind", "") if request.GET.get("kind") in QUESTION_SHORT else "",
    }
    page = paginate(request, scenarios_for_organisation(organisation=request.org, filters=filters))
    for scenario in page.object_list:
        kind = scenario.current_version.kind if scenario.current_version else ""
        scenario.kind_label = KIND_LABELS.get(kind, kind)
        scenario.rules_label = scenario_rules_label(scenario, request.org)
    context = {
        "page": page,
        "filters": filters,
        "statuses": Scenario.Status.choices,
        "skills": Skill.choices,
        "variants": SCENARIO_GAMES,
        "other_games": OtherGame.choices,
        "kinds": list(QUESTION_SHORT.items()),
        "kind_labels": QUESTION_SHORT,
    }
    template = (
        "scenarios/list.html#results"
        if request.htmx and request.htmx.target == "results"
        else "scenarios/list.html"
    )
    return render(request, template, context)


# --- the editor -----------------------------------------------------------------------------------


def _errors_by_place(draft: Draft) -> dict[str, Any]:
    """Engine errors sorted to the part of the editor they concern."""
    out: dict[str, Any] = {
        "general": None,
        "question": None,
        "stack": {},
        "structure": {},
        "rule": {},
        "event": {},
    }
    checked = draft.checked
    if checked is None:
        return out
    if checked.error is not None:
        place = place_of(checked.error.path)
        text = message_for(checked.error, checked.seats)
        if place.section == "action":
            # Shown on the action's row; a stack too small for it is said at the stack as well.
            short = checked.short_stack
            if short is not None and short.player < len(checked.seats):
                out["stack"][checked.seats[short.player]] = stack_message(short, checked.seats)
        elif place.section == "stack" and place.index is not None:
            seats = draft.setup.cleaned_data.get("seats") or []
            seat = seats[place.index] if place.index < len(seats) else None
            out["stack"][seat] = text
        elif place.section == "structure":
            out["structure"][place.name] = text
        elif place.section in ("rule", "ruleset"):
            out["rule"][place.name or "ruleset"] = text
        elif place.section == "event" and place.index is not None:
            out["event"][place.index] = text
        elif place.section == "question":
            out["question"] = text
        else:
            out["general"] = text
    elif checked.solve_error is not None:
        out["question"] = message_for(checked.solve_error, checked.seats)
    return out


def _editor_context(
    request: OrgHttpRequest, draft: Draft, scenario: Scenario | None, **extra: Any
) -> dict[str, Any]:
    checked = draft.checked
    deal = draft.deal_due()
    used = draft.used_cards
    picker = None
    if deal is not None:
        picked = [card_info(c) for c in draft.pending]
        picker = {
            "seat": deal.get("seat"),
            "count": deal["count"],
            "community": deal["kind"] == "deal_community",
            "third_street": deal["count"] == 3,
            "picked": picked,
            "remaining": deal["count"] - len(picked),
            "cards": [
                {**card_info(c), "used": str(c) in used, "picked": str(c) in draft.pending}
                for c in sorted(FULL_DECK, key=lambda c: ("shdc".index(str(c)[1]), -int(c.rank)))
            ],
        }
    errors = _errors_by_place(draft)
    rows = action_rows(draft.actions, checked)
    setup = draft.setup
    solution = checked.solution if checked else None
    # While an action is refused the preview stays at the last point the engine accepts.
    preview_upto = None
    view = checked.view if checked else None
    if checked is not None and checked.error is not None and checked.preview_view is not None:
        view, solution, preview_upto = checked.preview_view, checked.preview_solution, checked.preview_upto
    answerability: list[str] = []
    if checked is not None and checked.ok:
        try:
            answerability = problem_messages(answerability_problems(checked.document))
        except EngineError:
            answerability = []
    skill_suggestion = ""
    if checked is not None and checked.ok and solution:
        skill_suggestion = _name_the_suggested_skill(draft, solution, checked.document)
    return {
        "skill_suggestion": skill_suggestion,
        "scenario": scenario,
        "draft": draft,
        "setup": setup,
        "question_form": draft.question,
        "meta": draft.meta,
        "event_form": draft.event_form,
        "stacks": [
            {"seat": seat, "field": field, "error": errors["stack"].get(seat)}
            for seat, field in setup.stack_fields()
        ],
        "rule_fields": [
            (field, errors["rule"].get(flag), flag_rule_keys(flag))
            for field, flag in ((f, f.name[len("rule_") :]) for f in setup.rule_fields())
        ],
        "ruleset_error": errors["rule"].get("ruleset"),
        "structure_errors": errors["structure"],
        "errors": errors,
        "actions": rows,
        "hand_log": hand_log(rows),
        "events": [
            {
                "index": i,
                "json": json.dumps(e, ensure_ascii=False),
                "text": describe_event(e),
                "error": errors["event"].get(i),
            }
            for i, e in enumerate(draft.events)
        ],
        "carry_json": json.dumps(draft.carry, ensure_ascii=False),
        "cleared_json": json.dumps(draft.cleared, ensure_ascii=False) if draft.cleared else "",
        "pending_text": "".join(draft.pending),
        "picker": picker,
        "choices": legal_buttons(draft.betting_choices()),
        "build": build_actions(draft),
        "hand_over": checked is not None and checked.error is None and not checked.legal,
        "table": table_context(view) if view else None,
        "preview_upto": preview_upto,
        "answer": answer_context(solution),
        **_rules_context(draft),
        "answerability": answerability,
        "revision": _base_revision(request, scenario),
        # The version history sits below the editor on the full page only.
        "versions": list(versions_with_counts(scenario=scenario)) if scenario and not request.htmx else None,
        "action_url": reverse("scenarios:edit", args=[request.org.slug, scenario.pk])
        if scenario
        else reverse("scenarios:create", args=[request.org.slug]),
        **extra,
    }


def _rules_context(draft: Draft) -> dict[str, Any]:
    """Whose rules the scenario is solved with, for the editor's rules partial."""
    rules = draft.rules()
    return {
        "rules_pinned": draft.pinned,
        "rules_label": rules_label(ruleset=rules.ruleset, pinned=draft.pinned) if rules else "",
    }


def _base_revision(request: OrgHttpRequest, scenario: Scenario | None) -> int | None:
    """The revision the edit started from: set when the page loads, carried by every round trip.

    Previews never move it (the form posts it back unchanged); only a save loads a newer one.
    """
    if scenario is None:
        return None
    if request.method == "POST":
        try:
            return int(request.POST.get("revision", ""))
        except ValueError:
            return -1
    return scenario.revision


def _name_the_suggested_skill(draft: Draft, solution: dict[str, Any], document: dict[str, Any]) -> str:
    """The empty skill choice says which skill saving will give the question (returned too, for
    the note the live preview redraws: it never redraws the choice itself)."""
    suggested = suggested_skill(solution["kind"], str(document.get("variant")), solution, document)
    field = draft.meta.fields["skill"]
    assert isinstance(field, forms.ChoiceField)
    label = _("From the question: %(skill)s") % {"skill": Skill(suggested).label}
    field.choices = [("", label), *Skill.choices]
    return label


def _render_editor(
    request: OrgHttpRequest, draft: Draft, scenario: Scenario | None, status: int = 200, **extra: Any
) -> HttpResponse:
    context = _editor_context(request, draft, scenario, **extra)
    template = "scenarios/editor.html#editor" if request.htmx else "scenarios/editor.html"
    return render(request, template, context, status=status)


def _save(request: OrgHttpRequest, draft: Draft, scenario: Scenario | None, publish: bool) -> HttpResponse:
    meta = draft.meta
    checked = draft.checked
    if not meta.is_valid() or not (meta.cleaned_data.get("title") or "").strip():
        if meta.is_valid():
            meta.add_error("title", _("Give the scenario a title before saving."))
        return _render_editor(request, draft, scenario, INVALID, save_error=_("The scenario was not saved."))
    if checked is None or not checked.ok:
        reason = _("The scenario was not saved: the engine must be able to answer its question first.")
        problems = (
            [message_for(checked.solve_error, checked.seats)] if checked and checked.solve_error else []
        )
        return _render_editor(request, draft, scenario, INVALID, save_error=reason, save_problems=problems)
    base_revision = _base_revision(request, scenario)
    if scenario is not None and request.POST.get("op") == "save_over":
        # "Keep mine": save over the version shown side by side, and over nothing newer.
        try:
            base_revision = int(request.POST.get("theirs_revision", ""))
        except ValueError:
            base_revision = -1
    status = Scenario.Status.PUBLISHED if publish else (None if scenario else Scenario.Status.DRAFT)
    try:
        saved = scenario_save(
            organisation=request.org,
            user=request.user,
            document=checked.document,
            title=meta.cleaned_data["title"].strip(),
            notes=meta.cleaned_data.get("notes") or "",
            tags=meta.tag_list(),
            skill=meta.cleaned_data.get("skill") or "",
            difficulty=meta.cleaned_data.get("difficulty") or 2,
            status=status,
            scenario=scenario,
            base_revision=base_revision,
            rules_pinned=draft.pinned,
        )
    except ScenarioConflict:
        assert scenario is not None
        scenario.refresh_from_db()
        sides = conflict_sides(scenario=scenario, draft=draft)
        return _render_editor(request, draft, scenario, CONFLICT, conflict=sides)
    except ScenarioNotAnswerable as refused:
        if publish:
            reason = _(
                "Not published: trainees cannot work out the answer from the table they are shown. "
                "Save it as a draft to keep your work."
            )
        else:
            reason = _(
                "Not saved: this scenario is published, and after this change trainees cannot work "
                "out the answer from the table. Make it a draft first, or change the hand."
            )
        return _render_editor(
            request, draft, scenario, INVALID, save_error=reason, save_problems=refused.messages()
        )
    except EngineError as err:
        return _render_editor(request, draft, scenario, INVALID, save_error=message_for(err, checked.seats))
    return saved_response(request, saved, publish=publish, url_name="scenarios:edit")


def saved_response(request: OrgHttpRequest, saved: Scenario, *, publish: bool, url_name: str) -> HttpResponse:
    """After a save in either editor: say so, and open the saved scenario's editor again."""
    if publish:
        messages.success(
            request,
            _("“%(title)s” is saved and published: trainees can be asked it now.") % {"title": saved.title},
        )
    else:
        messages.success(request, _("“%(title)s” is saved.") % {"title": saved.title})
    url = reverse(url_name, args=[request.org.slug, saved.pk])
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


def _editor(request: OrgHttpRequest, scenario: Scenario | None) -> HttpResponse:
    if request.method == "GET":
        document = scenario.current_version.document if scenario and scenario.current_version else None
        meta = None
        if scenario is not None:
            meta = {
                "title": scenario.title,
                "notes": scenario.notes,
                "tags": scenario.tags,
                "skill": scenario.skill,
                "difficulty": scenario.difficulty,
            }
        draft = draft_from_document(
            organisation=request.org,
            document=document,
            meta=meta,
            house=house_rules(request.org),
            pinned=scenario.rules_pinned if scenario is not None else False,
        )
        draft.run()
        return _render_editor(request, draft, scenario)
    draft = draft_from_post(request.POST, house=house_rules(request.org))
    draft.run()
    op = request.POST.get("op", "")[:300]
    if op in ("save", "save_over", "publish"):
        return _save(request, draft, scenario, publish=op == "publish")
    status = 200
    if op and not draft.take(op):
        status = INVALID
    draft.run()
    extra = {}
    if scenario is not None and request.POST.get("theirs_revision"):
        # A refused save stays side by side while the instructor keeps editing, until saved.
        extra["conflict"] = conflict_sides(scenario=scenario, draft=draft)
    return _render_editor(request, draft, scenario, status, **extra)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def scenario_create(request: OrgHttpRequest) -> HttpResponse:
    return _editor(request, None)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def scenario_edit(request: OrgHttpRequest, pk: int) -> HttpResponse:
    scenario = _scenario_or_404(request, pk)
    if scenario.variant in OTHER_GAME_SKILLS:  # the other games have their own editor
        return redirect("scenarios:other_edit", request.org.slug, pk)
    return _editor(request, scenario)


# --- status, delete, variations, single export ------------------------------------------------------


def _refused_on_editor(request: OrgHttpRequest, pk: int, message: str) -> HttpResponse:
    """A refused status change: back to the editor, where the message says why."""
    messages.error(request, message)
    url = reverse("scenarios:edit", args=[request.org.slug, pk])
    if request.htmx:
        return HttpResponseClientRedirect(url)
    response = redirect(url)
    response.status_code = 303
    return response


@org_view(roles=STAFF_ROLES)
@require_POST
def scenario_status(request: OrgHttpRequest, pk: int) -> HttpResponse:
    scenario = _scenario_or_404(request, pk)
    status = request.POST.get("status", "")
    if status not in Scenario.Status.values:
        return HttpResponse(_("Unknown status."), status=400)
    if status == Scenario.Status.PUBLISHED and scenario.current_version is None:
        return HttpResponse(_("This scenario has no version to publish."), status=409)
    try:
        base = int(request.POST.get("revision", ""))
    except ValueError:
        base = None
    try:
        scenario = scenario_set_status(scenario=scenario, status=status, base_revision=base)
    except ScenarioNotAnswerable as refused:
        reasons = " ".join(refused.messages())
        message = _("“%(title)s” is not published: %(reasons)s") % {
            "title": scenario.title,
            "reasons": reasons,
        }
        return _refused_on_editor(request, pk, message)
    except ScenarioConflict:
        message = _("Someone else changed this scenario in the meantime. Check it and try again.")
        return _refused_on_editor(request, pk, message)
    labels = {
        Scenario.Status.PUBLISHED: _("“%(title)s” is published."),
        Scenario.Status.DRAFT: _("“%(title)s” is a draft again: trainees are no longer asked it."),
        Scenario.Status.ARCHIVED: _("“%(title)s” is archived."),
    }
    messages.success(request, labels[Scenario.Status(status)] % {"title": scenario.title})
    next_url = request.POST.get("next", "")
    url = (
        next_url
        if next_url.startswith(f"/o/{request.org.slug}/")
        else reverse("scenarios:edit", args=[request.org.slug, pk])
    )
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def scenario_vary(request: OrgHttpRequest, pk: int) -> HttpResponse:
    scenario = _scenario_or_404(request, pk)
    if scenario.variant in OTHER_GAME_SKILLS:
        raise Http404("Variations are made of stud scenarios.")
    form = VaryForm(request.POST if request.method == "POST" else None)
    made = None
    status = 200
    if form.is_valid() and scenario.current_version is not None:
        try:
            made = scenario_vary_service(
                scenario=scenario,
                user=request.user,
                count=form.cleaned_data["count"],
                changes=form.cleaned_data["changes"],
                seed=form.cleaned_data.get("seed"),
                publish=form.cleaned_data.get("publish", False),
                lang=get_language() or "en",
            )
        except EngineError as err:
            form.add_error(None, message_for(err))
            status = INVALID
        else:
            if not made:
                form.add_error(
                    None,
                    _(
                        "The engine found no variation of this hand that asks a different question "
                        "with these changes. Allow more kinds of change."
                    ),
                )
                status = INVALID
    elif form.is_bound:
        status = INVALID
    shown = made if made else list(variations_of(scenario=scenario))
    context = {
        "scenario": scenario,
        "form": form,
        "made": made,
        "asked": form.cleaned_data.get("count") if made else None,
        "rows": variation_rows(scenario, shown) if scenario.current_version is not None else [],
        "kind_labels": QUESTION_SHORT,
    }
    template = "scenarios/vary.html#vary" if request.htmx else "scenarios/vary.html"
    return render(request, template, context, status=status)


@org_view(roles=STAFF_ROLES)
@require_GET
def scenario_export(request: OrgHttpRequest, pk: int) -> HttpResponse:
    scenario = _scenario_or_404(request, pk)
    encoding = request.GET.get("format", "json")
    if encoding not in ("json", "phh") or scenario.current_version is None:
        return HttpResponse(
            _("Choose the JSON or PHH format."), status=400, content_type="text/plain; charset=utf-8"
        )
    content_type = "application/json" if encoding == "json" else "application/toml"
    response = HttpResponse(exports.render(scenario, encoding), content_type=f"{content_type}; charset=utf-8")
    response["Content-Disposition"] = exports.scenario_attachment(scenario, encoding)
    return response


@org_view(roles=STAFF_ROLES)
@require_GET
def scenario_answerability(request: OrgHttpRequest) -> HttpResponse:
    """The scenarios (published and drafts) whose answer trainees cannot work out from the table."""
    scenarios = list(scenarios_to_check(organisation=request.org))
    failing = unanswerable_scenarios(scenarios)
    context = {
        "checked": len(scenarios),
        "failing": [
            {
                "scenario": f.scenario,
                "kind": QUESTION_SHORT.get(f.scenario.current_version.kind, f.scenario.current_version.kind)
                if f.scenario.current_version
                else "",
                "messages": f.messages(),
            }
            for f in failing
        ],
    }
    return render(request, "scenarios/answerability.html", context)
