"""Where an answer's server time goes: ``python -m tests.bench.profile_answers``.

One trainee answers ``--answers`` practice questions in process, through Django's test client
with the benchmark server's settings (PostgreSQL, a database made for the run; ``--sqlite`` for a
file of its own): the question page (GET, as the page's "Next question" asks for it by htmx) and
the answer (POST, as the page's htmx form sends it).
Printed: CPU milliseconds per request (median and p95) and the queries of each, for the two views
and a trivial view; with ``--profile`` a pyinstrument profile of the answering part (the text
summary, and an HTML file with ``--html``).
"""

from __future__ import annotations

import argparse
import os
import re
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from statistics import median
from typing import Any
from urllib.parse import urlencode

from tests.bench.reports import _create_database, _drop_database

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/sdt_bench_profile"
QUESTION_ID = re.compile(r'action="/o/[\w-]+/drills/q/(\d+)/answer/"')


def _setup(url: str) -> None:
    os.environ["BENCH_DATABASE_URL"] = url
    os.environ["DJANGO_SETTINGS_MODULE"] = "tests.bench.answering_settings"
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("createcachetable", verbosity=0)


def _trainee(skill: str, variant: str, count: int) -> tuple[Any, Any]:
    from django.test import Client

    from dealer_training.accounts.models import Membership, Organisation, Role, User
    from dealer_training.drills.models import DrillSession
    from dealer_training.drills.services import session_start

    org = Organisation.objects.create(name="Profile Card Room", slug="profile")
    user = User.objects.create_user(email="profile@example.com", password="profile-password-1")
    Membership.objects.create(user=user, organisation=org, role=Role.TRAINEE)
    session = session_start(organisation=org, trainee=user, mode="practice", skill=skill, variant=variant)
    # --floor answers as many questions again.
    DrillSession.objects.filter(pk=session.pk).update(planned_count=2 * count + 20)
    client = Client(enforce_csrf_checks=False)
    client.force_login(user)
    return client, session


def _round_trip(
    client: Any,
    session: Any,
    timings: dict[str, list[tuple[float, int]]],
    *,
    show: bool = False,
    empty_pages: bool = False,
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from dealer_training.drills.models import Question
    from tests.drills.helpers import form_data

    def timed(name: str, call: Any) -> Any:
        with CaptureQueriesContext(connection) as queries:
            cpu = time.process_time()
            response = call()
            spent = (time.process_time() - cpu) * 1000
        assert response.status_code == 200, (name, response.status_code)
        timings[name].append((spent, len(queries)))
        if show:
            print(f"{name}: {spent:.2f} ms CPU, {len(queries)} queries")
            for query in queries.captured_queries:
                print(f"  {float(query['time']) * 1000:6.2f} ms  {query['sql'][:150]}")
        return response

    # "Next question" asks for the next question by htmx (the first of a session loads as a page).
    next_by_htmx = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "main"}
    play = f"/o/profile/drills/s/{session.pk}/"
    page = timed("question page (GET)", lambda: client.get(play, **next_by_htmx))
    if empty_pages:  # no page drawn (--floor): the question just issued is the session's latest
        question = Question.objects.filter(session=session).latest("position")
    else:
        match = QUESTION_ID.search(page.content.decode())
        assert match, "no answer form on the question page"
        question = Question.objects.get(pk=int(match[1]))
    # Sent as htmx sends a form (URL-encoded), not as the test client's default multipart body.
    data = urlencode(form_data(question), doseq=True)
    timed(
        "answer (POST, htmx)",
        lambda: client.post(
            f"/o/profile/drills/q/{question.pk}/answer/",
            data,
            content_type="application/x-www-form-urlencoded",
            HTTP_HX_REQUEST="true",
        ),
    )
    timed("trivial view (GET)", lambda: client.get("/bench/trivial/"))


ALL_TEMPLATES = "(all templates: the outermost renders)"


def _time_templates() -> dict[str, list[float]]:
    """CPU milliseconds of each template rendered (an included one counts in its includer too),
    a partial rendered on its own (``page.html#name``, as an htmx answer is) under
    ``page.html#name``, and the outermost renders together under ``ALL_TEMPLATES``."""
    from django.template import base
    from template_partials.templatetags.partials import TemplateProxy

    spent: dict[str, list[float]] = defaultdict(list)
    depth = [0]

    def timing(render: Any, name: Any) -> Any:
        def timed(self: Any, context: Any) -> Any:
            depth[0] += 1
            started = time.process_time()
            try:
                return render(self, context)
            finally:
                elapsed = (time.process_time() - started) * 1000
                depth[0] -= 1
                spent[name(self)].append(elapsed)
                if depth[0] == 0:
                    spent[ALL_TEMPLATES].append(elapsed)

        return timed

    render = getattr(base.Template, "_render")  # noqa: B009 (Django's undocumented render step)
    setattr(base.Template, "_render", timing(render, lambda t: t.name or "(partial)"))  # noqa: B010
    partial = getattr(TemplateProxy, "_render")  # noqa: B009
    setattr(TemplateProxy, "_render", timing(partial, lambda t: f"{t.origin.template_name}#{t.name}"))  # noqa: B010
    return spent


