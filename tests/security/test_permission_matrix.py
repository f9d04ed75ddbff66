"""Every URL of the app x every role -> the expected status, generated from the URL conf.

Each view's access rule (``dealer_training.accounts.access``) says who may open it; objects of a
trainee (drill sessions and questions) are theirs alone. A URL name missing from ``PARAMS``
fails the test: a new view needs its line here before it can ship.
"""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from dealer_training.accounts.access import access_rule_of
from dealer_training.accounts.models import Organisation, Role

ROLES = ("anonymous", "trainee", "other_trainee", "instructor", "owner", "outsider")
# Objects that belong to one trainee: anybody else, staff included, is told they do not exist.
# (The answer, abandon and end views take only POST: a GET answers 405 before any lookup; their POSTs
# are checked below.)
TRAINEES_OWN = {"drills:play", "drills:result", "drills:question"}
# What else an allowed GET may answer, and why.
ALSO_FINE = {
    "progress:export_download": {404},  # the export has not written its file yet
    "progress:export_stream": {422},  # a GET without a period is a form error
}

# URL name -> the path arguments, from the objects of the organisation (``w``: the world below).
PARAMS = {
    "health": lambda w: {},
    "set_language": lambda w: {},
    "accounts:home": lambda w: {},
    "accounts:login": lambda w: {},
    "accounts:logout": lambda w: {},
    "accounts:password_change": lambda w: {},
    "accounts:password_change_done": lambda w: {},
    "accounts:password_reset": lambda w: {},
    "accounts:password_reset_done": lambda w: {},
    "accounts:password_reset_confirm": lambda w: {"uidb64": "MQ", "token": "set-password"},
    "accounts:password_reset_complete": lambda w: {},
    "accounts:choose_org": lambda w: {},
    "accounts:join": lambda w: {},
    "accounts:join_code": lambda w: {"code": w.invite.code},
    "accounts:org_home": lambda w: {"org_slug": w.slug},
    "accounts:members": lambda w: {"org_slug": w.slug},
    "accounts:member_role": lambda w: {"org_slug": w.slug, "pk": w.trainee.pk},
    "accounts:member_remove": lambda w: {"org_slug": w.slug, "pk": w.trainee.pk},
    "accounts:member_restore": lambda w: {"org_slug": w.slug, "pk": w.trainee.pk},
    "accounts:invite_create": lambda w: {"org_slug": w.slug},
    "accounts:invite_revoke": lambda w: {"org_slug": w.slug, "pk": w.invite.pk},
    "accounts:house_rules": lambda w: {"org_slug": w.slug},
    "accounts:cohorts": lambda w: {"org_slug": w.slug},
    "accounts:cohort": lambda w: {"org_slug": w.slug, "pk": w.cohort.pk},
    "accounts:cohort_member_add": lambda w: {"org_slug": w.slug, "pk": w.cohort.pk},
    "accounts:cohort_member_remove": lambda w: {
        "org_slug": w.slug,
        "pk": w.cohort.pk,
        "membership_pk": w.trainee.pk,
    },
    "accounts:cohort_delete": lambda w: {"org_slug": w.slug, "pk": w.cohort.pk},
    "drills:index": lambda w: {"org_slug": w.slug},
    "drills:start": lambda w: {"org_slug": w.slug},
    "drills:deck": lambda w: {"org_slug": w.slug},
    "drills:tenstud_deal": lambda w: {"org_slug": w.slug},
    "drills:play": lambda w: {"org_slug": w.slug, "session_id": w.session.pk},
    "drills:result": lambda w: {"org_slug": w.slug, "session_id": w.session.pk},
    "drills:question": lambda w: {"org_slug": w.slug, "question_id": w.question.pk},
    "drills:answer": lambda w: {"org_slug": w.slug, "question_id": w.question.pk},
    "drills:abandon": lambda w: {"org_slug": w.slug, "session_id": w.session.pk},
    "drills:end": lambda w: {"org_slug": w.slug, "session_id": w.session.pk},
    "drills:hint": lambda w: {"org_slug": w.slug, "question_id": w.question.pk},
    "drills:retry_misses": lambda w: {"org_slug": w.slug, "session_id": w.session.pk},
    "drills:weak_skills": lambda w: {"org_slug": w.slug},
    "rules:reference": lambda w: {"org_slug": w.slug},
    "scenarios:list": lambda w: {"org_slug": w.slug},
    "scenarios:create": lambda w: {"org_slug": w.slug},
    "scenarios:answerability": lambda w: {"org_slug": w.slug},
    "scenarios:house_rules_check": lambda w: {"org_slug": w.slug},
    "scenarios:edit": lambda w: {"org_slug": w.slug, "pk": w.scenario.pk},
    "scenarios:other_create": lambda w: {"org_slug": w.slug, "game": "NT"},
    "scenarios:other_edit": lambda w: {"org_slug": w.slug, "pk": w.other_scenario.pk},
    "scenarios:status": lambda w: {"org_slug": w.slug, "pk": w.scenario.pk},
    "scenarios:delete": lambda w: {"org_slug": w.slug, "pk": w.scenario.pk},
    "scenarios:vary": lambda w: {"org_slug": w.slug, "pk": w.scenario.pk},
    "scenarios:export_one": lambda w: {"org_slug": w.slug, "pk": w.scenario.pk},
    "scenarios:import": lambda w: {"org_slug": w.slug},
    "scenarios:import_job": lambda w: {"org_slug": w.slug, "pk": w.import_job.pk},
    "scenarios:export": lambda w: {"org_slug": w.slug},
    "scenarios:drill_sets": lambda w: {"org_slug": w.slug},
    "scenarios:drill_set": lambda w: {"org_slug": w.slug, "pk": w.drill_set.pk},
    "scenarios:drill_set_item_add": lambda w: {"org_slug": w.slug, "pk": w.drill_set.pk},
    "scenarios:drill_set_item_move": lambda w: {
        "org_slug": w.slug,
        "pk": w.drill_set.pk,
        "item_pk": w.item.pk,
    },
    "scenarios:drill_set_item_remove": lambda w: {
        "org_slug": w.slug,
        "pk": w.drill_set.pk,
        "item_pk": w.item.pk,
    },
    "scenarios:drill_set_delete": lambda w: {"org_slug": w.slug, "pk": w.drill_set.pk},
    "scenarios:assignments": lambda w: {"org_slug": w.slug},
    "scenarios:assignment_delete": lambda w: {"org_slug": w.slug, "pk": w.assignment.pk},
    "scenarios:trash": lambda w: {"org_slug": w.slug},
    "scenarios:trash_restore": lambda w: {"org_slug": w.slug, "kind": "assignment", "pk": w.assignment.pk},
    "items:list": lambda w: {"org_slug": w.slug},
    "items:detail": lambda w: {"org_slug": w.slug, "pk": w.scenario.pk},
    "items:exam": lambda w: {"org_slug": w.slug, "pk": w.exam_set.pk},
    "progress:me": lambda w: {"org_slug": w.slug},
    "progress:cohort_report": lambda w: {"org_slug": w.slug},
    "progress:trainee_detail": lambda w: {"org_slug": w.slug, "trainee_id": w.trainee.user.pk},
    "progress:trainee_attempt": lambda w: {
        "org_slug": w.slug,
        "trainee_id": w.trainee.user.pk,
        "attempt_id": _answered(w).pk,
    },
    "progress:certificates": lambda w: {"org_slug": w.slug},
    "progress:certificate_sign": lambda w: {"org_slug": w.slug, "session_id": w.exam.pk},
    "progress:certificate_revoke": lambda w: {"org_slug": w.slug, "pk": w.certificate.pk},
    "progress:exports": lambda w: {"org_slug": w.slug},
    "progress:export_stream": lambda w: {"org_slug": w.slug},
    "progress:export_status": lambda w: {"org_slug": w.slug, "pk": w.export.pk},
    "progress:export_download": lambda w: {"org_slug": w.slug, "pk": w.export.pk},
    "progress:certificate_verify": lambda w: {"code": w.certificate.code},
}


