"""One pager for the staff lists that grow without bound (``components/pager.html`` draws it)."""

from collections.abc import Sequence
from typing import Any

from django.core.paginator import Page, Paginator
from django.db.models import QuerySet
from django.http import HttpRequest

PAGE_SIZE = 50


def paginate(
    request: HttpRequest, items: QuerySet[Any] | Sequence[Any], *, per_page: int = PAGE_SIZE
) -> Page[Any]:
    """The page of ``items`` that ``?page=`` asks for; a page number that is not one gives the
    first page and one past the end the last, so a stale link never fails."""
    return Paginator(items, per_page).get_page(request.GET.get("page"))
