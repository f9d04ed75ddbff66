"""Imports run as a Celery task (eager here): each file on its own, clear errors with the place
in the file, nothing half-imported per file; and export -> import -> export round trips."""

import io
import json
import zipfile

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from dealer_training.scenarios import exports
from dealer_training.scenarios.import_files import MAX_ZIP_FILES, FileProblem, entries
from dealer_training.scenarios.models import DrillSet, ImportJob, Scenario
from dealer_training.scenarios.selectors import export_scenarios
from games.stud.phh import to_phh
from tests.factories import OrganisationFactory
from tests.scenarios.factories import RAZZ_KINGS, DrillSetFactory, add_item, fixture, make_scenario

EN = {"HTTP_ACCEPT_LANGUAGE": "en"}

FULL_HAND = fixture("showdown-first-razz-last-aggressor")


def _zip(files):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content if isinstance(content, bytes) else content.encode("utf-8"))
    return buffer.getvalue()


def _json(document):
    return json.dumps(document, indent=2, ensure_ascii=False)


def _hand_history(document):
    """A PHH hand history: the hand without a question or the app's fields."""
    hand = {k: v for k, v in document.items() if not k.startswith("_") or k == "_ruleset"}
    return to_phh(hand)


@pytest.fixture
def upload(login_as, instructor, org, django_capture_on_commit_callbacks):
    """Upload a file as the instructor; the import task runs when the request's transaction commits."""
    client = login_as(instructor)

    def _upload(name, content, **options):
        data = {"file": SimpleUploadedFile(name, content if isinstance(content, bytes) else content.encode())}
        data.update(options)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(reverse("scenarios:import", args=[org.slug]), data, **EN)
        job = ImportJob.objects.order_by("-pk").first()
        return response, job

    return _upload


def _page(client, org, job):
    return client.get(reverse("scenarios:import_job", args=[org.slug, job.pk]), **EN).content.decode()


def test_one_scenario_json_file_is_imported_with_its_title_and_skill(upload, org):
    document = dict(RAZZ_KINGS, _title="Kings", _skill="razz_order", _difficulty=4, _tags=["a"])
    response, job = upload("kings.json", _json(document))
    assert response.status_code == 302
    assert response["Location"] == reverse("scenarios:import_job", args=[org.slug, job.pk])
    assert (job.status, job.total, job.processed) == ("done", 1, 1)
    scenario = Scenario.objects.get()
    assert (scenario.title, scenario.skill, scenario.difficulty, scenario.tags) == (
        "Kings",
        "razz_order",
        4,
        ["a"],
    )
    assert scenario.status == "draft"
    assert "_title" not in scenario.current_version.document
    assert job.payload in (b"", memoryview(b""))


def test_a_json_list_of_scenarios_is_imported_and_published_when_asked(upload):
    documents = [RAZZ_KINGS, fixture("stud-deuce-suits")]
    _, job = upload("two.json", _json(documents), publish="on")
    assert job.results[0]["ok"]
    assert Scenario.objects.filter(status="published").count() == 2
    assert set(Scenario.objects.values_list("title", flat=True)) == {
        "two (1)",
        "スタッド：2が2枚見えているときのブリングイン",
    }


def test_a_json_file_with_a_duplicate_card_gets_a_clear_error_and_nothing_of_it_is_saved(
    upload, login_as, instructor, org
):
    bad = dict(RAZZ_KINGS, actions=["d dh p1 4c5dKc", "d dh p2 2s3hKs", "d dh p3 7h8h5s", "d dh p4 AdKc2c"])
    text = _json([RAZZ_KINGS, bad])
    _, job = upload("dupes.json", text)
    assert Scenario.objects.count() == 0  # the good first scenario of the file is not kept alone
    error = job.results[0]["error"]
    assert error["params"]["path"] == "[1].actions[3]"
    assert error["params"]["line"] == text.splitlines().index('      "d dh p4 AdKc2c"') + 1
    html = _page(login_as(instructor), org, job)
    assert "Kc has already been dealt: a card cannot be dealt twice." in html
    assert "[1].actions[3]" in html
    assert f"line {error['params']['line']}" in html


