"""Benchmark of the item analysis of an exam: ``python -m tests.bench.item_analysis`` (figures
printed, nothing asserted).

Creates a PostgreSQL database of its own (dropped at the end unless ``--keep``), loads one exam
drill set sat ``--sittings`` times with ``--items`` items each (one of them an authored scenario)
with COPY, then prints the median and 90th percentile of ``--runs`` requests of the exam's page and
of the items page (which lists every exam's flagged items), with their query counts, and the
analysis alone (the matrix and its figures, no page).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from datetime import timedelta
from typing import Any

from tests.bench.reports import _columns, _create_database, _drop_database, _page, _timed

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/sdt_bench_items"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--sittings", type=int, default=5000)
    parser.add_argument("--items", type=int, default=40)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--keep", action="store_true", help="keep the database afterwards")
    args = parser.parse_args(argv)
    if not args.database_url.startswith(("postgres://", "postgresql://")):
        sys.exit("the benchmark needs PostgreSQL: --database-url postgres://...")
    os.environ["DATABASE_URL"] = args.database_url
    os.environ["DJANGO_SETTINGS_MODULE"] = "dealer_training.settings.test"
    _create_database(args.database_url)
    try:
        _run(args)
    finally:
        from django.db import connections

        connections.close_all()
        if not args.keep:
            _drop_database(args.database_url)


def _load(*, sittings: int, items: int, seed: int) -> dict[str, Any]:
    from django.db import connection
    from django.utils import timezone

    from dealer_training.accounts.models import Membership, Organisation, Role, User
    from dealer_training.drills.models import Attempt, DrillSession, Mode, Question, TrainingSettings
    from dealer_training.scenarios.models import DrillSet
    from tests.scenarios.factories import make_scenario

    rng = random.Random(seed)
    org = Organisation.objects.create(name="Bench Card Room", slug="bench")
    TrainingSettings.objects.create(organisation=org)
    staff = User.objects.create_user("owner@bench.example", "bench-password", name="Bench Owner")
    Membership.objects.create(user=staff, organisation=org, role=Role.OWNER)
    trainees = User.objects.bulk_create(
        [User(email=f"trainee{i:05d}@bench.example", name=f"Trainee {i:05d}") for i in range(sittings)]
    )
    Membership.objects.bulk_create(
        [Membership(user=u, organisation=org, role=Role.TRAINEE) for u in trainees]
    )
    exam = DrillSet.objects.create(organisation=org, title="Bench exam", is_exam=True)
    version = make_scenario(org).current_version
    assert version is not None
    difficulty = [rng.uniform(-2, 2) for _ in range(items)]
    now = timezone.now()
    session_rows, question_rows, attempt_rows = [], [], []
    question_id = 0
    session_cols = [
        "id",
        "organisation",
        "trainee",
        "mode",
        "skill",
        "variant",
        "drill_set",
        "seed",
        "planned_count",
    ]
    session_cols += ["started_at", "finished_at", "outcome"]
    question_cols = ["id", "session", "organisation", "trainee", "position", "skill", "variant", "kind"]
    question_cols += ["scenario_version", "seed", "document", "expected", "ruleset", "issued_at"]
    attempt_cols = ["id", "question", "organisation", "trainee", "session", "scenario_version", "mode"]
    attempt_cols += [
        "skill",
        "variant",
        "kind",
        "ruleset",
        "answer",
        "correct",
        "score",
        "time_ms",
        "speed",
        "created_at",
    ]
    document = json.dumps({"bench": True})
    for number, user in enumerate(trainees, 1):
        ability = rng.gauss(0, 1)
        at = now - timedelta(days=rng.uniform(0, 60))
        session_rows.append(
            (number, org.pk, user.pk, Mode.EXAM.value, "", "", exam.pk, "", items, at, at, "finished")
        )
        for position in range(items):
            question_id += 1
            correct = rng.random() < 1 / (1 + pow(2.718281828, difficulty[position] - ability))
            authored = position == 0
            kind = version.kind if authored else "bring_in"
            vid = version.pk if authored else None
            answer = json.dumps(version.answer if correct else {"seat": rng.randint(1, 4)})
            question_rows.append(
                (
                    question_id,
                    number,
                    org.pk,
                    user.pk,
                    position,
                    "bring_in",
                    "F7S",
                    kind,
                    vid,
                    "",
                    document,
                    "{}",
                    "tda-2024",
                    at,
                )
            )
            attempt_rows.append(
                (
                    question_id,
                    question_id,
                    org.pk,
                    user.pk,
                    number,
                    vid,
                    Mode.EXAM.value,
                    "bring_in",
                    "F7S",
                    kind,
                    "tda-2024",
                    answer,
                    correct,
                    float(correct),
                    5000,
                    "normal",
                    at,
                )
            )
    started = time.perf_counter()
    with connection.cursor() as cursor:
        raw = cursor.cursor
        for model, cols, rows in (
            (DrillSession, session_cols, session_rows),
            (Question, question_cols, question_rows),
            (Attempt, attempt_cols, attempt_rows),
        ):
            with raw.copy(f"COPY {model._meta.db_table} ({_columns(model, cols)}) FROM STDIN") as copy:
                for row in rows:
                    copy.write_row(row)
            table = model._meta.db_table
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
            )
        cursor.execute("ANALYZE")
    return {
        "org": org,
        "owner": staff,
        "exam": exam,
        "attempts": len(attempt_rows),
        "load": time.perf_counter() - started,
    }


def _run(args: argparse.Namespace) -> None:
    import django

    django.setup()
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from dealer_training.progress.selectors.exam_items import exam_analysis

    call_command("migrate", verbosity=0)
    data = _load(sittings=args.sittings, items=args.items, seed=args.seed)
    print(
        f"loaded {args.sittings:,} sittings x {args.items} items = {data['attempts']:,} exam attempts "
        f"with COPY in {data['load']:.1f} s"
    )
    client = Client()
    client.force_login(data["owner"])
    org, exam = data["org"], data["exam"]
    analysis_median, analysis_p90, analysis = _timed(lambda: exam_analysis(drill_set=exam), args.runs)
    print(
        f"  exam_analysis (matrix and figures)  median {analysis_median:7.1f} ms  p90 {analysis_p90:7.1f} ms"
        f"  KR-20 {analysis.test.kr20:.3f}  SEM {analysis.test.sem:.2f}"
    )
    for label, path in (
        ("exam item analysis page", reverse("items:exam", args=[org.slug, exam.pk])),
        ("items page (with the exam flags)", reverse("items:list", args=[org.slug])),
    ):
        median, p90, queries = _timed(_page(client, path), args.runs)
        print(f"  {label:34s}  median {median:7.1f} ms  p90 {p90:7.1f} ms  {queries} queries")


if __name__ == "__main__":
    main()
