"""The editor pages of the other games' scenarios (hold'em, Flush Code Hack, ten-card stud).

One page per scenario: the engine deals a starting hand, the instructor edits its fields, the
preview shows the table as trainees see it and the engine's answer, and saving stores the game's
scenario document as a version (``services.scenario_save``, as for stud).
"""

from typing import Any

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view
from games.api import EngineError

from .answerability import ScenarioNotAnswerable
from .choices import OTHER_GAME_SKILLS
from .models import Scenario
from .other_editor import (
    GenerateForm,
    OtherDraft,
    OtherScenarioForm,
    answer_context,
    check,
    error_message,
    game_label,
    generated,
    initial_from,
)
from .selectors import scenario_for_organisation, versions_with_counts
from .services import ScenarioConflict, scenario_save
from .views import saved_response

INVALID = 422
CONFLICT = 409
OPS = ("generate", "refresh", "save", "publish")


def _game_or_404(game: str) -> str:
    if game not in OTHER_GAME_SKILLS:
        raise Http404("No such game.")
    return game


def _scenario_or_404(request: OrgHttpRequest, pk: int) -> Scenario:
    scenario = scenario_for_organisation(organisation=request.org, pk=pk)
    if scenario is None or scenario.variant not in OTHER_GAME_SKILLS or scenario.current_version is None:
        raise Http404("No such scenario.")
    return scenario


def _draft_from_generator(
    game: str, gen: GenerateForm, meta: dict[str, Any] | None = None
) -> tuple[OtherDraft, int]:
    """A new hand dealt by the engine for the generator form's choices (a valid form), and the
    seed it was dealt from."""
    data = gen.cleaned_data
    document, seed = generated(game, kind=data["kind"], focus=data.get("focus"), seed=data.get("seed"))
    # The generator's title and tags are English codes; a new scenario is named in the page's words.
    labels = dict(gen.fields["kind"].choices)  # type: ignore[attr-defined]
    document["_title"] = f"{game_label(game)}: {labels.get(data['kind'], data['kind'])}"
    document.pop("_tags", None)
    initial = initial_from(game, document)
    if meta:
        initial.update(meta)
    form = OtherScenarioForm(initial_as_data(initial), game=game)
    return check(OtherDraft(game, form)), seed


def initial_as_data(initial: dict[str, Any]) -> dict[str, Any]:
    """Initial values as the browser would post them, so the first preview is checked too."""
    return {k: "" if v is None else str(v) for k, v in initial.items()}


def _render(
    request: OrgHttpRequest,
    draft: OtherDraft,
    gen: GenerateForm,
    scenario: Scenario | None,
    status: int = 200,
    **extra: Any,
) -> HttpResponse:
    action_url = (
        reverse("scenarios:other_edit", args=[request.org.slug, scenario.pk])
        if scenario
        else reverse("scenarios:other_create", args=[request.org.slug, draft.game])
    )
    context = {
        "game": draft.game,
        "game_label": game_label(draft.game),
        "draft": draft,
        "form": draft.form,
        "gen": gen,
        "scenario": scenario,
        "revision": scenario.revision if scenario else None,
        "table": draft.table,
        "answer": answer_context(draft.game, draft.solution),
        "answerability": draft.answerability,
        "action_url": action_url,
        "versions": list(versions_with_counts(scenario=scenario)) if scenario and not request.htmx else None,
        **extra,
    }
    template = "scenarios/other_editor.html#editor" if request.htmx else "scenarios/other_editor.html"
    return render(request, template, context, status=status)


