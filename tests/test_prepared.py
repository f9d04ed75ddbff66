"""Reads compiled once (``dealer_training.prepared``): the same rows and instances as the ORM's."""

import pytest
from django.db.models import Count

from dealer_training.accounts.models import Membership, Organisation
from dealer_training.drills.models import Question
from dealer_training.prepared import Prepared
from tests.factories import MembershipFactory, OrganisationFactory

MEMBERSHIP = Prepared(
    lambda user_id, slug: (
        Membership.objects.select_related("organisation")
        .annotate(others=Count("user__memberships"))
        .filter(user_id=user_id, organisation__slug=slug)
    ),
    user_id=int,
    slug=str,
)


@pytest.mark.django_db
def test_a_prepared_read_gives_what_the_orm_gives_with_each_calls_values():
    first, second = MembershipFactory(), MembershipFactory()
    MembershipFactory(user=first.user)
    for membership in (first, second):
        slug = membership.organisation.slug
        [found] = MEMBERSHIP.all(user_id=membership.user_id, slug=slug)
        [expected] = MEMBERSHIP._build(membership.user_id, slug)
        assert found.pk == expected.pk == membership.pk
        assert found.organisation == membership.organisation  # selected with it: no query
        assert found.others == expected.others
        assert {k: v for k, v in vars(found).items() if k != "_state"} == {
            k: v for k, v in vars(expected).items() if k != "_state"
        }
    assert MEMBERSHIP.first(user_id=first.user_id, slug=second.organisation.slug) is None


def test_a_prepared_read_is_one_query_and_builds_its_queryset_once(db, django_assert_num_queries):
    membership = MembershipFactory()
    built = []
    prepared = Prepared(
        lambda pk: built.append(pk) or Organisation.objects.filter(pk=pk),
        pk=int,
    )
    for _ in range(3):
        with django_assert_num_queries(1):
            assert prepared.first(pk=membership.organisation_id) == membership.organisation
    assert len(built) == 1


def test_json_and_dates_are_read_as_the_orm_reads_them(trainee, org):
    from dealer_training.drills.services import current_question, session_start

    question = current_question(
        session=session_start(
            organisation=org, trainee=trainee.user, mode="practice", skill="stub", variant="F7S"
        )
    )
    prepared = Prepared(
        lambda pk: Question.objects.select_related("session", "attempt").filter(pk=pk), pk=int
    )
    found = prepared.first(pk=question.pk)
    stored = Question.objects.get(pk=question.pk)
    assert found.document == stored.document
    assert found.view == stored.view
    assert found.issued_at == stored.issued_at
    assert found.session.started_at == stored.session.started_at
    assert not hasattr(found, "attempt")  # selected: none, and no query to find that out


def test_a_value_the_query_transforms_is_refused(db):
    prepared = Prepared(lambda slug: Organisation.objects.filter(slug__iexact=slug), slug=str)
    with pytest.raises(ValueError, match="exact filter"):
        prepared.all(slug="ginza")
    twice = Prepared(lambda pk: Organisation.objects.filter(pk=pk).exclude(pk=pk), pk=int)
    with pytest.raises(ValueError, match="exact filter"):
        twice.all(pk=1)


def test_the_values_must_be_those_named(db):
    prepared = Prepared(lambda pk: Organisation.objects.filter(pk=pk), pk=int)
    with pytest.raises(TypeError):
        prepared.all(slug="ginza")
    with pytest.raises(ValueError, match="int or str"):
        Prepared(lambda day: Organisation.objects.filter(pk=day), day=object)


def test_values_are_passed_as_parameters_never_as_sql(db):
    OrganisationFactory(slug="ginza")
    prepared = Prepared(lambda slug: Organisation.objects.filter(slug=slug), slug=str)
    assert prepared.all(slug="ginza' OR '1'='1") == []
    assert [o.slug for o in prepared.all(slug="ginza")] == ["ginza"]


