from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrillsConfig(AppConfig):
    name = "dealer_training.drills"
    label = "drills"
    verbose_name = _("Drills")

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save

        from dealer_training.accounts import home, nav
        from dealer_training.scenarios import assignment_status
        from dealer_training.scenarios.models import Scenario

        from .assignments import assignment_progress
        from .home import due_reviews_panel
        from .models import TrainingSettings
        from .selection import forget_pool
        from .selectors import forget_training_settings

        post_save.connect(
            forget_training_settings, sender=TrainingSettings, dispatch_uid="drills.training_saved"
        )
        post_delete.connect(
            forget_training_settings, sender=TrainingSettings, dispatch_uid="drills.training_deleted"
        )
        post_save.connect(forget_pool, sender=Scenario, dispatch_uid="drills.pool_saved")
        post_delete.connect(forget_pool, sender=Scenario, dispatch_uid="drills.pool_deleted")

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