def _save(
    request: OrgHttpRequest, draft: OtherDraft, gen: GenerateForm, scenario: Scenario | None, *, publish: bool
) -> HttpResponse:
    form = draft.form
    if not draft.ok:
        reason = _("The scenario was not saved: the engine must be able to answer its question first.")
        return _render(request, draft, gen, scenario, INVALID, save_error=reason)
    title = str(form.cleaned_data.get("title") or "").strip()
    if not title:
        form.add_error("title", _("Give the scenario a title before saving."))
        return _render(request, draft, gen, scenario, INVALID, save_error=_("The scenario was not saved."))
    base_revision = None
    if scenario is not None:
        try:
            base_revision = int(request.POST.get("revision", ""))
        except ValueError:
            base_revision = -1
    status = Scenario.Status.PUBLISHED if publish else (None if scenario else Scenario.Status.DRAFT)
    assert draft.document is not None
    try:
        saved = scenario_save(
            organisation=request.org,
            user=request.user,
            document=draft.document,
            title=title,
            notes=form.cleaned_data.get("notes") or "",
            tags=form.tag_list(),
            difficulty=form.cleaned_data.get("difficulty") or 2,
            status=status,
            scenario=scenario,
            base_revision=base_revision,
        )
    except ScenarioConflict as conflict:
        return _render(request, draft, gen, scenario, CONFLICT, conflict=conflict.current_revision)
    except ScenarioNotAnswerable as refused:
        reason = _(
            "Not published: trainees cannot work out the answer from the table they are shown. "
            "Save it as a draft to keep your work."
        )
        return _render(
            request, draft, gen, scenario, INVALID, save_error=reason, save_problems=refused.messages()
        )
    except EngineError as err:
        return _render(request, draft, gen, scenario, INVALID, save_error=error_message(err))
    return saved_response(request, saved, publish=publish, url_name="scenarios:other_edit")


def _post(request: OrgHttpRequest, game: str, scenario: Scenario | None) -> HttpResponse:
    op = request.POST.get("op", "refresh")
    if op not in OPS:
        op = "refresh"
    gen = GenerateForm(request.POST, game=game)
    if op == "generate":
        form = OtherScenarioForm(request.POST, game=game)
        if not gen.is_valid():
            return _render(request, check(OtherDraft(game, form)), gen, scenario, INVALID)
        keep = {k: request.POST[k] for k in ("title", "notes", "tags", "difficulty") if request.POST.get(k)}
        draft, seed = _draft_from_generator(game, gen, keep)
        return _render(request, draft, gen, scenario, seed_used=seed)
    draft = check(OtherDraft(game, OtherScenarioForm(request.POST, game=game)))
    if op in ("save", "publish"):
        return _save(request, draft, gen, scenario, publish=op == "publish")
    # While editing, a hand the engine refuses is a normal state of the live preview (htmx); a
    # page posted without scripts says it with the status as well.
    return _render(request, draft, gen, scenario, 200 if draft.ok or request.htmx else INVALID)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def other_create(request: OrgHttpRequest, game: str) -> HttpResponse:
    game = _game_or_404(game)
    if request.method == "POST":
        return _post(request, game, None)
    kind = request.GET.get("kind", "")
    gen = GenerateForm({"gen-kind": kind} if kind else None, game=game)
    if not kind:
        first = gen.fields["kind"].choices[0][0]  # type: ignore[attr-defined]
        gen = GenerateForm({"gen-kind": first}, game=game)
    if not gen.is_valid():
        raise Http404("No such question.")
    draft, seed = _draft_from_generator(game, gen)
    return _render(request, draft, gen, None, seed_used=seed)


@org_view(roles=STAFF_ROLES)
@require_http_methods(["GET", "POST"])
def other_edit(request: OrgHttpRequest, pk: int) -> HttpResponse:
    scenario = _scenario_or_404(request, pk)
    game = scenario.variant
    if request.method == "POST":
        return _post(request, game, scenario)
    assert scenario.current_version is not None  # _scenario_or_404
    document = scenario.current_version.document
    meta = {
        "title": scenario.title,
        "notes": scenario.notes,
        "tags": scenario.tags,
        "difficulty": scenario.difficulty,
    }
    form = OtherScenarioForm(initial_as_data(initial_from(game, document, meta)), game=game)
    gen = GenerateForm(initial={"kind": scenario.current_version.kind}, game=game)
    return _render(request, check(OtherDraft(game, form)), gen, scenario)
