from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrillsConfig(AppConfig):
    name = "dealer_training.drills"
    label = "drills"
    verbose_name = _("Drills")

    def ready(self) -> None:
        from dealer_training.accounts import home, nav
        from dealer_training.scenarios import assignment_status

        from .assignments import assignment_progress
        from .home import due_reviews_panel

        assignment_status.register(assignment_progress)

        nav.register(nav.NavItem(url_name="drills:index", label=_("Drills"), order=10))
        nav.register(nav.NavItem(url_name="rules:reference", label=_("Rules reference"), order=15))
        home.register(
            home.HomePanel(
                name="due_reviews",
                template="drills/_home_due.html",
                roles=frozenset({"trainee"}),
                order=3,
                context=due_reviews_panel,
            )
        )
