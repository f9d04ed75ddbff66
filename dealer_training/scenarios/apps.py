from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScenariosConfig(AppConfig):
    name = "dealer_training.scenarios"
    label = "scenarios"
    verbose_name = _("Scenarios and drill sets")

    def ready(self) -> None:
        from dealer_training.accounts import home, nav

        from .home import assignments_panel

        nav.register(nav.NavItem(url_name="scenarios:list", label=_("Scenarios"), order=30))
        nav.register(nav.NavItem(url_name="scenarios:drill_sets", label=_("Drill sets"), order=35))
        nav.register(nav.NavItem(url_name="scenarios:assignments", label=_("Assignments"), order=40))
        nav.register(nav.NavItem(url_name="items:list", label=_("Item analysis"), order=60))
        home.register(
            home.HomePanel(
                name="assignments",
                template="scenarios/_home_assignments.html",
                roles=frozenset({"trainee"}),
                order=5,
                context=assignments_panel,
            )
        )