def _answered(w):
    """An answer of the trainee's, made when a test asks for it (the world itself holds none: the
    tests of answering check that nobody else's answer gets stored)."""
    if not hasattr(w, "attempt"):
        from tests.scenarios.factories import record_attempt

        w.attempt = record_attempt(
            organisation=w.scenario.organisation, user=w.trainee.user, version=w.scenario.current_version
        )
    return w.attempt


def _patterns(resolver=None, namespace=""):
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            if str(entry.pattern).startswith("admin/"):
                continue
            yield from _patterns(entry, namespace + (f"{entry.namespace}:" if entry.namespace else ""))
        elif isinstance(entry, URLPattern) and entry.name:
            yield namespace + entry.name, entry.callback


URLS = sorted(dict(_patterns()).items())


def expected(name, rule, role):
    """What a GET must answer: a status code, or "ok" (the page, a redirect, or 405 for a form)."""
    if rule.kind == "public":
        return "ok"
    if role == "anonymous":
        return "login"
    if rule.kind == "authenticated":
        return "ok"
    if role == "outsider":
        return 404
    member_role = {"trainee": Role.TRAINEE, "other_trainee": Role.TRAINEE}.get(role, role)
    if member_role not in rule.roles:
        return 403
    if name in TRAINEES_OWN and role != "trainee":
        return 404
    return "ok"


