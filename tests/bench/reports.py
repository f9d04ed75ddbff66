"""Benchmark of the progress reports: ``python -m tests.bench.reports`` (figures printed, nothing asserted).

Creates a PostgreSQL database of its own (dropped at the end unless ``--keep``), loads an
organisation with ``--trainees`` trainees and ``--attempts`` attempts with COPY, then prints:

1. the full rollup rebuild (every trainee, one transaction each, as the nightly task does);
2. the report pages through Django's test client, median and 90th percentile of ``--runs``
   requests after a warm-up, with their query count, beside the goal (300 ms) and beside the
   same heatmap aggregated from raw attempts (what the page would cost without rollups);
3. the full CSV export, streamed through the view and written by the export task: rows per
   second, and the peak Python memory of a small and of the full export (constant, not growing
   with the rows).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any
from urllib.parse import urlsplit, urlunsplit

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/sdt_bench_reports"
GOAL_MS = 300.0


def _admin_connection(url: str) -> Any:
    import psycopg

    parts = urlsplit(url)
    return psycopg.connect(urlunsplit(parts._replace(path="/postgres")), autocommit=True)


def _create_database(url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    with _admin_connection(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')


def _drop_database(url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    with _admin_connection(url) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _columns(model: Any, names: list[str]) -> str:
    return ", ".join(model._meta.get_field(name).column for name in names)


def _load(*, trainees: int, attempts: int, seed: int) -> dict[str, Any]:
    """People with bulk_create; sessions, questions and attempts with COPY."""
    from django.db import connection
    from django.utils import timezone

    from dealer_training.accounts.models import Cohort, Membership, Organisation, Role, User
    from dealer_training.drills.models import (
        Attempt,
        Certificate,
        DrillSession,
        Mode,
        Question,
        ReviewCard,
        TrainingSettings,
    )
    from dealer_training.drills.targets import DEFAULT_SPEED_TARGET_SECONDS
    from dealer_training.scenarios.choices import Skill, Variant

    rng = random.Random(seed)
    org = Organisation.objects.create(name="Bench Card Room", slug="bench")
    TrainingSettings.objects.create(organisation=org)
    staff = User.objects.create_user("owner@bench.example", "bench-password", name="Bench Owner")
    Membership.objects.create(user=staff, organisation=org, role=Role.OWNER)
    users = User.objects.bulk_create(
        [User(email=f"trainee{i:04d}@bench.example", name=f"Trainee {i:04d}") for i in range(trainees)]
    )
    memberships = Membership.objects.bulk_create(
        [Membership(user=user, organisation=org, role=Role.TRAINEE) for user in users]
    )
    cohorts = [Cohort.objects.create(organisation=org, name=f"Intake {n}") for n in range(4)]
    for i, membership in enumerate(memberships):
        cohorts[i % 4].members.add(membership)

    units = [(s.value, v.value) for s in Skill for v in Variant if s != Skill.RAZZ_ORDER or v == Variant.RAZZ]
    now = timezone.now()
    days = 120
    per_trainee = attempts // trainees
    session_id = question_id = 0
    exams: list[tuple[int, int]] = []
    session_cols = ["id", "organisation", "trainee", "mode", "skill", "variant", "seed", "planned_count"]
    session_cols += ["started_at", "finished_at"]
    question_cols = ["id", "session", "organisation", "trainee", "position", "skill", "variant", "kind"]
    question_cols += ["seed", "document", "expected", "ruleset", "issued_at"]
    attempt_cols = ["id", "question", "organisation", "trainee", "session", "mode", "skill", "variant"]
    attempt_cols += ["kind", "ruleset", "answer", "correct", "score", "time_ms", "speed", "created_at"]
    document = json.dumps({"bench": True})
    expected = json.dumps({"seat": 1})
    wrong = json.dumps({"seat": 2})
    started = time.perf_counter()
    session_rows: list[tuple[Any, ...]] = []
    question_rows: list[tuple[Any, ...]] = []
    attempt_rows: list[tuple[Any, ...]] = []
    for user in users:
        focus = rng.sample(units, rng.randint(6, 14))
        skill_level = rng.uniform(0.55, 0.95)
        speed = rng.uniform(0.5, 1.6)
        left = per_trainee
        while left > 0:
            count = min(left, rng.randint(8, 16))
            left -= count
            skill, variant = rng.choice(focus)
            session_id += 1
            at = now - timedelta(days=rng.uniform(0, days))
            progress = 1 - (now - at).days / days  # improves over time
            accuracy = min(0.99, skill_level + 0.25 * progress)
            target = DEFAULT_SPEED_TARGET_SECONDS[skill] * 1000
            moment = at
            for position in range(1, count + 1):
                question_id += 1
                correct = rng.random() < accuracy
                ms = max(800, int(target * speed * rng.uniform(0.6, 1.4) * (1.3 - 0.4 * progress)))
                question_rows.append(
                    (
                        *(question_id, session_id, org.pk, user.pk, position, skill, variant, "bring_in"),
                        *("", document, expected, "tda-2024", moment),
                    )
                )
                moment += timedelta(milliseconds=ms)
                answer = expected if correct else wrong
                pace = "fast" if ms < target * 0.75 else "normal"
                attempt_rows.append(
                    (
                        *(question_id, question_id, org.pk, user.pk, session_id, Mode.PRACTICE.value),
                        *(
                            skill,
                            variant,
                            "bring_in",
                            "tda-2024",
                            answer,
                            correct,
                            float(correct),
                            ms,
                            pace,
                            moment,
                        ),
                    )
                )
                moment += timedelta(seconds=rng.uniform(3, 10))
            session_rows.append(
                (session_id, org.pk, user.pk, Mode.PRACTICE.value, skill, variant, "", count, at, moment)
            )
        # One finished exam per trainee (no attempts of its own: scored from none, a fail).
        session_id += 1
        exams.append((session_id, user.pk))
        at = now - timedelta(days=rng.uniform(0, 30))
        session_rows.append((session_id, org.pk, user.pk, Mode.EXAM.value, "", "", "", 20, at, at))
    with connection.cursor() as cursor:
        raw = cursor.cursor
        with raw.copy(
            f"COPY {DrillSession._meta.db_table} ({_columns(DrillSession, session_cols)}) FROM STDIN"
        ) as copy:
            for row in session_rows:
                copy.write_row(row)
        with raw.copy(
            f"COPY {Question._meta.db_table} ({_columns(Question, question_cols)}) FROM STDIN"
        ) as copy:
            for row in question_rows:
                copy.write_row(row)
        with raw.copy(
            f"COPY {Attempt._meta.db_table} ({_columns(Attempt, attempt_cols)}) FROM STDIN"
        ) as copy:
            for row in attempt_rows:
                copy.write_row(row)
        for model in (DrillSession, Question, Attempt):
            table = model._meta.db_table
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT MAX(id) FROM {table}))"
            )
        cursor.execute("ANALYZE")
    loaded = time.perf_counter() - started
    ReviewCard.objects.bulk_create(
        [
            ReviewCard(
                organisation=org,
                trainee=user,
                skill="bring_in",
                variant="F7S",
                card={},
                due_at=now - timedelta(hours=i),
            )
            for i, user in enumerate(users[::3])
        ]
    )
    Certificate.objects.bulk_create(
        [
            Certificate(
                organisation=org,
                trainee_id=trainee_id,
                session_id=sid,
                title="Bench exam",
                accuracy=90.0,
                average_seconds=5.0,
                items=20,
                code=f"bench-{sid:08d}-verification-code",
                signed_off_by=staff,
                signed_off_at=now,
            )
            for sid, trainee_id in exams[::5]
        ]
    )
    return {
        "org": org,
        "owner": staff,
        "trainee": users[0],
        "cohort": cohorts[0],
        "attempts": len(attempt_rows),
        "sessions": len(session_rows),
        "load_seconds": loaded,
    }


def _timed(function: Callable[[], Any], runs: int) -> tuple[float, float, Any]:
    function()  # warm-up: caches, the first connection, template compilation
    function()
    samples = []
    result = None
    for _ in range(runs):
        start = time.perf_counter()
        result = function()
        samples.append(1000 * (time.perf_counter() - start))
    samples.sort()
    return statistics.median(samples), samples[min(len(samples) - 1, int(0.9 * len(samples)))], result


def _page(client: Any, path: str, params: dict[str, Any] | None = None) -> Callable[[], int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def get() -> int:
        with CaptureQueriesContext(connection) as queries:
            response = client.get(path, params or {})
            assert response.status_code == 200, (path, response.status_code)
            if getattr(response, "streaming", False):
                b"".join(response.streaming_content)
        return len(queries)

    return get


def _raw_heatmap(org: Any, start: Any) -> Callable[[], int]:
    """The reference: the heatmap's numbers straight from the attempts (no rollups)."""
    from django.db.models import Count, Q, Sum

    from dealer_training.drills.models import Attempt

    def query() -> int:
        rows = list(
            Attempt.objects.filter(organisation=org, created_at__gte=start)
            .values("trainee_id", "skill")
            .annotate(n=Count("pk"), ok=Count("pk", filter=Q(correct=True)), ms=Sum("time_ms"))
            .order_by()
        )
        return len(rows)

    return query


