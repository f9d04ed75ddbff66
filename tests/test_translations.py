"""Every user-facing string has a reviewed Japanese translation.

Two checks: the catalogue itself (no empty or fuzzy entry), and the source against the
catalogue: every string marked for translation in Python code or templates must be in it, so a
new string fails here until `makemessages -l ja` and a translation have been added.
"""

import ast
import io
import tokenize
from pathlib import Path

import polib
import pytest
from django.utils import translation
from django.utils.translation.template import templatize

ROOT = Path(__file__).resolve().parent.parent
PO_PATH = ROOT / "locale" / "ja" / "LC_MESSAGES" / "django.po"
SOURCE_DIRS = [ROOT / "dealer_training"]
TEMPLATE_DIRS = [ROOT / "templates", *(ROOT / "dealer_training").glob("*/templates")]

# name -> (index of the context argument or None, index of the singular, index of the plural or None)
KEYWORDS = {
    "_": (None, 0, None),
    "gettext": (None, 0, None),
    "gettext_lazy": (None, 0, None),
    "gettext_noop": (None, 0, None),
    "ngettext": (None, 0, 1),
    "ngettext_lazy": (None, 0, 1),
    "pgettext": (0, 1, None),
    "pgettext_lazy": (0, 1, None),
    "npgettext": (0, 1, 2),
    "npgettext_lazy": (0, 1, 2),
}


def _catalogue():
    return polib.pofile(str(PO_PATH))


def _python_messages(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = (
            func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        )
        if name not in KEYWORDS:
            continue
        context_at, singular_at, _plural_at = KEYWORDS[name]
        args = node.args
        if len(args) <= singular_at or not isinstance(args[singular_at], ast.Constant):
            continue
        context = args[context_at].value if context_at is not None else None
        yield context, args[singular_at].value


def _template_messages(path: Path):
    """Django's own template-to-gettext conversion (the one makemessages uses), then its calls."""
    source = templatize(path.read_text(encoding="utf-8"), origin=str(path))
    # Calls come out as gettext(%r): one line each, so indentation can go (tokenize would trip on it).
    source = "\n".join(line.lstrip() for line in source.splitlines())
    tokens = [t for t in tokenize.generate_tokens(io.StringIO(source).readline) if t.type != tokenize.NL]
    for i, token in enumerate(tokens):
        if token.type == tokenize.NAME and token.string in KEYWORDS and tokens[i + 1].string == "(":
            args, j = [], i + 2
            while tokens[j].string != ")":
                if tokens[j].type == tokenize.STRING:
                    args.append(ast.literal_eval(tokens[j].string))
                j += 1
            context_at, singular_at, _plural_at = KEYWORDS[token.string]
            yield (args[context_at] if context_at is not None else None), args[singular_at]


def source_messages():
    found = {}
    for directory in SOURCE_DIRS:
        for path in directory.rglob("*.py"):
            for message in _python_messages(path):
                found.setdefault(message, path.relative_to(ROOT))
    for directory in TEMPLATE_DIRS:
        for path in [*directory.rglob("*.html"), *directory.rglob("*.txt")]:
            for message in _template_messages(path):
                found.setdefault(message, path.relative_to(ROOT))
    return found


def test_the_japanese_catalogue_has_no_missing_or_fuzzy_translation():
    catalogue = _catalogue()
    assert len(catalogue) > 100, "the catalogue should hold the app's strings"
    untranslated = [entry.msgid for entry in catalogue.untranslated_entries()]
    fuzzy = [entry.msgid for entry in catalogue.fuzzy_entries()]
    assert not untranslated, f"untranslated in {PO_PATH.name}: {untranslated}"
    assert not fuzzy, f"fuzzy (to review) in {PO_PATH.name}: {fuzzy}"
    assert not catalogue.metadata_is_fuzzy, "the catalogue header is still marked fuzzy"


def test_every_string_marked_in_the_source_is_in_the_japanese_catalogue():
    in_catalogue = {(entry.msgctxt, entry.msgid) for entry in _catalogue() if not entry.obsolete}
    found = source_messages()
    assert len(found) > 100, "the extraction should see the app's strings"
    missing = sorted(
        f"{path}: {msgid!r}"
        for (context, msgid), path in found.items()
        if (context, msgid) not in in_catalogue
    )
    assert not missing, (
        "run `python manage.py makemessages -l ja --no-location` and translate:\n" + "\n".join(missing)
    )


def test_the_source_extraction_sees_python_and_template_strings():
    found = source_messages()
    assert (None, "House rule overrides must be a JSON object.") in found  # Python, gettext_lazy
    assert (None, "Welcome, %(name)s. Your role here: %(role)s.") in found  # template, blocktranslate
    assert (None, "Skip to content") in found  # template, translate


def test_the_catalogue_keeps_placeholders_intact():
    broken = [
        entry.msgid
        for entry in _catalogue()
        if "python-format" in entry.flags
        and any(sorted(_placeholders(entry.msgid)) != sorted(_placeholders(text)) for text in _texts(entry))
    ]
    assert not broken, f"placeholders differ between English and Japanese: {broken}"


def _texts(entry):
    """The translations of an entry: its plural forms when it has them."""
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def _placeholders(text):
    import re

    return re.findall(r"%\(\w+\)s", text)


@pytest.mark.parametrize(
    ("english", "japanese"), [("Log in", "ログイン"), ("House rules", "ハウスルール"), ("Trainee", "研修生")]
)
def test_the_compiled_catalogue_is_what_the_app_uses(english, japanese):
    with translation.override("ja"):
        assert translation.gettext(english) == japanese
