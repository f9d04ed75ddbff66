"""Panels of an organisation's home page, contributed by the apps.

The home page is where a member starts: a trainee sees what is due and how they are doing, an
instructor what to look at. Each app adds its own panels in ``AppConfig.ready()``::

    home.register(home.HomePanel(
        name="due_reviews", template="drills/_home_due.html", roles=frozenset({"trainee"}),
        order=10, context=due_reviews_panel,
    ))

``context(request)`` returns the template's context for this member, or ``None`` to leave the
panel out (nothing to show). The template receives it as ``panel``. Panels read through
selectors and must run a constant number of queries.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .access import OrgHttpRequest


@dataclass(frozen=True)
class HomePanel:
    name: str
    template: str
    roles: frozenset[str]
    order: int
    context: Callable[[OrgHttpRequest], Mapping[str, Any] | None]


@dataclass(frozen=True)
class RenderedPanel:
    name: str
    template: str
    context: Mapping[str, Any]


_panels: dict[str, HomePanel] = {}


def register(panel: HomePanel) -> None:
    _panels[panel.name] = panel


def panels_for(request: OrgHttpRequest) -> list[RenderedPanel]:
    role = request.membership.role
    rendered = []
    for panel in sorted(_panels.values(), key=lambda p: (p.order, p.name)):
        if role not in panel.roles:
            continue
        context = panel.context(request)
        if context is not None:
            rendered.append(RenderedPanel(name=panel.name, template=panel.template, context=context))
    return rendered
