from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InfraConfig(AppConfig):
    """Plumbing every app may use: the tasks kept while the broker is down, the access-rule marks.

    It imports no other project app, so accounts, scenarios, drills and progress can all rely on it
    without reaching one another (an import contract in pyproject.toml keeps it so)."""

    name = "dealer_training.infra"
    label = "infra"
    verbose_name = _("Infrastructure")
