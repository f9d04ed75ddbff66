"""Export file names come from titles: the title's own letters for browsers that read RFC 5987,
an ASCII name with the id for the rest."""

import io
import zipfile
from urllib.parse import unquote

import pytest
from django.urls import reverse

from dealer_training.downloads import content_disposition, titled_attachment
from tests.scenarios.factories import DrillSetFactory, add_item, make_scenario


def _names(header):
    """The ASCII name and the decoded UTF-8 name of a Content-Disposition header."""
    assert header.startswith("attachment; ")
    ascii_name = header.split('filename="', 1)[1].split('"', 1)[0]
    unicode_name = None
    if "filename*=UTF-8''" in header:
        unicode_name = unquote(header.split("filename*=UTF-8''", 1)[1].split(";", 1)[0])
    return ascii_name, unicode_name


def test_a_japanese_title_keeps_its_letters_and_falls_back_to_the_id():
    ascii_name, unicode_name = _names(titled_attachment("scenario-14", "2番席のブリングイン", ".json"))
    assert ascii_name == "scenario-14-2.json"
    assert unicode_name == "scenario-14-2番席のブリングイン.json"


def test_an_english_title_needs_no_second_name():
    header = titled_attachment("scenario-7", "Razz: two kings", ".json")
    assert header == 'attachment; filename="scenario-7-razz-two-kings.json"'


def test_quotes_and_slashes_never_reach_the_header():
    header = content_disposition(ascii_name='a"b\\c/d.json', unicode_name='タ"イ/トル.json')
    ascii_name, unicode_name = _names(header)
    assert ascii_name == "abc-d.json"
    assert unicode_name == 'タ"イ/トル.json'
    assert "%2F" in header
    assert "%22" in header


@pytest.mark.parametrize(
    ("title", "ascii_name", "unicode_name"),
    [
        ("3番席のブリングイン", "scenario-{pk}-3.json", "scenario-{pk}-3番席のブリングイン.json"),
        ("Razz: two kings", "scenario-{pk}-razz-two-kings.json", None),
        ("ブリングイン", "scenario-{pk}.json", "scenario-{pk}-ブリングイン.json"),
    ],
)
def test_one_scenario_downloads_under_its_title(login_as, instructor, org, title, ascii_name, unicode_name):
    scenario = make_scenario(org, title=title)
    response = login_as(instructor).get(
        reverse("scenarios:export_one", args=[org.slug, scenario.pk]), {"format": "json"}
    )
    assert response.status_code == 200
    names = _names(response["Content-Disposition"])
    assert names == (ascii_name.format(pk=scenario.pk), unicode_name and unicode_name.format(pk=scenario.pk))


def test_a_drill_sets_zip_is_named_after_the_set_and_its_files_after_their_titles(login_as, instructor, org):
    drill_set = DrillSetFactory(organisation=org, title="3rdストリート練習")
    add_item(drill_set, scenario=make_scenario(org, title="2番席のブリングイン"))
    response = login_as(instructor).get(
        reverse("scenarios:export", args=[org.slug]),
        {"scope": "drill_set", "drill_set": drill_set.pk, "encoding": "json"},
    )
    assert response.status_code == 200
    assert _names(response["Content-Disposition"]) == (
        f"drill-set-{drill_set.pk}-3rd-json.zip",
        f"drill-set-{drill_set.pk}-3rdストリート練習-json.zip",
    )
    with zipfile.ZipFile(io.BytesIO(response.content)) as archive:
        assert "001-2番席のブリングイン.json" in archive.namelist()


def test_the_organisations_zip_is_named_after_the_organisation(login_as, instructor, org):
    make_scenario(org)
    response = login_as(instructor).get(
        reverse("scenarios:export", args=[org.slug]), {"scope": "all", "encoding": "phh"}
    )
    assert response.status_code == 200
    assert response["Content-Disposition"] == f'attachment; filename="scenarios-{org.slug}-phh.zip"'
