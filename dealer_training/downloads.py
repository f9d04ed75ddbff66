"""File names for downloads: readable in any language, safe in any browser.

A title in Japanese slugs to nothing in ASCII, so a name made only of ASCII loses it. The header
carries two names (RFC 6266): ``filename*=UTF-8''...`` (RFC 5987, percent-encoded UTF-8), which
every current browser prefers, keeps the title's own letters; ``filename="..."`` is the ASCII
fallback for the rest, made unique by the object's id rather than by a transliteration (a
Japanese title read as Chinese pinyin would mislead more than it helps).
"""

from urllib.parse import quote

from django.utils.text import slugify

STEM_LENGTH = 60


def title_slug(title: str, *, unicode: bool) -> str:
    """``title`` as a file-name part: letters and digits (any script when ``unicode``) joined by
    hyphens, at most 60 characters; empty when nothing is left."""
    return slugify(title, allow_unicode=unicode)[:STEM_LENGTH].strip("-_")


def titled_name(prefix: str, title: str, suffix: str, *, unicode: bool) -> str:
    """``prefix-title-slug.suffix`` (just ``prefix.suffix`` when the title leaves no slug)."""
    slug = title_slug(title, unicode=unicode)
    stem = f"{prefix}-{slug}" if slug and prefix else slug or prefix
    return f"{stem}{suffix}"


def content_disposition(*, ascii_name: str, unicode_name: str | None = None) -> str:
    """An ``attachment`` header with the ASCII name and, when it differs, the UTF-8 one."""
    fallback = "".join(c for c in ascii_name if c.isascii() and c.isprintable() and c not in '"\\')
    fallback = fallback.replace("/", "-")
    header = f'attachment; filename="{fallback}"'
    if unicode_name and unicode_name != fallback:
        header += f"; filename*=UTF-8''{quote(unicode_name, safe='')}"
    return header


def titled_attachment(prefix: str, title: str, suffix: str) -> str:
    """The ``Content-Disposition`` of a download named after ``title``."""
    return content_disposition(
        ascii_name=titled_name(prefix, title, suffix, unicode=False),
        unicode_name=titled_name(prefix, title, suffix, unicode=True),
    )