def test_broken_json_names_the_line_and_column(upload, login_as, instructor, org):
    _, job = upload("broken.json", '{\n  "variant": "FR",\n  "antes": [100 100]\n}')
    assert job.results[0]["error"]["params"]["line"] == 3
    html = _page(login_as(instructor), org, job)
    assert "This is not valid JSON" in html
    assert "line 3, column" in html


def test_a_file_that_is_not_utf8_is_refused_with_a_clear_message(upload, login_as, instructor, org):
    _, job = upload("sjis.json", '{"_title": "レイズ"}'.encode("shift_jis"))
    assert job.results[0]["error"]["code"] == "not_utf8"
    assert "not UTF-8 text" in _page(login_as(instructor), org, job)


def test_json_nested_too_deeply_is_refused(upload):
    _, job = upload("deep.json", "[" * 40 + "]" * 40)
    assert job.results[0]["error"]["code"] == "too_deep"
    _, job = upload("deeper.json", "[" * 100_000 + "]" * 100_000)
    assert job.results[0]["error"]["code"] == "too_deep"


def test_a_zip_keeps_its_good_files_and_reports_each_bad_one(upload, login_as, instructor, org):
    bad = dict(RAZZ_KINGS, actions=[*RAZZ_KINGS["actions"], "p1 cbr 500"])  # seat 1 is not to act
    content = _zip(
        {
            "good/kings.json": _json(RAZZ_KINGS),
            "good/stub.json": _json(fixture("stub-eight-handed-two-fold-fifth")),
            "bad/out-of-turn.json": _json(bad),
            "notes/README.txt": "hello",
            "__MACOSX/._kings.json": "junk",
        }
    )
    _, job = upload("mixed.zip", content)
    assert job.status == "done"
    assert job.total == job.processed == 4
    by_file = {r["file"]: r for r in job.results}
    assert by_file["good/kings.json"]["ok"]
    assert by_file["good/stub.json"]["ok"]
    assert by_file["notes/README.txt"]["skipped"]
    assert by_file["bad/out-of-turn.json"]["error"]["params"]["path"] == "actions[4]"
    assert Scenario.objects.count() == 2
    html = _page(login_as(instructor), org, job)
    assert (
        "It is seat 3&#x27;s turn to act, not seat 1&#x27;s." in html
        or "It is seat 3's turn to act, not seat 1's." in html
    )
    assert "Skipped" in html
    assert "2 scenarios kept." in html


def test_a_bad_zip_is_one_clear_error_and_nothing_is_imported(upload, login_as, instructor, org):
    _, job = upload("broken.zip", b"PK\x03\x04 this is not really a zip")
    assert job.status == "failed"
    assert job.results[0]["error"]["code"] == "bad_zip"
    assert "This is not a readable zip file." in _page(login_as(instructor), org, job)
    assert Scenario.objects.count() == 0


def test_a_zip_with_too_many_files_is_refused(upload):
    content = _zip({f"s{i}.json": "{}" for i in range(MAX_ZIP_FILES + 1)})
    _, job = upload("many.zip", content)
    assert job.results[0]["error"]["code"] == "zip_too_many_files"
    assert Scenario.objects.count() == 0


def test_a_zip_bomb_is_refused_by_its_unpacked_size():
    # 60 files of a million zeros each: tiny packed, 60 MB unpacked.
    content = _zip({f"z{i}.json": b"0" * 1_000_000 for i in range(60)})
    assert len(content) < 200_000
    with pytest.raises(FileProblem) as err:
        entries("bomb.zip", content)
    assert err.value.code == "zip_too_large"


