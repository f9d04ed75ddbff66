"""Events the drills app announces to the apps that build on it.

``attempt_recorded`` is sent by the answer service right after an attempt row is written, inside
its transaction, with ``attempt=<Attempt>``. Receivers (the progress rollups) only queue work to
run after the commit (``task.delay_on_commit(...)``); they never write in the sender's transaction.

``sitting_ended`` is sent when an exam sitting ends (finished, abandoned or expired), inside the
transaction that closes it, with ``session=<DrillSession>``: its answers count from then on.

``attempts_rescored`` is sent by ``manage.py rescore_attempts`` inside the transaction of each
batch it writes, with ``trainees=<set of (organisation id, trainee id)>``: the trainees of the
attempts the new judging turned from right to wrong or back, whose rollups are then out of date.
"""

from django.dispatch import Signal

attempt_recorded = Signal()
sitting_ended = Signal()
attempts_rescored = Signal()
