"""A change of the house rules, checked against the room's authored scenarios before it is saved.

The house-rules form posts here (owners only). The engine solves every published scenario that
follows the house rules under the rules in force and under the new ones; when no answer changes
the rules are saved at once, otherwise the form comes back with the scenarios whose answer
changes, and for each the owner chooses: accept the new answer (nothing to do: the scenario is
asked under the new rules) or pin the old rules to it (its answer stays).
"""

from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.http import HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from dealer_training.accounts.access import OrgHttpRequest, org_view
from dealer_training.accounts.forms import HouseRulesForm
from dealer_training.accounts.house_rules import describe_rules
from dealer_training.accounts.models import Organisation, Role

from .present import answer_lines
from .rules_policy import Changed, Rules, answers_changed_by, following_house_rules, ruleset_name
from .services import house_rules_change

INVALID = 422
CONFLICT = 409
HOUSE_RULE_FIELDS = ["ruleset", "ante", "bring_in", "small_bet", "big_bet", "max_bets", "min_chip"]
CHOICE_PREFIX = "choice_"
RESOLVE, PIN = "resolve", "pin"


class BadChoice(ValueError):
    pass


def _choices(post: Mapping[str, Any]) -> dict[int, str]:
    """The per-scenario choices of the form (``choice_<id>`` = resolve or pin)."""
    out: dict[int, str] = {}
    for key in post:
        if not key.startswith(CHOICE_PREFIX):
            continue
        pk, value = key[len(CHOICE_PREFIX) :], post.get(key)
        if not pk.isdigit() or len(pk) > 12 or value not in (RESOLVE, PIN):
            raise BadChoice(key)
        out[int(pk)] = str(value)
    return out


def _lines(scenario_variant: str, kind: str, answer: Mapping[str, Any] | None) -> list[str]:
    if answer is None:
        return [_("The engine cannot ask this question under these rules.")]
    out = []
    for label, value in answer_lines(scenario_variant, kind, answer):
        text = value.get("name", "") if isinstance(value, Mapping) else value
        out.append(f"{label}: {text}")
    return out


def _impact(changed: list[Changed], choices: Mapping[int, str]) -> list[dict[str, Any]]:
    rows = []
    for item in changed:
        scenario = item.scenario
        kind = scenario.current_version.kind if scenario.current_version else ""
        rows.append(
            {
                "scenario": scenario,
                "before": _lines(scenario.variant, kind, item.before),
                "after": _lines(scenario.variant, kind, item.after),
                "choice": choices.get(scenario.pk, RESOLVE),
            }
        )
    return rows


def _page(request: OrgHttpRequest, form: HouseRulesForm, status: int, **extra: Any) -> HttpResponse:
    org = request.org
    context = {
        "form": form,
        "rules": describe_rules(
            ruleset=org.ruleset,
            overrides=org.rule_overrides,
            structure={"bring_in": org.bring_in, "small_bet": org.small_bet},
        ),
        "old_ruleset": ruleset_name(org.ruleset),
        **extra,
    }
    template = "accounts/house_rules.html#form" if request.htmx else "accounts/house_rules.html"
    return render(request, template, context, status=status)


@org_view(roles=[Role.OWNER])
@require_POST
def house_rules_check(request: OrgHttpRequest) -> HttpResponse:
    org = request.org
    # Validate against a copy, so a rejected form never changes the organisation shown elsewhere.
    form = HouseRulesForm(request.POST, instance=Organisation.objects.get(pk=org.pk))
    op = request.POST.get("op", "check")
    if op not in ("check", "save"):
        return HttpResponseBadRequest(_("Unknown step."))
    try:
        choices = _choices(request.POST)
    except BadChoice:
        return HttpResponseBadRequest(_("A scenario's choice could not be read."))
    if not form.is_valid():
        return _page(request, form, INVALID)
    new = Rules(ruleset=form.cleaned_data["ruleset"], overrides=form.cleaned_data["rule_overrides"])
    changed = answers_changed_by(org, new)
    listed = {item.scenario.pk for item in changed}
    checked = following_house_rules(org).count()
    if op == "check" and changed:
        return _page(request, form, 200, impact=_impact(changed, choices), checked=checked)
    if set(choices) != listed:  # a scenario the owner was not shown, or no longer changes
        notice = _("The list of scenarios changed since you checked it: choose again, then save.")
        return _page(
            request, form, CONFLICT, impact=_impact(changed, choices), impact_notice=notice, checked=checked
        )
    pins = [pk for pk, choice in choices.items() if choice == PIN]
    pinned = house_rules_change(
        organisation=org,
        user=request.user,
        pin_ids=pins,
        rule_overrides=form.cleaned_data["rule_overrides"],
        **{name: form.cleaned_data[name] for name in HOUSE_RULE_FIELDS},
    )
    messages.success(request, _("House rules saved."))
    if changed:
        messages.info(
            request,
            ngettext(
                "%(pinned)s scenario keeps the old rules (pinned); %(following)s now follow the new rules.",
                "%(pinned)s scenarios keep the old rules (pinned); %(following)s now follow the new rules.",
                pinned,
            )
            % {"pinned": pinned, "following": len(changed) - pinned},
        )
    url = reverse("accounts:house_rules", kwargs={"org_slug": org.slug})
    return HttpResponseClientRedirect(url) if request.htmx else redirect(url)