def test_the_login_session_is_read_in_one_query_and_an_expired_one_is_not(
    client, trainee, django_assert_num_queries
):
    from datetime import timedelta

    from django.contrib.sessions.models import Session
    from django.urls import reverse
    from django.utils import timezone

    from dealer_training.session_store import SessionStore

    client.force_login(trainee.user)
    key = client.cookies["sessionid"].value
    with django_assert_num_queries(1):
        assert SessionStore(key).load()["_auth_user_id"] == str(trainee.user_id)
    home = reverse("accounts:org_home", args=[trainee.organisation.slug])
    assert client.get(home).status_code == 200
    Session.objects.filter(session_key=key).update(expire_date=timezone.now() - timedelta(seconds=1))
    assert SessionStore(key).load() == {}
    assert client.get(home).status_code == 302  # logged out: to the login page


def _issued_question(org, trainee):
    from dealer_training.drills.services import current_question, session_start

    return current_question(
        session=session_start(
            organisation=org, trainee=trainee.user, mode="practice", skill="stub", variant="F7S", count=9
        )
    )


def _columns(row):
    from django.forms.models import model_to_dict

    return {k: v for k, v in model_to_dict(row).items() if k not in ("id", "position")}


def test_a_compiled_insert_writes_the_row_the_orm_writes_and_sends_its_signals(trainee, org):
    from django.db.models.signals import post_save, pre_save

    from dealer_training.prepared import insert

    source = _issued_question(org, trainee)
    values = {
        f.attname: getattr(source, f.attname)
        for f in Question._meta.concrete_fields
        if f.attname not in ("id", "position", "issued_at")
    }
    heard = []

    def listen(sender, instance, **kwargs):
        heard.append((kwargs.get("created"), instance.pk))

    pre_save.connect(listen, sender=Question)
    post_save.connect(listen, sender=Question)
    try:
        by_orm = Question.objects.create(position=7, **values)
        compiled = insert(Question(position=8, **values))
    finally:
        pre_save.disconnect(listen, sender=Question)
        post_save.disconnect(listen, sender=Question)
    assert compiled.pk is not None
    assert not compiled._state.adding
    stored = Question.objects.get(pk=compiled.pk)
    assert _columns(stored) == _columns(Question.objects.get(pk=by_orm.pk))
    assert stored.issued_at == compiled.issued_at  # auto_now_add, as the ORM sets it
    assert heard == [(None, None), (True, by_orm.pk), (None, None), (True, compiled.pk)]


def test_a_compiled_insert_that_breaks_a_unique_constraint_raises_integrity_error(trainee, org):
    from django.db import IntegrityError, transaction

    from dealer_training.prepared import insert

    source = _issued_question(org, trainee)
    values = {
        f.attname: getattr(source, f.attname) for f in Question._meta.concrete_fields if f.attname != "id"
    }
    with pytest.raises(IntegrityError), transaction.atomic():
        insert(Question(**values))  # the same session and position
    assert Question.objects.filter(session_id=source.session_id).count() == 1


def test_a_field_left_to_its_database_default_is_written_by_the_orm(trainee, org, monkeypatch):
    from dealer_training.prepared import insert

    source = _issued_question(org, trainee)
    values = {
        f.attname: getattr(source, f.attname)
        for f in Question._meta.concrete_fields
        if f.attname not in ("id", "position", "issued_at", "walk_stage", "fields")
    }
    row = insert(Question(position=5, **values))
    stored = Question.objects.get(pk=row.pk)
    assert stored.walk_stage == ""
    assert stored.fields == []


def test_answering_writes_the_question_and_the_attempt_with_compiled_inserts(trainee, org, monkeypatch):
    from django.db.models import Model

    from dealer_training.drills.models import Attempt
    from dealer_training.drills.services import attempt_submit
    from tests.drills.helpers import form_data, parse_form

    def no_save(self, *args, **kwargs):
        if isinstance(self, (Question, Attempt)):
            raise AssertionError(f"{type(self).__name__} written through save()")
        return real(self, *args, **kwargs)

    real = Model.save
    monkeypatch.setattr(Model, "save", no_save)
    question = _issued_question(org, trainee)
    attempt_submit(question=question, given=parse_form(question, form_data(question)))
    assert Attempt.objects.filter(question=question).count() == 1