def test_a_member_larger_than_the_file_limit_and_a_nested_zip_are_refused_one_by_one(upload):
    content = _zip(
        {"big.json": b" " * 1_100_000, "inner.zip": _zip({"a.json": "{}"}), "ok.json": _json(RAZZ_KINGS)}
    )
    _, job = upload("parts.zip", content)
    by_file = {r["file"]: r for r in job.results}
    assert by_file["big.json"]["error"]["code"] == "file_too_large"
    assert by_file["inner.zip"]["error"]["code"] == "nested_zip"
    assert by_file["ok.json"]["ok"]


def test_an_upload_over_5_mb_is_refused_before_anything_is_stored(login_as, instructor, org):
    client = login_as(instructor)
    big = SimpleUploadedFile("big.json", b" " * 5_100_000)
    response = client.post(reverse("scenarios:import", args=[org.slug]), {"file": big}, **EN)
    assert response.status_code in (413, 422)
    assert "5 MB" in response.content.decode()
    assert not ImportJob.objects.exists()


def test_an_upload_without_a_file_is_a_422(login_as, instructor, org):
    response = login_as(instructor).post(reverse("scenarios:import", args=[org.slug]), {}, **EN)
    assert response.status_code == 422


def test_a_phh_hand_history_becomes_scenarios_at_the_chosen_decision_points(upload):
    points = ["pots_after_antes", "bring_in", "first_actor", "stub", "showdown_first", "award"]
    _, job = upload("hand.phh", _hand_history(FULL_HAND), points=points)
    assert job.results[0]["ok"], job.results
    kinds = [s.current_version.kind for s in Scenario.objects.order_by("pk")]
    assert kinds == [
        "pots",
        "bring_in",
        "next_action",
        "next_action",
        "next_action",
        "stub",
        "next_action",
        "showdown_first",
        "award",
    ]
    bring_in = Scenario.objects.get(current_version__kind="bring_in")
    assert bring_in.current_version.answer["answer"] == {"seat": 2, "amount": 200, "first_to_act": 2}
    assert bring_in.title == "hand — Bring-in"
    showdown = Scenario.objects.get(current_version__kind="showdown_first")
    assert showdown.current_version.answer["answer"] == {"seat": 3}  # as the shared example says
    assert all("phh" in s.tags for s in Scenario.objects.all())


def test_a_phh_hand_as_a_hand_walk_becomes_an_ordered_drill_set(upload):
    _, job = upload("walk.toml", _hand_history(FULL_HAND), hand_walk="on")
    assert job.results[0]["hand_walk"]
    drill_set = DrillSet.objects.get()
    items = list(drill_set.items.select_related("scenario__current_version"))
    assert len(items) == len(job.results[0]["scenarios"]) > 10
    lengths = [len(i.scenario.current_version.document["actions"]) for i in items]
    assert lengths == sorted(lengths)  # in the order of the hand
    assert items[0].scenario.current_version.kind == "pots"
    assert items[-1].scenario.current_version.kind == "award"


def test_a_phh_file_with_an_illegal_action_gets_a_clear_error_and_nothing_is_saved(
    upload, login_as, instructor, org
):
    hand = dict(FULL_HAND)
    actions = list(hand["actions"])
    index = next(i for i, a in enumerate(actions) if a.endswith(" pb"))
    actions[index + 1] = actions[index + 1].split()[0] + " cbr 700"  # neither a call nor a completion
    hand["actions"] = actions
    text = _hand_history(hand)
    _, job = upload("illegal.phh", text, points=["bring_in", "award"])
    error = job.results[0]["error"]
    assert error["params"]["path"] == f"actions[{index + 1}]"
    assert Scenario.objects.count() == 0
    html = _page(login_as(instructor), org, job)
    assert "cannot go to 700" in html
    assert f"actions[{index + 1}]" in html


def test_a_phh_file_that_is_not_toml_names_the_line(upload, login_as, instructor, org):
    _, job = upload("bad.phh", 'variant = "FR"\nantes = [100, 100]]\n')
    assert job.results[0]["error"]["params"]["line"] == 2
    assert "line 2, column" in _page(login_as(instructor), org, job)
    _, job = upload("cut.phh", 'variant = "FR"\nantes = [100, 100\n')
    assert "at the end of the file" in _page(login_as(instructor), org, job)


