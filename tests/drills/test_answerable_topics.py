"""Every drill topic asks only what its table shows: the answer fields a drill judges
(``topics.answer_fields``) come out the same from the table view alone (games.answerable)."""

from dealer_training.drills.topics import TOPICS, answer_fields
from games.answerable import check_answerable
from games.solve import solve
from games.stud.generate import generate

SEEDS = range(6)


def test_every_drill_topic_is_answerable_from_the_table_on_the_fields_it_asks():
    failures = []
    checked = 0
    for skill, topics in TOPICS.items():
        for topic in topics:
            for game in topic.games:
                for seed in SEEDS:
                    document = generate(kind=topic.kind, variant=game, seed=seed, focus=topic.focus)
                    answer = solve(document)["answer"]
                    fields = answer_fields(game, topic.kind, topic.focus, answer)
                    report = check_answerable(document, fields=fields)
                    checked += 1
                    if not report.answerable:
                        failures.append((skill, topic, game, seed, [p.message() for p in report.problems]))
    assert checked > 100
    assert not failures, failures[:5]
