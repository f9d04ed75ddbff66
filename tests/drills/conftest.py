import pytest
from django.urls import reverse

from dealer_training.drills.models import DrillSession, Question
from dealer_training.drills.services import current_question, session_start

from .helpers import form_data

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}
HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def start(org):
    """Start a session for a membership: start(trainee, mode=..., skill=..., variant=..., count=...)."""

    def _start(membership, **kwargs):
        kwargs.setdefault("mode", "practice")
        return session_start(organisation=org, trainee=membership.user, **kwargs)

    return _start


@pytest.fixture
def issued(start):
    """The first question of a new session: issued(trainee, skill=..., variant=...)."""

    def _issued(membership, **kwargs):
        session = start(membership, **kwargs)
        question = current_question(session=session)
        assert question is not None
        return question

    return _issued


def urls(org, question: Question) -> dict[str, str]:
    session: DrillSession = question.session
    return {
        "play": reverse("drills:play", args=[org.slug, session.pk]),
        "answer": reverse("drills:answer", args=[org.slug, question.pk]),
        "question": reverse("drills:question", args=[org.slug, question.pk]),
        "result": reverse("drills:result", args=[org.slug, session.pk]),
    }


def answer(client, org, question, *, correct=True, htmx=False):
    extra = {**EN, **(HTMX if htmx else {})}
    return client.post(urls(org, question)["answer"], form_data(question, correct=correct), **extra)