def test_the_job_page_polls_while_running_and_stops_when_done(login_as, instructor, org):
    job = ImportJob.objects.create(
        organisation=org, filename="later.json", payload=b"{}", total=4, processed=1, status="running"
    )
    client = login_as(instructor)
    url = reverse("scenarios:import_job", args=[org.slug, job.pk])
    response = client.get(url, HTTP_HX_REQUEST="true", **EN)
    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<section id="import-progress"')
    assert 'hx-trigger="every 1s"' in fragment
    assert "1 of 4 files" in fragment
    job.status, job.processed = "done", 4
    job.save()
    fragment = client.get(url, HTTP_HX_REQUEST="true", **EN).content.decode()
    assert "hx-trigger" not in fragment


def test_the_import_task_saves_progress_after_each_file(org, instructor):
    from dealer_training.scenarios.tasks import import_run

    content = _zip({f"{i}.json": _json(RAZZ_KINGS) for i in range(3)})
    job = ImportJob.objects.create(
        organisation=org, created_by=instructor.user, filename="three.zip", payload=content
    )
    seen = []
    original = ImportJob.save

    def spy(self, *args, **kwargs):
        if self.pk == job.pk:
            seen.append(self.processed)
        return original(self, *args, **kwargs)

    ImportJob.save = spy
    try:
        import_run(job.pk)
    finally:
        ImportJob.save = original
    assert seen[-4:-1] == [1, 2, 3]
    job.refresh_from_db()
    assert (job.status, job.processed, job.total) == ("done", 3, 3)
    import_run(job.pk)  # a repeated delivery does nothing
    assert Scenario.objects.count() == 3


def test_another_organisations_import_job_is_404_and_trainees_cannot_import(
    login_as, instructor, trainee, org
):
    job = ImportJob.objects.create(organisation=OrganisationFactory(), filename="x.json")
    assert (
        login_as(instructor).get(reverse("scenarios:import_job", args=[org.slug, job.pk])).status_code == 404
    )
    assert login_as(trainee).get(reverse("scenarios:import", args=[org.slug])).status_code == 403


# --- round trips ---------------------------------------------------------------------------------------


def _export(client, org, **params):
    response = client.get(reverse("scenarios:export", args=[org.slug]), params)
    assert response.status_code == 200, response.content[:500]
    assert response["Content-Type"] == "application/zip"
    return response.content


def _members(content):
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {name: archive.read(name) for name in archive.namelist()}


@pytest.mark.parametrize("encoding", ["json", "phh"])
def test_export_import_export_gives_identical_files_for_a_whole_organisation(
    encoding, login_as, instructor, org, django_capture_on_commit_callbacks
):
    for name in ("razz-spade-king", "short-ante", "picks-up-upcards-not-facing-action", "stud8-quartered"):
        make_scenario(org, document=fixture(name), title=f"Demo {name}", notes="n", tags=["t"], difficulty=3)
    make_scenario(org, document=fixture("exposed-downcard"), title="Demo razz-spade-king", status="draft")
    client = login_as(instructor)
    first = _export(client, org, scope="all", encoding=encoding)

    other = OrganisationFactory(slug="elsewhere")
    from tests.factories import MembershipFactory

    member = MembershipFactory(organisation=other, role="instructor")
    client.force_login(member.user)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("scenarios:import", args=[other.slug]),
            {"file": SimpleUploadedFile("export.zip", first)},
        )
    assert ImportJob.objects.get(organisation=other).status == "done"
    assert Scenario.objects.filter(organisation=other).count() == 5
    second = _export(client, other, scope="all", encoding=encoding)
    assert _members(first) == _members(second)
    assert first == second  # the zip itself is byte for byte the same


