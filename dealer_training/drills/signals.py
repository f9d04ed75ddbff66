"""Events the drills app announces to the apps that build on it.

``attempt_recorded`` is sent by the answer service right after an attempt row is written, inside
its transaction, with ``attempt=<Attempt>``. Receivers (the progress rollups) only queue work to
run after the commit (``task.delay_on_commit(...)``); they never write in the sender's transaction.

``sitting_ended`` is sent when an exam sitting ends (finished, abandoned or expired), inside the
transaction that closes it, with ``session=<DrillSession>``: its answers count from then on.
"""

from django.dispatch import Signal

attempt_recorded = Signal()
sitting_ended = Signal()
