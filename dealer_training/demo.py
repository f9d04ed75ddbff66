"""Demo data shared by the apps' demo steps.

``manage.py seed_demo`` imports ``demo`` from every installed project app, in INSTALLED_APPS
order, and calls its ``seed(ctx)``. A step must be idempotent: look objects up before creating
them, so running the command again changes nothing. A later app adds ``dealer_training/<app>/demo.py``::

    def seed(ctx: DemoContext) -> None:
        for trainee in ctx.trainees: ...  # objects created by earlier steps are on ctx
"""

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class DemoLogin:
    role: str
    email: str
    password: str
    name: str


@dataclass
class DemoContext:
    organisation: Any = None
    owner: Any = None
    instructor: Any = None
    trainees: list[Any] = field(default_factory=list)
    logins: list[DemoLogin] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # one line per step, printed at the end