def test_export_import_export_of_a_drill_set_keeps_its_items_and_generated_topics(
    login_as, instructor, org, django_capture_on_commit_callbacks
):
    drill_set = DrillSetFactory(organisation=org, title="Third street", is_exam=True, pass_accuracy=80)
    add_item(drill_set, scenario=make_scenario(org, document=fixture("stud-deuce-suits"), title="Deuces"))
    add_item(drill_set, skill="antes", variant="FR", count=4)
    add_item(drill_set, scenario=make_scenario(org, title="Kings"))
    client = login_as(instructor)
    first = _export(client, org, scope="drill_set", drill_set=drill_set.pk, encoding="json")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("scenarios:import", args=[org.slug]), {"file": SimpleUploadedFile("set.zip", first)}
        )
    copy = DrillSet.objects.exclude(pk=drill_set.pk).get()
    assert (copy.title, copy.is_exam, copy.pass_accuracy) == ("Third street", True, 80)
    assert [(i.skill, i.count) for i in copy.items.all()] == [("", 1), ("antes", 4), ("", 1)]
    second = _export(client, org, scope="drill_set", drill_set=copy.pk, encoding="json")
    assert first == second


def test_an_exported_scenario_file_is_what_the_solve_command_reads(org, tmp_path):
    import subprocess
    import sys
    from pathlib import Path

    scenario = make_scenario(org)
    path = tmp_path / "kings.json"
    path.write_text(exports.scenario_json(scenario), encoding="utf-8")
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, "-m", "games", "solve", str(path)], capture_output=True, cwd=root, check=False
    )
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["answer"] == {"seat": 3, "amount": 200, "first_to_act": 3}


def test_the_export_page_asks_for_a_drill_set_when_exporting_one(login_as, instructor, org):
    client = login_as(instructor)
    assert client.get(reverse("scenarios:export", args=[org.slug]), **EN).status_code == 200
    response = client.get(
        reverse("scenarios:export", args=[org.slug]), {"scope": "drill_set", "encoding": "json"}, **EN
    )
    assert response.status_code == 422
    assert "Choose the drill set to export." in response.content.decode()
    other_set = DrillSetFactory(organisation=OrganisationFactory())
    response = client.get(
        reverse("scenarios:export", args=[org.slug]),
        {"scope": "drill_set", "drill_set": other_set.pk, "encoding": "json"},
    )
    assert response.status_code == 422  # another organisation's drill set is not a choice


def test_export_lists_published_scenarios_only_when_asked(org):
    make_scenario(org, title="A")
    make_scenario(org, title="B", status="draft")
    assert [s.title for s in export_scenarios(organisation=org, scope="published")] == ["A"]
    assert [s.title for s in export_scenarios(organisation=org, scope="all")] == ["A", "B"]


def _exam_with_rules(org):
    exam = DrillSetFactory(
        organisation=org,
        title="Certification",
        is_exam=True,
        pass_accuracy=90,
        exam_minutes=45,
        exam_max_sittings=2,
        exam_cooldown_hours=72,
        exam_review="full",
        exam_items_in_practice=True,
    )
    add_item(exam, scenario=make_scenario(org, title="Kings"))
    return exam


def _rules(drill_set):
    return (
        drill_set.exam_minutes,
        drill_set.exam_max_sittings,
        drill_set.exam_cooldown_hours,
        drill_set.exam_review,
        drill_set.exam_items_in_practice,
    )


def test_an_owner_moves_an_exam_with_its_rules_for_sitting_it(
    login_as, owner, org, django_capture_on_commit_callbacks
):
    exam = _exam_with_rules(org)
    client = login_as(owner)
    content = _export(client, org, scope="drill_set", drill_set=exam.pk, encoding="json")
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("scenarios:import", args=[org.slug]), {"file": SimpleUploadedFile("e.zip", content)}
        )
    copy = DrillSet.objects.exclude(pk=exam.pk).get()
    assert _rules(copy) == (45, 2, 72, "full", True)


