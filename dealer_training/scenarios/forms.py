"""Forms of the scenarios app: they parse input into values; the engine judges the poker."""

from collections.abc import Mapping
from datetime import datetime, time
from typing import Any

from django import forms
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from dealer_training.accounts.house_rules import FLAGS
from dealer_training.accounts.models import Cohort, Membership, Organisation, Role, Ruleset
from games.stud.rules import flag_specs
from games.vary import CHANGES, MAX_COUNT

from .choices import Skill, Variant
from .import_files import MAX_UPLOAD_BYTES
from .labels import EVENT_TYPES, OUT_OF_TURN_ACTIONS, QUESTION_KINDS, STREETS, page_language
from .models import MAX_EXAM_COOLDOWN_HOURS, MAX_EXAM_MINUTES, MAX_EXAM_SITTINGS, DrillSet, Scenario

MAX_SEATS = 10  # table sizes offered; the engine deals to at most 8 players
MAX_PLAYERS = 8
MAX_CHIPS = 1_000_000_000
PRESET = ""  # a rule field left at "as the rule set says"

NUMBER = {"inputmode": "numeric", "min": 0}


def _encode(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _decode(allowed: list[Any], text: str) -> Any:
    for value in allowed:
        if _encode(value) == text:
            return value
    raise KeyError(text)


def _value_label(name: str, value: Any) -> str:
    return str(FLAGS[name].values[value])


def rule_field_name(flag: str) -> str:
    return f"rule_{flag}"


class ScenarioSetupForm(forms.Form):
    """The game, the table, the structure and the house rules of one scenario."""

    variant = forms.ChoiceField(label=_("Game"), choices=Variant.choices)
    seat_count = forms.TypedChoiceField(
        label=_("Table size (seats)"),
        coerce=int,
        choices=[(n, str(n)) for n in range(2, MAX_SEATS + 1)],
    )
    seats = forms.TypedMultipleChoiceField(
        label=_("Occupied seats"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, MAX_SEATS + 1)],
        widget=forms.CheckboxSelectMultiple,
        help_text=_("Seat 1 is the first seat to the dealer's left and is dealt first."),
    )
    ante = forms.IntegerField(
        label=_("Ante"), min_value=0, max_value=MAX_CHIPS, widget=forms.NumberInput(NUMBER)
    )
    bring_in = forms.IntegerField(
        label=_("Bring-in"), min_value=1, max_value=MAX_CHIPS, widget=forms.NumberInput(NUMBER)
    )
    small_bet = forms.IntegerField(
        label=_("Small bet"), min_value=1, max_value=MAX_CHIPS, widget=forms.NumberInput(NUMBER)
    )
    big_bet = forms.IntegerField(
        label=_("Big bet"), min_value=1, max_value=MAX_CHIPS, widget=forms.NumberInput(NUMBER)
    )
    max_bets = forms.IntegerField(
        label=_("Bets per street"), min_value=2, max_value=10, widget=forms.NumberInput(NUMBER)
    )
    min_chip = forms.IntegerField(
        label=_("Smallest chip"), min_value=1, max_value=MAX_CHIPS, widget=forms.NumberInput(NUMBER)
    )
    ruleset = forms.ChoiceField(label=_("Rule set"), choices=Ruleset.choices)
    rules_pinned = forms.BooleanField(
        label=_("Pin these rules to this scenario"),
        required=False,
        help_text=_(
            "Off: trainees are asked it under your organisation's house rules, and a change of the "
            "house rules applies to it. On: it keeps the rule set and rules chosen here."
        ),
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for seat in range(1, MAX_SEATS + 1):
            self.fields[f"stack_{seat}"] = forms.IntegerField(
                label=_("Seat %(seat)s stack") % {"seat": seat},
                min_value=0,
                max_value=MAX_CHIPS,
                required=False,
                widget=forms.NumberInput(NUMBER),
            )
        language = page_language()
        for spec in flag_specs():
            name = spec["name"]
            label = FLAGS[name].label
            choices = [(PRESET, _("As the rule set says"))] + [
                (_encode(value), _value_label(name, value)) for value in spec["allowed"]
            ]
            self.fields[rule_field_name(name)] = forms.ChoiceField(
                label=label,
                choices=choices,
                required=False,
                help_text=spec["help"][language],
            )

    def rule_fields(self) -> list[forms.BoundField]:
        return [self[rule_field_name(spec["name"])] for spec in flag_specs()]

    def structure_fields(self) -> list[forms.BoundField]:
        return [self[n] for n in ("ante", "bring_in", "small_bet", "big_bet", "max_bets", "min_chip")]

    def stack_fields(self) -> list[tuple[int, forms.BoundField]]:
        return [(seat, self[f"stack_{seat}"]) for seat in range(1, MAX_SEATS + 1)]

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        seat_count = cleaned.get("seat_count")
        seats = sorted(set(cleaned.get("seats") or []))
        if seat_count and seats:
            if any(seat > seat_count for seat in seats):
                self.add_error("seats", _("Occupied seats must be within the table size."))
            if not 2 <= len(seats) <= MAX_PLAYERS:
                self.add_error("seats", _("Choose between 2 and 8 occupied seats."))
            for seat in seats:
                if seat <= seat_count and cleaned.get(f"stack_{seat}") is None:
                    self.add_error(f"stack_{seat}", _("Enter a stack for seat %(seat)s.") % {"seat": seat})
        cleaned["seats"] = seats
        return cleaned

    def rules(self) -> dict[str, Any]:
        """The scenario's rule flags that differ from its rule set (the ``_rules`` object)."""
        out: dict[str, Any] = {}
        for spec in flag_specs():
            text = self.cleaned_data.get(rule_field_name(spec["name"])) or PRESET
            if text != PRESET:
                out[spec["name"]] = _decode(spec["allowed"], text)
        return out

    @staticmethod
    def initial_for(*, organisation: Organisation, document: Mapping[str, Any] | None) -> dict[str, Any]:
        """Form values for a new scenario (the organisation's house rules) or a stored document."""
        if document is None:
            seats = [1, 2, 3, 4, 5]
            initial: dict[str, Any] = {
                "variant": Variant.STUD_HIGH,
                "seat_count": 8,
                "seats": seats,
                "ante": organisation.ante,
                "bring_in": organisation.bring_in,
                "small_bet": organisation.small_bet,
                "big_bet": organisation.big_bet,
                "max_bets": organisation.max_bets,
                "min_chip": organisation.min_chip,
            }
            initial.update({f"stack_{seat}": organisation.big_bet * 10 for seat in seats})
            initial.update(
                ScenarioSetupForm.rules_initial(
                    organisation.ruleset, organisation.rule_overrides or {}, Variant.STUD_HIGH
                )
            )
            return initial
        else:
            count = len(document["starting_stacks"])
            seats = list(document.get("seats") or range(1, count + 1))
            initial = {
                "variant": document["variant"],
                "seat_count": document.get("seat_count") or max(count, max(seats)),
                "seats": seats,
                "ante": max(document["antes"]),
                "bring_in": document["bring_in"],
                "small_bet": document["small_bet"],
                "big_bet": document["big_bet"],
                "max_bets": document.get("_max_bets", 5),
                "min_chip": document.get("_min_chip", 1),
            }
            initial.update(
                {
                    f"stack_{seat}": stack
                    for seat, stack in zip(seats, document["starting_stacks"], strict=True)
                }
            )
            initial.update(
                ScenarioSetupForm.rules_initial(
                    document.get("_ruleset", "tda-2024"), document.get("_rules") or {}, document["variant"]
                )
            )
        return initial

    @staticmethod
    def rules_initial(ruleset: str, overrides: Mapping[str, Any], variant: str) -> dict[str, Any]:
        """The rule set and rule fields for a rule set and its overrides; a flag given per game
        takes the value of the scenario's game (a scenario has one game)."""
        initial: dict[str, Any] = {"ruleset": ruleset}
        for name, value in overrides.items():
            if isinstance(value, dict):
                value = value.get(variant, PRESET)
            if value != PRESET:
                initial[rule_field_name(name)] = _encode(value)
        return initial


class QuestionForm(forms.Form):
    kind = forms.ChoiceField(label=_("Question"), choices=list(QUESTION_KINDS.items()))
    asked_seats = forms.TypedMultipleChoiceField(
        label=_("Ask only about these seats"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, MAX_SEATS + 1)],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Best hands only. Leave empty to ask about every live player."),
    )

    def question(self) -> dict[str, Any]:
        kind = self.cleaned_data["kind"]
        question: dict[str, Any] = {"kind": kind}
        seats = sorted(set(self.cleaned_data.get("asked_seats") or []))
        if kind == "best_hands" and seats:
            question["seats"] = seats
        return question


