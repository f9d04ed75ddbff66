"""Load the demo data: every project app's demo.seed(ctx), in INSTALLED_APPS order. Idempotent."""

from importlib import import_module
from importlib.util import find_spec
from typing import Any

from django.apps import apps
from django.core.management.base import BaseCommand

from dealer_training.demo import DemoContext


def demo_steps() -> list[Any]:
    steps = []
    for config in apps.get_app_configs():
        if not config.name.startswith("dealer_training."):
            continue
        module_name = f"{config.name}.demo"
        if find_spec(module_name) is not None:
            steps.append(import_module(module_name).seed)
    return steps


class Command(BaseCommand):
    help = "Create or refresh the demo organisation and its users (safe to run again)."

    def handle(self, *args: Any, **options: Any) -> None:
        ctx = DemoContext()
        for step in demo_steps():
            step(ctx)
        for note in ctx.notes:
            self.stdout.write(note)
        self.stdout.write("")
        self.stdout.write(self.style.SUCCESS("Demo logins (http://127.0.0.1:8000/accounts/login/):"))
        for login in ctx.logins:
            self.stdout.write(f"  {login.role:<11} {login.email:<26} password: {login.password}")