def test_an_instructors_import_keeps_the_default_exam_rules_and_says_so(
    login_as, owner, instructor, org, django_capture_on_commit_callbacks
):
    exam = _exam_with_rules(org)
    content = _export(login_as(owner), org, scope="drill_set", drill_set=exam.pk, encoding="json")
    client = login_as(instructor)
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("scenarios:import", args=[org.slug]), {"file": SimpleUploadedFile("e.zip", content)}
        )
    copy = DrillSet.objects.exclude(pk=exam.pk).get()
    assert _rules(copy) == _rules(DrillSet(is_exam=True))
    assert "only an owner sets them" in _page(client, org, ImportJob.objects.get())


def test_exam_rules_out_of_range_in_a_file_are_left_at_their_defaults(
    login_as, owner, org, django_capture_on_commit_callbacks
):
    exam = _exam_with_rules(org)
    client = login_as(owner)
    content = _members(_export(client, org, scope="drill_set", drill_set=exam.pk, encoding="json"))
    manifest = json.loads(content["manifest.json"])
    manifest["drill_set"]["exam_rules"] = {
        "minutes": 0,
        "max_sittings": True,
        "cooldown_hours": 10**9,
        "review": "everything",
        "items_in_practice": "yes",
    }
    content["manifest.json"] = json.dumps(manifest).encode()
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            reverse("scenarios:import", args=[org.slug]),
            {"file": SimpleUploadedFile("e.zip", _zip(content))},
        )
    copy = DrillSet.objects.exclude(pk=exam.pk).get()
    assert _rules(copy) == _rules(DrillSet(is_exam=True))


def test_an_export_writes_the_pin_and_the_rules_the_scenario_is_asked_under(org):
    org.ruleset = "robert-cash"
    org.save()
    follows = make_scenario(org, title="Follows")
    pinned = make_scenario(
        org, title="Pinned", rules_pinned=True, document={**RAZZ_KINGS, "_ruleset": "tda-2024"}
    )
    org.rule_overrides = {"odd_chip": "rrop"}
    org.save()
    written = json.loads(exports.scenario_json(Scenario.objects.get(pk=follows.pk)))
    assert written["_rules_pinned"] is False
    assert (written["_ruleset"], written["_rules"]) == ("robert-cash", {"odd_chip": "rrop"})
    written = json.loads(exports.scenario_json(Scenario.objects.get(pk=pinned.pk)))
    assert written["_rules_pinned"] is True
    assert written["_ruleset"] == "tda-2024"
    assert "_rules" not in written


@pytest.mark.parametrize(
    ("extra", "pinned"),
    [
        ({"_rules_pinned": True}, True),
        ({"_rules_pinned": False, "_ruleset": "robert-cash"}, False),
        ({"_ruleset": "robert-cash"}, True),  # a file that names its rules keeps them
        ({}, False),  # a file that names none follows the house rules
    ],
)
def test_an_import_keeps_the_files_pin_or_pins_a_file_that_names_its_rules(upload, extra, pinned):
    hand = {k: v for k, v in RAZZ_KINGS.items() if k not in ("_ruleset", "_rules")}
    _response, job = upload("kings.json", _json({**hand, **extra}))
    assert job.status == "done", job.results
    scenario = Scenario.objects.get()
    assert scenario.rules_pinned is pinned
    ruleset = scenario.current_version.document["_ruleset"]
    assert ruleset == (extra.get("_ruleset", "tda-2024") if pinned else "tda-2024")


def test_a_plain_phh_hand_follows_the_house_rules_and_one_naming_its_rules_is_pinned(upload):
    plain = {k: v for k, v in FULL_HAND.items() if not k.startswith("_")}
    upload("plain.phh", to_phh(plain), points=["award"])
    assert not Scenario.objects.get().rules_pinned
    Scenario.objects.all().delete()
    upload("named.phh", to_phh({**plain, "_ruleset": "robert-cash"}), points=["award"])
    assert Scenario.objects.get().rules_pinned