class MetaForm(forms.Form):
    title = forms.CharField(label=_("Title"), max_length=200, required=False)
    notes = forms.CharField(
        label=_("Notes for instructors"),
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 3}),
        help_text=_("Trainees do not see these notes."),
    )
    tags = forms.CharField(
        label=_("Tags"), required=False, max_length=500, help_text=_("Separate tags with commas.")
    )
    skill = forms.ChoiceField(
        label=_("Skill"),
        choices=[("", _("Choose from the question")), *list(Skill.choices)],
        required=False,
    )
    difficulty = forms.TypedChoiceField(
        label=_("Difficulty"),
        coerce=int,
        choices=[(n, str(n)) for n in range(1, 6)],
        initial=2,
        help_text=_("1 is the easiest, 5 the hardest."),
    )

    def tag_list(self) -> list[str]:
        raw = self.cleaned_data.get("tags") or ""
        seen: dict[str, None] = {}
        for part in raw.replace("、", ",").split(","):
            tag = " ".join(part.split())[:40]
            if tag:
                seen.setdefault(tag, None)
        return list(seen)[:20]


class EventForm(forms.Form):
    """An irregularity added after the last action so far (format section 5)."""

    event_type = forms.ChoiceField(label=_("Irregularity"), choices=list(EVENT_TYPES.items()), required=False)
    event_seat = forms.TypedChoiceField(
        label=_("Seat"),
        coerce=int,
        empty_value=None,
        choices=[("", "—")] + [(n, str(n)) for n in range(1, MAX_SEATS + 1)],
        required=False,
    )
    event_card = forms.CharField(
        label=_("Card"), max_length=3, required=False, help_text=_("For an exposed downcard, e.g. Kd.")
    )
    event_street = forms.TypedChoiceField(
        label=_("Street"),
        coerce=int,
        empty_value=None,
        choices=[("", "—")] + [(n, label) for n, label in STREETS.items()],
        required=False,
    )
    event_count = forms.IntegerField(
        label=_("Number of cards"),
        min_value=0,
        max_value=60,
        required=False,
        widget=forms.NumberInput(NUMBER),
    )

    event_action = forms.ChoiceField(
        label=_("Action out of turn"),
        choices=[("", "—"), *OUT_OF_TURN_ACTIONS.items()],
        required=False,
    )

    def event(self, after: int) -> dict[str, Any] | None:
        data = self.cleaned_data
        if not data.get("event_type"):
            return None
        event: dict[str, Any] = {"after": after, "type": data["event_type"]}
        if data.get("event_seat") is not None:
            event["seat"] = data["event_seat"]
        if data.get("event_card"):
            event["card"] = data["event_card"].strip()
        if data.get("event_street") is not None:
            event["street"] = data["event_street"]
        if data.get("event_count") is not None:
            event["count"] = data["event_count"]
        if data.get("event_action"):
            event["action"] = data["event_action"]
        return event