def _export_stream(client: Any, path: str, params: dict[str, str]) -> tuple[int, int]:
    response = client.get(path, params)
    rows = size = 0
    for chunk in response.streaming_content:
        rows += 1
        size += len(chunk)
    return rows - 1, size


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL))
    parser.add_argument("--trainees", type=int, default=200)
    parser.add_argument("--attempts", type=int, default=500_000)
    parser.add_argument("--runs", type=int, default=15)
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


def _run(args: argparse.Namespace) -> None:
    import tempfile

    import django

    django.setup()
    import logging

    logging.getLogger("celery").setLevel(logging.WARNING)  # eager tasks log every run
    from django.conf import settings
    from django.core.management import call_command
    from django.db.models import Sum
    from django.test import Client
    from django.urls import reverse
    from django.utils import timezone

    from dealer_training.drills.models import Attempt
    from dealer_training.progress import exports, rollups
    from dealer_training.progress.forms import period_start
    from dealer_training.progress.models import DailyRollup, ExportJob, SkillProgress

    settings.MEDIA_ROOT = tempfile.mkdtemp(prefix="sdt-bench-media-")
    call_command("migrate", verbosity=0)
    print(f"PostgreSQL database {urlsplit(args.database_url).path.lstrip('/')} (created for this run)")
    data = _load(trainees=args.trainees, attempts=args.attempts, seed=args.seed)
    org = data["org"]
    print(
        f"loaded {args.trainees} trainees, {data['attempts']:,} attempts in {data['sessions']:,} sessions "
        f"with COPY in {data['load_seconds']:.1f} s"
    )

    # 1. Full rollup rebuild ----------------------------------------------------------------------
    bars = rollups.bars_for(org.pk)
    start = time.perf_counter()
    for trainee_id in rollups.trainees_with_rollup_work(organisation_id=org.pk):
        rollups.rollups_rebuild_trainee(organisation_id=org.pk, trainee_id=trainee_id, bars=bars)
    rebuild = time.perf_counter() - start
    print()
    print("== rollup rebuild (one transaction per trainee, as the nightly task runs them)")
    print(
        f"full rebuild: {rebuild:.2f} s for {data['attempts']:,} attempts "
        f"({data['attempts'] / rebuild:,.0f} attempts/s) -> {DailyRollup.objects.count():,} daily rows, "
        f"{SkillProgress.objects.count():,} skill rows"
    )
    one = rollups.refresh_arguments(Attempt.objects.filter(trainee=data["trainee"]).latest("created_at"))
    one["day"] = datetime.fromisoformat(one["day"]).date()
    median_ms, p90_ms, _ = _timed(lambda: rollups.rollup_refresh(**one), args.runs)
    print(f"refresh after one attempt (the on-commit task): median {median_ms:.1f} ms, p90 {p90_ms:.1f} ms")

    # 2. Pages ------------------------------------------------------------------------------------
    staff = Client()
    staff.force_login(data["owner"])
    trainee = Client()
    trainee.force_login(data["trainee"])
    slug = org.slug
    report = reverse("progress:cohort_report", kwargs={"org_slug": slug})
    pages = [
        ("cohort report, all trainees, 4 weeks", staff, report, {}),
        ("cohort report, all trainees, all time", staff, report, {"period": "all"}),
        (
            "cohort report, one cohort, razz, 90 days",
            staff,
            report,
            {"cohort": data["cohort"].pk, "variant": "FR", "period": "90"},
        ),
        ("cohort report, htmx fragment", staff, report, {"period": "365"}),
        ("trainee home page (panels)", trainee, reverse("accounts:org_home", kwargs={"org_slug": slug}), {}),
        ("progress:me", trainee, reverse("progress:me", kwargs={"org_slug": slug}), {}),
        (
            "progress:me, history of one skill (htmx)",
            trainee,
            reverse("progress:me", kwargs={"org_slug": slug}),
            {"skill": "bring_in"},
        ),
        (
            "trainee detail (staff)",
            staff,
            reverse("progress:trainee_detail", kwargs={"org_slug": slug, "trainee_id": data["trainee"].pk}),
            {},
        ),
        ("certification", staff, reverse("progress:certificates", kwargs={"org_slug": slug}), {}),
        ("staff home page (panels)", staff, reverse("accounts:org_home", kwargs={"org_slug": slug}), {}),
    ]
    print()
    print(f"== pages ({args.runs} requests each after a warm-up; goal {GOAL_MS:.0f} ms)")
    print(f"{'page':<46}{'median ms':>11}{'p90 ms':>9}{'queries':>9}   vs goal")
    for label, client, path, params in pages:
        if "htmx" in label:
            client.defaults["HTTP_HX_REQUEST"] = "true"
        median_ms, p90_ms, queries = _timed(_page(client, path, params), args.runs)
        client.defaults.pop("HTTP_HX_REQUEST", None)
        verdict = "under" if p90_ms < GOAL_MS else "OVER"
        print(
            f"{label:<46}{median_ms:>11.1f}{p90_ms:>9.1f}{queries:>9}   "
            f"{verdict} ({median_ms / GOAL_MS:.2f} of it)"
        )
    four_weeks = rollups.day_bounds(period_start("28"))[0]
    raw_median, raw_p90, groups = _timed(_raw_heatmap(org, four_weeks), max(3, args.runs // 3))
    ours_median, _, _ = _timed(
        lambda: len(
            list(
                DailyRollup.objects.filter(organisation=org, day__gte=period_start("28"))
                .values("trainee_id", "skill")
                .annotate(n=Sum("attempts"), ok=Sum("correct"), ms=Sum("time_ms_total"))
                .order_by()
            )
        ),
        args.runs,
    )
    print(
        f"reference: the 4-week heatmap numbers from raw attempts take {raw_median:.1f} ms "
        f"(p90 {raw_p90:.1f}) "
        f"for {groups} cells; from the rollups {ours_median:.1f} ms ({raw_median / ours_median:.0f}x less)"
    )

    # 3. CSV export ------------------------------------------------------------------------------
    stream = reverse("progress:export_stream", kwargs={"org_slug": slug})
    today = timezone.localdate()
    first_day = today - timedelta(days=365 * 4)  # every attempt: the form takes up to five years
    everything = {"kind": "attempts", "start": first_day.isoformat(), "end": today.isoformat()}
    last_days = {
        "kind": "attempts",
        "start": (today - timedelta(days=2)).isoformat(),
        "end": today.isoformat(),
    }
    print()
    print("== CSV export of every attempt")
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    start = time.perf_counter()
    rows, size = _export_stream(staff, stream, everything)
    elapsed = time.perf_counter() - start
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"streamed download: {rows:,} rows, {size / 1e6:.1f} MB in {elapsed:.2f} s "
        f"= {rows / elapsed:,.0f} rows/s "
        f"(process peak RSS {rss_before / 1024:.0f} MB before, {rss_after / 1024:.0f} MB after)"
    )
    for label, params in (("last 7 days", last_days), ("all time", everything)):
        tracemalloc.start()
        counted, _ = _export_stream(staff, stream, params)
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"peak Python memory while streaming {label:<12} {counted:>9,} rows: {peak / 1e6:6.1f} MB")
    filters = exports.ExportFilters(kind="attempts", start=first_day, end=today)
    job = ExportJob.objects.create(  # recorded without queueing: the task body is timed here
        organisation=org,
        requested_by=data["owner"],
        kind=filters.kind,
        params=filters.to_params(),
        file=f"exports/{org.pk}/bench/{filters.filename(org)}",
    )
    start = time.perf_counter()
    exports.export_job_run(job_id=job.pk)
    elapsed = time.perf_counter() - start
    job.refresh_from_db()
    print(
        f"export task writing the file: {job.done:,} rows in {elapsed:.2f} s "
        f"= {job.done / elapsed:,.0f} rows/s"
    )
    summary = {"kind": "summary", "start": first_day.isoformat(), "end": today.isoformat()}
    median_ms, _, _ = _timed(lambda: _export_stream(staff, stream, summary), max(3, args.runs // 3))
    print(f"summary CSV (from rollups): median {median_ms:.0f} ms")


if __name__ == "__main__":
    main()
