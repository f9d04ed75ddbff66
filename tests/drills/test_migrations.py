"""Data migrations of the drills app, run against rows as an older version wrote them."""

from importlib import import_module

from django.apps import apps

from games.solve import solve
from games.stud.generate import generate

repair = import_module("dealer_training.drills.migrations.0004_demo_questions_store_their_solution")


def test_questions_that_stored_a_bare_answer_get_their_whole_solution(db, trainee, issued):
    question = issued(trainee, skill="bring_in", variant="F7S")
    document = generate(kind="bring_in", variant="F7S", seed=5)
    solution = solve(document)
    type(question).objects.filter(pk=question.pk).update(document=document, expected=solution["answer"])
    repair.store_solutions(apps, None)
    question.refresh_from_db()
    assert question.expected["kind"] == "bring_in"
    assert question.expected["answer"] == solution["answer"]
    before = dict(question.expected)
    repair.store_solutions(apps, None)  # rows that hold a solution are left alone
    question.refresh_from_db()
    assert question.expected == before