def _report_templates(spent: dict[str, list[float]], answers: int) -> None:
    print(f"{'templates (inclusive)':44}{'ms per round trip':>18}{'renders':>10}")
    for name, times in sorted(spent.items(), key=lambda item: -sum(item[1]))[:25]:
        print(f"{name:44}{sum(times) / answers:18.2f}{len(times) / answers:10.1f}")


def _compare_reads(session: Any, repeat: int = 300) -> None:
    """Each read compiled once (dealer_training.prepared) beside the same queryset built and
    compiled by the ORM on every call, CPU per call, in the same run."""
    from django.contrib.auth.backends import ModelBackend

    from dealer_training.accounts import selectors as accounts
    from dealer_training.accounts.backends import AccountBackend
    from dealer_training.drills import selectors as drills
    from dealer_training.drills import services
    from dealer_training.drills.models import Question

    org, trainee = session.organisation, session.trainee
    question = Question.objects.filter(session=session).order_by("-position").first()
    reads = {
        "user (login, outside an organisation's pages)": (
            lambda: ModelBackend().get_user(trainee.pk),
            lambda: AccountBackend().get_user(trainee.pk),
        ),
        "membership with its user": (
            lambda: list(accounts._membership_with_count(trainee.pk, org.slug).select_related("user")),
            lambda: accounts.membership_and_user(user_id=trainee.pk, slug=org.slug),
        ),
        "session with latest question": (
            lambda: list(services._session_with_latest(org.pk, trainee.pk, session.pk)),
            lambda: services._SESSION.first(organisation_id=org.pk, trainee_id=trainee.pk, pk=session.pk),
        ),
        "question answered": (
            lambda: list(
                Question.objects.select_related("session", "attempt").filter(
                    organisation_id=org.pk, trainee_id=trainee.pk, pk=question.pk
                )[:1]
            ),
            lambda: drills.question_for_trainee(organisation=org, trainee=trainee, pk=question.pk),
        ),
    }
    print(f"{'read (CPU per call)':48}{'ORM ms':>10}{'compiled once ms':>18}{'ratio':>8}")
    for name, (orm, prepared) in reads.items():
        spent = []
        for call in (orm, prepared):
            for _ in range(20):
                call()
            started = time.process_time()
            for _ in range(repeat):
                call()
            spent.append((time.process_time() - started) * 1000 / repeat)
        print(f"{name:48}{spent[0]:10.3f}{spent[1]:18.3f}{spent[0] / spent[1]:7.1f}x")


def _report(timings: dict[str, list[tuple[float, int]]]) -> None:
    print(f"{'':24}{'CPU p50 ms':>12}{'CPU p95 ms':>12}{'queries':>12}")
    for name, rows in timings.items():
        spent = sorted(t for t, _ in rows)
        counts = sorted({q for _, q in rows})
        p95 = spent[min(len(spent) - 1, int(0.95 * len(spent)))]
        shown = str(counts[0]) if len(counts) == 1 else f"{counts[0]}-{counts[-1]}"
        print(f"{name:24}{median(spent):12.2f}{p95:12.2f}{shown:>12}")
    page = median(t for t, _ in timings["question page (GET)"])
    answer = median(t for t, _ in timings["answer (POST, htmx)"])
    trivial = median(t for t, _ in timings["trivial view (GET)"])
    print(
        f"round trip (page + answer): {page + answer:.2f} ms CPU; trivial view {trivial:.2f} ms; "
        f"ratio {(page + answer) / trivial:.1f}x"
    )


