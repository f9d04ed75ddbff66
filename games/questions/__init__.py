"""Questions across games, the generic part: answer field types, the question-kind protocol,
comparing two answers of a kind, whether a candidate explains a wrong answer, and the report of
a question the table does not decide. It imports no game and not the registry: the entry points
that find a kind by name are above it (:mod:`games.judge`, :mod:`games.diagnose`,
:mod:`games.answerable`)."""
