from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InfraConfig(AppConfig):
    """Plumbing every app may use: the tasks kept while the broker is down, the access-rule marks.

    It imports no other project app, so accounts, scenarios, drills and progress can all rely on it
    without reaching one another (an import contract in pyproject.toml keeps it so)."""

    name = "dealer_training.infra"
    label = "infra"
    verbose_name = _("Infrastructure")

    def ready(self) -> None:
        from django.core import signals

        from dealer_training import after_response

        # What a web request defers runs after its response (queueing's follow-ups).
        signals.request_started.connect(after_response.request_started, dispatch_uid="after-response-started")
        signals.request_finished.connect(
            after_response.request_finished, dispatch_uid="after-response-finished"
        )