def _compare_writes(session: Any, repeat: int = 300) -> None:
    """The question row an issue writes: the ORM's ``create`` beside ``prepared.insert`` (the
    INSERT compiled once), CPU per row, in the same run (the rows are written at positions past
    the session's, in one transaction rolled back at the end)."""
    from django.db import transaction

    from dealer_training.drills.models import Question
    from dealer_training.prepared import insert

    source = Question.objects.filter(session=session).order_by("-position").first()
    values = {
        f.attname: getattr(source, f.attname)
        for f in Question._meta.concrete_fields
        if f.attname not in ("id", "position", "issued_at")
    }
    position = iter(range(10_000, 30_000))
    writers = {
        "ORM create": lambda: Question.objects.create(position=next(position), **values),
        "compiled once (prepared.insert)": lambda: insert(Question(position=next(position), **values)),
    }
    print(f"{'write of a question row (CPU per row)':44}{'ms':>8}")
    with transaction.atomic():
        for name, write in writers.items():
            for _ in range(20):
                write()
            started = time.process_time()
            for _ in range(repeat):
                write()
            print(f"{name:44}{(time.process_time() - started) * 1000 / repeat:8.3f}")
        transaction.set_rollback(True)


def _compare_cache_calls(calls: int = 3000) -> None:
    """CPU per call of Django's Redis cache beside ours (one Redis client per pool), in one run."""
    from django.core.cache.backends.redis import RedisCache

    from dealer_training.cache import SharedRedisCache

    location = os.environ.get("BENCH_CACHE_URL", "redis://127.0.0.1:6379/13")
    print(f"shared cache, {2 * calls} calls (add and get)   CPU ms per call")
    for name, backend in (("Django's RedisCache", RedisCache), ("SharedRedisCache (ours)", SharedRedisCache)):
        cache = backend(location, {"KEY_PREFIX": "profile-cache-calls"})
        cache.get("warm")
        cpu = time.process_time()
        for i in range(calls):
            cache.add(f"mark-{i % 50}", 1, timeout=5)
            cache.get("mark-1")
        spent = (time.process_time() - cpu) * 1000 / (2 * calls)
        print(f"  {name:40}{spent:8.3f}")


# The steps of a round trip timed by --parts: (label, module, attribute); an attribute "A.b" is b
# of the object A in that module. An indented label is a step within the one above it; the
# steps after ACROSS are found within several of the steps above.
ACROSS = "within the steps above"
PARTS = (
    ("login session read", "dealer_training.session_store", "SessionStore._get_session_from_db"),
    ("membership with its user", "dealer_training.accounts.access", "membership_and_user"),
    ("session with its latest question", "dealer_training.drills.services", "_SESSION.first"),
    ("issuing the question", "dealer_training.drills.services", "_issue"),
    ("  engine: the next item (generate)", "dealer_training.drills.services", "_next_item"),
    ("  engine: load", "dealer_training.drills.services", "load"),
    ("  engine: solve and table view (one replay)", "dealer_training.drills.services", "solve_and_view"),
    ("table context (question page)", "dealer_training.drills.views", "table_for"),
    ("question answered, read", "dealer_training.drills.views", "_question_or_404"),
    ("answer stored", "dealer_training.drills.views", "attempt_submit"),
    ("  judging", "dealer_training.drills.services", "judge"),
    ("  follow-up marks (shared cache)", "dealer_training.queueing", "_send_coalesced"),
    ("marked seats (answer)", "dealer_training.drills.views", "marked_table_for"),
    ("feedback lines (answer)", "dealer_training.drills.views", "feedback_for"),
    ("templates (render)", "dealer_training.drills.views", "render"),
    (ACROSS, "", ""),
    ("  the two INSERTs (question, answer)", "dealer_training.drills.services", "insert"),
)


def _time_parts() -> dict[str, list[float]]:
    """CPU milliseconds of each step of PARTS, per call (inclusive: a step counts in the step
    that calls it too)."""
    import importlib

    spent: dict[str, list[float]] = defaultdict(list)
    for label, module, attribute in PARTS:
        if not module:
            continue
        owner: Any = importlib.import_module(module)
        *path, name = attribute.split(".")
        for step in path:
            owner = getattr(owner, step)
        call = getattr(owner, name)

        def timed(*args: Any, _call: Any = call, _label: str = label, **kwargs: Any) -> Any:
            started = time.process_time()
            try:
                return _call(*args, **kwargs)
            finally:
                spent[_label].append((time.process_time() - started) * 1000)

        setattr(owner, name, timed)
    return spent


def _report_parts(
    spent: dict[str, list[float]], timings: dict[str, list[tuple[float, int]]], answers: int
) -> None:
    views = ("question page (GET)", "answer (POST, htmx)")
    total = sum(t for name in views for t, _ in timings[name]) / answers
    print(f"{'steps of a round trip (CPU, inclusive)':44}{'ms per round trip':>18}{'share':>8}")
    top = 0.0
    steps = [part[0] for part in PARTS]
    across = steps.index(ACROSS)
    for label in steps[:across]:
        per_trip = sum(spent.get(label, [])) / answers
        if not label.startswith(" "):
            top += per_trip
        print(f"{label:44}{per_trip:18.2f}{per_trip / total:8.0%}")
    rest = total - top
    print(f"{'the rest (request cycle, middleware, views)':44}{rest:18.2f}{rest / total:8.0%}")
    print(f"{'round trip (mean)':44}{total:18.2f}")
    print(f"{ACROSS}:")
    for label in steps[across + 1 :]:
        per_trip = sum(spent.get(label, [])) / answers
        print(f"{label:44}{per_trip:18.2f}{per_trip / total:8.0%}")