class VaryForm(forms.Form):
    count = forms.IntegerField(
        label=_("How many variations"),
        min_value=1,
        max_value=MAX_COUNT,
        initial=5,
        widget=forms.NumberInput(NUMBER),
    )
    changes = forms.MultipleChoiceField(
        label=_("What may change"),
        choices=[
            ("suits", _("Suits (every card keeps its rank)")),
            ("stacks", _("Deep stacks, with another change (short and all-in stacks stay)")),
            ("seats", _("Seat numbers (the dealing order stays)")),
        ],
        initial=list(CHANGES),
        widget=forms.CheckboxSelectMultiple,
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=2**31,
        required=False,
        widget=forms.NumberInput(NUMBER),
        help_text=_("The same seed gives the same variations. Leave empty for new ones."),
    )
    publish = forms.BooleanField(label=_("Publish the variations now"), required=False)


# --- import and export ---------------------------------------------------------------------------

PHH_POINTS = {
    "pots_after_antes": _("Pot after the antes"),
    "bring_in": _("Bring-in"),
    "first_actor": _("First to act on each street (4th to 7th)"),
    "stub": _("Stub before 7th street"),
    "showdown_first": _("Who shows first"),
    "award": _("Award of the pots"),
}


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("File"),
        help_text=_(
            "Scenario JSON (one scenario or a list), PHH hand histories (.phh, .toml), or a .zip of them. "
            "At most 5 MB."
        ),
    )
    publish = forms.BooleanField(label=_("Publish the imported scenarios now"), required=False)
    skill = forms.ChoiceField(
        label=_("Skill for scenarios that do not name one"),
        choices=[("", _("Choose from each question")), *list(Skill.choices)],
        required=False,
    )
    points = forms.MultipleChoiceField(
        label=_("Questions to make from each PHH hand"),
        choices=list(PHH_POINTS.items()),
        initial=["bring_in", "first_actor", "showdown_first", "award"],
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_("Used for hand histories without a question of their own."),
    )
    hand_walk = forms.BooleanField(
        label=_("Also make a hand walk of each PHH hand"),
        required=False,
        help_text=_("A drill set with a question at every dealer decision, in the order of the hand."),
    )

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        upload = cleaned.get("file")
        if upload is not None and upload.size > MAX_UPLOAD_BYTES:
            self.add_error(
                "file",
                _("The file is %(size)s MB; the limit is %(limit)s MB.")
                % {"size": f"{upload.size / 1_000_000:.1f}", "limit": MAX_UPLOAD_BYTES // 1_000_000},
            )
        return cleaned


class ExportForm(forms.Form):
    scope = forms.ChoiceField(
        label=_("Scenarios"),
        choices=[
            ("all", _("Every scenario of the organisation (archived ones left out)")),
            ("published", _("Published scenarios only")),
            ("drill_set", _("The scenarios of one drill set")),
        ],
        initial="all",
        widget=forms.RadioSelect,
    )
    drill_set = forms.ModelChoiceField(label=_("Drill set"), queryset=DrillSet.objects.none(), required=False)
    encoding = forms.ChoiceField(
        label=_("Format"),
        choices=[
            ("json", _("Scenario JSON v1 (read by python -m games solve)")),
            ("phh", _("PHH hand histories (TOML)")),
        ],
        initial="json",
        widget=forms.RadioSelect,
    )

    def __init__(self, *args: Any, organisation: Organisation, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        drill_set = self.fields["drill_set"]
        assert isinstance(drill_set, forms.ModelChoiceField)
        drill_set.queryset = DrillSet.objects.filter(organisation=organisation)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if cleaned.get("scope") == "drill_set" and not cleaned.get("drill_set"):
            self.add_error("drill_set", _("Choose the drill set to export."))
        return cleaned


# --- drill sets and assignments ------------------------------------------------------------------


EXAM_RULES = ("exam_minutes", "exam_max_sittings", "exam_cooldown_hours", "exam_review")


class DrillSetForm(forms.ModelForm[DrillSet]):
    class Meta:
        model = DrillSet
        fields = [
            "title",
            "description",
            "is_exam",
            "pass_accuracy",
            "pass_seconds",
            "exam_items_in_practice",
            *EXAM_RULES,
        ]
        widgets = {
            "description": forms.Textarea(attrs={"rows": 2}),
            "exam_minutes": forms.NumberInput({"inputmode": "numeric", "min": 1, "max": MAX_EXAM_MINUTES}),
            "exam_max_sittings": forms.NumberInput(
                {"inputmode": "numeric", "min": 1, "max": MAX_EXAM_SITTINGS}
            ),
            "exam_cooldown_hours": forms.NumberInput(
                {"inputmode": "numeric", "min": 0, "max": MAX_EXAM_COOLDOWN_HOURS}
            ),
            "exam_review": forms.RadioSelect,
            "pass_accuracy": forms.NumberInput(NUMBER),
            "pass_seconds": forms.NumberInput({"inputmode": "decimal", "min": 0, "step": "0.5"}),
        }
        help_texts = {
            "is_exam": _("An exam blueprint: trainees sit it without feedback until the end."),
            "pass_accuracy": _("Exams only. Empty: the organisation's pass mark."),
            "pass_seconds": _("Exams only. Empty: no time limit per item."),
            "exam_minutes": _(
                "Exams only. A sitting still running after this is closed and scored as it stands."
            ),
            "exam_max_sittings": _("Exams only. Abandoned and expired sittings count."),
            "exam_cooldown_hours": _("Exams only. The wait after a sitting that was not passed (0: none)."),
        }

    def __init__(self, *args: Any, owner: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not owner:  # whether an exam's items may be practised is the owner's call
            del self.fields["exam_items_in_practice"]
        # So are the rules of sitting an exam: others see them, unchangeable. Left out of a
        # request, a rule stays as it is.
        for name in EXAM_RULES:
            self.fields[name].disabled = not owner
            self.fields[name].required = False

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        accuracy = cleaned.get("pass_accuracy")
        if accuracy is not None and not 1 <= accuracy <= 100:
            self.add_error("pass_accuracy", _("Enter a percentage between 1 and 100."))
        seconds = cleaned.get("pass_seconds")
        if seconds is not None and not 0 < seconds <= 600:
            self.add_error("pass_seconds", _("Enter a number of seconds between 0 and 600."))
        for name, low, high in (
            ("exam_minutes", 1, MAX_EXAM_MINUTES),
            ("exam_max_sittings", 1, MAX_EXAM_SITTINGS),
            ("exam_cooldown_hours", 0, MAX_EXAM_COOLDOWN_HOURS),
        ):
            value = cleaned.get(name)
            if value is not None and not low <= value <= high:
                self.add_error(
                    name, _("Enter a whole number from %(low)s to %(high)s.") % {"low": low, "high": high}
                )
        if not cleaned.get("is_exam"):
            cleaned["pass_accuracy"] = None
            cleaned["pass_seconds"] = None
        return cleaned


class DrillSetScenarioForm(forms.Form):
    scenario = forms.ModelChoiceField(label=_("Scenario"), queryset=Scenario.objects.none())

    def __init__(self, *args: Any, organisation: Organisation, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        scenario = self.fields["scenario"]
        assert isinstance(scenario, forms.ModelChoiceField)
        scenario.queryset = (
            Scenario.objects.filter(organisation=organisation)
            .exclude(status=Scenario.Status.ARCHIVED)
            .order_by("title")
        )


class DrillSetTopicForm(forms.Form):
    skill = forms.ChoiceField(label=_("Skill"), choices=Skill.choices)
    variant = forms.ChoiceField(
        label=_("Game"), choices=[("", _("Mixed games")), *list(Variant.choices)], required=False
    )
    count = forms.IntegerField(
        label=_("Questions"), min_value=1, max_value=100, initial=5, widget=forms.NumberInput(NUMBER)
    )


class AssignmentForm(forms.Form):
    drill_set = forms.ModelChoiceField(label=_("Drill set"), queryset=DrillSet.objects.none())
    trainee = forms.ModelChoiceField(label=_("Trainee"), queryset=Membership.objects.none(), required=False)
    cohort = forms.ModelChoiceField(label=_("Cohort"), queryset=Cohort.objects.none(), required=False)
    due_on = forms.DateField(
        label=_("Due date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=_("Optional."),
    )

    def __init__(self, *args: Any, organisation: Organisation, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        drill_set, trainee, cohort = self.fields["drill_set"], self.fields["trainee"], self.fields["cohort"]
        assert isinstance(drill_set, forms.ModelChoiceField)
        assert isinstance(trainee, forms.ModelChoiceField)
        assert isinstance(cohort, forms.ModelChoiceField)
        drill_set.queryset = DrillSet.objects.filter(organisation=organisation)
        trainee.queryset = (
            Membership.objects.current()
            .filter(organisation=organisation, role=Role.TRAINEE)
            .select_related("user")
            .order_by("user__name", "user__email")
        )
        trainee.label_from_instance = lambda m: m.user.display_name  # type: ignore[method-assign,assignment]
        cohort.queryset = Cohort.objects.filter(organisation=organisation)

    def clean(self) -> dict[str, Any]:
        super().clean()
        cleaned = self.cleaned_data
        if bool(cleaned.get("trainee")) == bool(cleaned.get("cohort")):
            raise forms.ValidationError(_("Choose either one trainee or one cohort."))
        due_on = cleaned.get("due_on")
        if due_on is not None:
            if due_on < timezone.localdate():
                self.add_error("due_on", _("The due date is in the past."))
            cleaned["due_at"] = timezone.make_aware(datetime.combine(due_on, time(23, 59)))
        else:
            cleaned["due_at"] = None
        return cleaned