def test_every_url_of_the_app_has_a_line_in_the_matrix():
    missing = [name for name, _ in URLS if name not in PARAMS]
    assert not missing, f"views without a permission rule in this matrix: {missing}"
    assert not [name for name in PARAMS if name not in dict(URLS)], "the matrix names views that are gone"


def test_every_view_declares_an_access_rule():
    assert [name for name, view in URLS if access_rule_of(view) is None] == []


@pytest.mark.parametrize("role", ROLES)
def test_every_url_answers_each_role_as_its_access_rule_says(client, world, role):
    if role != "anonymous":
        client.force_login(world.people[role].user)
    wrong = []
    for name, view in URLS:
        rule = access_rule_of(view)
        url = reverse(name, kwargs=PARAMS[name](world))
        response = client.get(url)
        want = expected(name, rule, role)
        got = response.status_code
        if want == "login":
            ok = got == 302 and "/accounts/login/" in response["Location"]
        elif want == "ok":
            ok = got in (200, 302, 405) or got in ALSO_FINE.get(name, ())
        else:
            ok = got == want
        if not ok:
            wrong.append(f"{name} {url}: {got}, expected {want}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("role", ["trainee", "instructor", "owner", "outsider"])
def test_no_state_changing_url_accepts_a_post_without_a_csrf_token(world, role):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(world.people[role].user)
    accepted = []
    for name, _ in URLS:
        if name in ("health",):
            continue
        url = reverse(name, kwargs=PARAMS[name](world))
        for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
            response = client.post(url, {}, **headers)
            if response.status_code != 403 and response.status_code != 405:
                accepted.append(f"{name}: {response.status_code}")
    assert not accepted, "\n".join(accepted)


@pytest.mark.parametrize("role", ["other_trainee", "instructor", "owner", "outsider"])
def test_nobody_but_the_trainee_can_answer_their_question(client, world, role):
    from dealer_training.drills.models import Attempt

    client.force_login(world.people[role].user)
    url = reverse("drills:answer", kwargs=PARAMS["drills:answer"](world))
    assert client.post(url, {"stub": "1"}).status_code == 404
    assert not Attempt.objects.exists()


@pytest.mark.parametrize("role", ["other_trainee", "instructor", "owner", "outsider"])
def test_nobody_but_the_trainee_can_abandon_their_exam_sitting(client, world, role):
    from dealer_training.drills.models import DrillSession, Mode

    sitting = DrillSession.objects.create(
        organisation=world.exam.organisation, trainee=world.trainee.user, mode=Mode.EXAM, planned_count=1
    )
    client.force_login(world.people[role].user)
    url = reverse("drills:abandon", kwargs={"org_slug": world.slug, "session_id": sitting.pk})
    assert client.post(url).status_code == 404
    sitting.refresh_from_db()
    assert sitting.finished_at is None


@pytest.mark.parametrize("role", ["other_trainee", "instructor", "owner", "outsider"])
def test_nobody_but_the_trainee_can_end_their_session(client, world, role):
    from dealer_training.drills.models import DrillSession, Mode

    session = DrillSession.objects.create(
        organisation=world.exam.organisation,
        trainee=world.trainee.user,
        mode=Mode.PRACTICE,
        planned_count=3,
        explain_at_end=True,
    )
    client.force_login(world.people[role].user)
    url = reverse("drills:end", kwargs={"org_slug": world.slug, "session_id": session.pk})
    assert client.post(url).status_code == 404
    session.refresh_from_db()
    assert session.finished_at is None


@pytest.mark.parametrize(
    ("role", "status"),
    [("trainee", 403), ("other_trainee", 403), ("instructor", 403), ("outsider", 404), ("owner", 302)],
)
def test_only_an_owner_of_the_organisation_can_revoke_a_certificate(client, world, role, status):
    client.force_login(world.people[role].user)
    url = reverse("progress:certificate_revoke", kwargs=PARAMS["progress:certificate_revoke"](world))
    assert client.post(url, {"reason": "Revoked in a test"}).status_code == status
    world.certificate.refresh_from_db()
    assert (world.certificate.revoked_at is not None) is (role == "owner")


# Whose progress a member may read: owners everyone's, instructors trainees' only (an instructor
# has no business reading an owner's or a fellow instructor's results), trainees only their own
# (through progress:me; the staff page answers them 403).
SUBJECT_RULES = {
    ("owner", "trainee"): "ok",
    ("owner", "instructor"): "ok",
    ("owner", "owner"): "ok",
    ("instructor", "trainee"): "ok",
    ("instructor", "instructor"): 403,
    ("instructor", "other_instructor"): 403,
    ("instructor", "owner"): 403,
    ("trainee", "trainee"): 403,
    ("trainee", "owner"): 403,
    ("outsider", "trainee"): 404,
}


@pytest.mark.parametrize(("viewer", "subject"), sorted(SUBJECT_RULES))
def test_trainee_detail_opens_for_staff_as_the_subjects_role_allows(client, world, viewer, subject):
    from tests.factories import MembershipFactory

    people = dict(world.people)
    people["other_instructor"] = MembershipFactory(
        organisation=world.trainee.organisation, role=Role.INSTRUCTOR
    )
    client.force_login(people[viewer].user)
    url = reverse(
        "progress:trainee_detail", kwargs={"org_slug": world.slug, "trainee_id": people[subject].user_id}
    )
    got = client.get(url).status_code
    want = SUBJECT_RULES[(viewer, subject)]
    assert got == (200 if want == "ok" else want)


MEMBER_ACTIONS = {
    "accounts:member_role": {"role": Role.INSTRUCTOR},
    "accounts:member_remove": {},
}
MEMBER_ACTION_STATUS = {
    "owner": 302,
    "instructor": 403,
    "trainee": 403,
    "other_trainee": 403,
    "outsider": 404,
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name", sorted(MEMBER_ACTIONS))
def test_only_owners_change_roles_and_remove_members(client, world, role, name):
    from dealer_training.accounts.models import Membership

    if role != "anonymous":
        client.force_login(world.people[role].user)
    url = reverse(name, kwargs=PARAMS[name](world))
    response = client.post(url, MEMBER_ACTIONS[name])
    subject = Membership.objects.get(pk=world.trainee.pk)
    if role == "anonymous":
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == MEMBER_ACTION_STATUS[role]
    changed = subject.role != Role.TRAINEE or subject.removed_at is not None
    assert changed == (role == "owner")


@pytest.mark.parametrize(
    ("role", "status"),
    [("anonymous", 302), ("trainee", 403), ("instructor", 403), ("outsider", 404), ("owner", 302)],
)
def test_only_an_owner_of_the_organisation_can_change_the_house_rules_through_the_check(
    client, world, role, status
):
    form = {
        "ruleset": "robert-cash",
        "ante": 100,
        "bring_in": 200,
        "small_bet": 500,
        "big_bet": 1000,
        "max_bets": 5,
        "min_chip": 100,
    }
    if role != "anonymous":
        client.force_login(world.people[role].user)
    url = reverse("scenarios:house_rules_check", kwargs={"org_slug": world.slug})
    response = client.post(url, form)
    assert response.status_code == status
    if role == "anonymous":
        assert "/accounts/login/" in response["Location"]
    saved = {"owner": "robert-cash"}.get(role, "tda-2024")
    assert Organisation.objects.get(slug=world.slug).ruleset == saved