def _floor(client: Any, session: Any, answers: int) -> None:
    """The same round trips with no template rendered (every page and answer an empty body), beside
    the trivial view in the same run: what the rest costs without any HTML drawn."""
    from django.http import HttpResponse

    from dealer_training.drills import views

    drawn = getattr(views, "render")  # noqa: B009 (the views' own name for Django's render)
    setattr(views, "render", lambda request, template, context=None, status=200: HttpResponse(status=status))  # noqa: B010
    try:
        timings: dict[str, list[tuple[float, int]]] = defaultdict(list)
        for _ in range(5):
            _round_trip(client, session, defaultdict(list), empty_pages=True)
        for _ in range(answers):
            _round_trip(client, session, timings, empty_pages=True)
    finally:
        setattr(views, "render", drawn)  # noqa: B010
    print("the same round trips with no template rendered (empty pages):")
    _report(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--answers", type=int, default=200)
    parser.add_argument("--skill", default="betting")
    parser.add_argument("--variant", default="F7S")
    parser.add_argument("--profile", action="store_true", help="print a pyinstrument profile")
    parser.add_argument("--html", type=Path, help="write the profile as HTML to this file")
    parser.add_argument("--templates", action="store_true", help="time each template rendered")
    parser.add_argument("--reads", action="store_true", help="each hot read: ORM beside compiled once")
    parser.add_argument("--cache", action="store_true", help="a cache call: Django's Redis cache beside ours")
    parser.add_argument("--writes", action="store_true", help="a question row: the ORM's INSERT beside ours")
    parser.add_argument("--queries", action="store_true", help="list the queries of one more round trip")
    parser.add_argument("--parts", action="store_true", help="CPU of each step of a round trip")
    parser.add_argument("--floor", action="store_true", help="round trips again with no template rendered")
    parser.add_argument("--sqlite", action="store_true", help="an SQLite file instead of PostgreSQL")
    parser.add_argument("--database-url", default=os.environ.get("BENCH_DATABASE_URL", DEFAULT_URL))
    args = parser.parse_args()

    workdir = tempfile.TemporaryDirectory()
    url = f"sqlite:///{workdir.name}/profile.sqlite3" if args.sqlite else args.database_url
    if not args.sqlite:
        _create_database(url)
    try:
        _setup(url)
        client, session = _trainee(args.skill, args.variant, args.answers)
        timings: dict[str, list[tuple[float, int]]] = defaultdict(list)
        for _ in range(5):  # warm the caches, the templates and the connection
            _round_trip(client, session, defaultdict(list))
        spent = _time_templates() if args.templates else None
        if spent is not None:
            spent.clear()
        parts = _time_parts() if args.parts else None
        profiler = None
        if args.profile or args.html:
            from pyinstrument import Profiler

            profiler = Profiler(interval=0.0005)
            profiler.start()
        for _ in range(args.answers):
            _round_trip(client, session, timings)
        if profiler is not None:
            profiler.stop()
        answered_parts = {k: list(v) for k, v in parts.items()} if parts is not None else None
        if args.reads:
            _compare_reads(session)
        if args.queries:
            _round_trip(client, session, defaultdict(list), show=True)
        if args.writes:
            _compare_writes(session)
        if args.cache:
            _compare_cache_calls()
        print(
            f"{args.answers} answers of {args.skill} ({args.variant}), one trainee, in process, "
            + ("SQLite" if args.sqlite else "PostgreSQL")
        )
        _report(timings)
        if spent is not None:
            _report_templates(spent, args.answers)
        if answered_parts is not None:
            _report_parts(answered_parts, timings, args.answers)
        if args.floor:
            _floor(client, session, args.answers)
        if profiler is not None:
            if args.html:
                args.html.write_text(profiler.output_html())
                print(f"profile written to {args.html}")
            if args.profile:
                print(profiler.output_text(unicode=True, color=False, show_all=False))
    finally:
        from django.db import connections

        connections.close_all()
        if not args.sqlite:
            _drop_database(url)
        workdir.cleanup()


if __name__ == "__main__":
    main()
