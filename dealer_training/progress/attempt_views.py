"""One trainee's answer in full, for the staff: the question's table with the answer shown, the
answer given and the correct one, the engine's explanation. The page that a row of the trainee
page links to, for generated questions as well as authored ones."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from dealer_training.accounts.access import STAFF_ROLES, OrgHttpRequest, org_view
from dealer_training.accounts.models import Membership, Role
from dealer_training.drills.exams import items_visible
from dealer_training.drills.models import Mode
from dealer_training.drills.present import feedback_for, game_code, marked_seats, table_for
from games.api import EngineError, game

from . import selectors
from .attempt_rows import attempt_row


def subject_or_404(request: OrgHttpRequest, trainee_id: int) -> Membership:
    """The member whose progress the staff asked for: any member of this organisation (removed
    ones included, so their history stays readable); another organisation's is a 404. Owners
    read everyone's; instructors read trainees' only, not an owner's or a fellow instructor's."""
    membership = get_object_or_404(
        Membership.objects.select_related("user"), organisation=request.org, user_id=trainee_id
    )
    if request.membership.role != Role.OWNER and membership.role != Role.TRAINEE:
        raise PermissionDenied
    return membership


@org_view(roles=STAFF_ROLES)
@require_GET
def trainee_attempt(request: OrgHttpRequest, trainee_id: int, attempt_id: int) -> HttpResponse:
    subject = subject_or_404(request, trainee_id)
    attempt = selectors.trainee_attempt(
        organisation=request.org, trainee_id=trainee_id, attempt_id=attempt_id
    )
    if attempt is None:
        raise Http404(_("There is no such answer."))
    question = attempt.question
    try:
        stud = game(game_code(question)).is_stud
        table = table_for(question, mark=marked_seats(question))
    except (EngineError, KeyError, TypeError, ValueError):
        table = None
        stud = True
    context = {
        "subject": subject,
        "row": attempt_row(attempt, org_slug=request.org.slug),
        "attempt": attempt,
        "question": question,
        "table": table,
        "other": not stud,
        "feedback": feedback_for(question, attempt, attempt.verdict or {}),
        # The staff see an exam's items once it has ended; they are told when the trainee does not.
        "hidden_from_trainee": attempt.mode == Mode.EXAM and not items_visible(attempt.session),
    }
    return render(request, "progress/trainee_attempt.html", context)
