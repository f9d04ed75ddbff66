"""One organisation backed up and restored: scenarios, attempts and certificates come back alike."""

import json

import pytest
from django.core.management import CommandError, call_command

from dealer_training.accounts.models import Membership, Organisation, User
from dealer_training.drills.models import Attempt, Certificate, DrillSession, Question, ReviewCard
from dealer_training.drills.services import attempt_submit, current_question, session_start
from dealer_training.progress.models import SkillProgress
from dealer_training.scenarios.models import DrillSet, Scenario, ScenarioVersion
from tests.drills.helpers import form_data
from tests.scenarios.factories import add_item, make_scenario

MODELS = (
    Organisation,
    Membership,
    Scenario,
    ScenarioVersion,
    DrillSet,
    DrillSession,
    Question,
    Attempt,
    ReviewCard,
    Certificate,
)


def _given(question):
    from django.http import QueryDict

    from tests.drills.helpers import parse_form

    data = QueryDict(mutable=True)
    for key, value in form_data(question).items():
        data.setlist(key, value) if isinstance(value, list) else data.__setitem__(key, value)
    return parse_form(question, data)


@pytest.fixture
def history(org, trainee, instructor):
    scenario = make_scenario(org, user=instructor.user)
    drill_set = DrillSet.objects.create(organisation=org, title="Exam", is_exam=True)
    add_item(drill_set, scenario=scenario)
    add_item(drill_set, skill="stub", variant="F7S", count=1)
    exam = session_start(organisation=org, trainee=trainee.user, mode="exam", drill_set=drill_set)
    for _ in range(2):
        question = current_question(session=exam)
        attempt_submit(question=question, given=_given(question))
    practice = session_start(
        organisation=org, trainee=trainee.user, mode="practice", skill="bring_in", variant="FR"
    )
    question = current_question(session=practice)
    attempt_submit(question=question, given=_given(question))
    return org


def _remove_everything():
    """An empty database, as after moving to a new server (attempts protect their rows from a
    plain delete of the organisation, on purpose)."""
    from dealer_training.drills.models import TrainingSettings
    from dealer_training.progress.models import DailyRollup
    from dealer_training.scenarios.models import Assignment, DrillSetItem

    for model in (
        Certificate,
        Attempt,
        Question,
        DrillSession,
        ReviewCard,
        DrillSetItem,
        Assignment,
        DrillSet,
        DailyRollup,
        SkillProgress,
        TrainingSettings,
    ):
        model.objects.all().delete()
    Scenario.objects.update(current_version=None, varied_from=None)
    ScenarioVersion.objects.all().delete()
    Organisation.objects.all().delete()


def _snapshot():
    return {
        model.__name__: sorted(json.dumps(row, sort_keys=True, default=str) for row in model.objects.values())
        for model in MODELS
    }


def test_an_organisation_is_backed_up_removed_and_restored_identically(history, tmp_path):
    assert Certificate.objects.count() == 1
    before = _snapshot()
    emails = set(User.objects.values_list("email", flat=True))
    path = tmp_path / "ginza.json"
    call_command("org_backup", org="ginza", output=str(path))
    _remove_everything()
    User.objects.all().delete()
    assert not Attempt.objects.exists()

    call_command("org_restore", str(path))
    assert _snapshot() == before
    assert set(User.objects.values_list("email", flat=True)) == emails
    assert SkillProgress.objects.exists()  # rebuilt from the restored attempts


def test_people_with_an_account_already_keep_it(history, tmp_path, trainee):
    path = tmp_path / "ginza.json"
    call_command("org_backup", org="ginza", output=str(path))
    keep = trainee.user.pk
    _remove_everything()
    call_command("org_restore", str(path))
    assert Attempt.objects.filter(trainee_id=keep).count() == 3


@pytest.mark.parametrize(
    ("damage", "message"),
    [
        (lambda text: text[: len(text) // 2], "cannot be read"),
        (lambda text: json.dumps({"format": "something else"}), "not an organisation backup"),
        (lambda text: '"drills.nothing"'.join(text.rsplit('"drills.attempt"', 1)), "cannot be restored"),
        (lambda text: text.replace('"correct": true', '"correct": "perhaps"', 1), "cannot be restored"),
    ],
)
def test_a_damaged_backup_is_refused_and_changes_nothing(history, tmp_path, damage, message):
    path = tmp_path / "ginza.json"
    call_command("org_backup", org="ginza", output=str(path))
    _remove_everything()
    before = _snapshot()
    path.write_text(damage(path.read_text(encoding="utf-8")), encoding="utf-8")
    with pytest.raises(CommandError, match=message):
        call_command("org_restore", str(path))
    assert _snapshot() == before


def test_a_restore_over_a_living_organisation_is_refused(history, tmp_path):
    path = tmp_path / "ginza.json"
    call_command("org_backup", org="ginza", output=str(path))
    before = _snapshot()
    with pytest.raises(CommandError, match="exists already"):
        call_command("org_restore", str(path))
    assert _snapshot() == before


def test_backing_up_an_unknown_organisation_says_so(db, tmp_path):
    with pytest.raises(CommandError, match="no organisation"):
        call_command("org_backup", org="nowhere", output=str(tmp_path / "x.json"))
