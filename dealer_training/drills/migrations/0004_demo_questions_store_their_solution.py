"""Questions written by an earlier demo history stored the bare answer instead of the whole
solution, and their review pages failed; give them the solution the engine gives now."""

from django.db import migrations


def store_solutions(apps, schema_editor):
    from games.core.errors import EngineError
    from games.solve import solve

    Question = apps.get_model("drills", "Question")
    for question in Question.objects.all().only("id", "document", "expected").iterator():
        expected = question.expected
        if isinstance(expected, dict) and "kind" in expected and "answer" in expected:
            continue
        try:
            question.expected = solve(question.document)
        except (EngineError, RecursionError, MemoryError):
            continue
        question.save(update_fields=["expected"])


class Migration(migrations.Migration):
    dependencies = [("drills", "0003_session_topic")]

    operations = [migrations.RunPython(store_solutions, migrations.RunPython.noop)]
