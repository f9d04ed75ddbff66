from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ProgressConfig(AppConfig):
    name = "dealer_training.progress"
    label = "progress"
    verbose_name = _("Progress")

    def ready(self) -> None:
        from django.db.models.signals import post_save

        from dealer_training.accounts import home, nav
        from dealer_training.accounts.access import STAFF_ROLES
        from dealer_training.accounts.models import Role
        from dealer_training.drills.models import TrainingSettings
        from dealer_training.drills.signals import attempt_recorded, attempts_rescored, sitting_ended

        from . import panels, receivers

        attempt_recorded.connect(receivers.queue_rollup_refresh, dispatch_uid="progress.rollup_refresh")
        sitting_ended.connect(receivers.queue_sitting_rollups, dispatch_uid="progress.sitting_rollups")
        attempts_rescored.connect(receivers.queue_rescored_rollups, dispatch_uid="progress.rescored_rollups")
        post_save.connect(
            receivers.queue_organisation_rebuild,
            sender=TrainingSettings,
            dispatch_uid="progress.rebuild_on_new_bars",
        )

        nav.register(nav.NavItem(url_name="progress:me", label=_("My progress"), order=20))
        nav.register(nav.NavItem(url_name="progress:cohort_report", label=_("Progress report"), order=50))
        nav.register(nav.NavItem(url_name="progress:certificates", label=_("Certification"), order=55))
        nav.register(nav.NavItem(url_name="progress:exports", label=_("Exports"), order=60))

        home.register(
            home.HomePanel(
                name="progress_trainee",
                template="progress/_home_trainee.html",
                roles=frozenset({Role.TRAINEE}),
                order=30,
                context=panels.trainee_panel,
            )
        )
        home.register(
            home.HomePanel(
                name="progress_staff",
                template="progress/_home_staff.html",
                roles=frozenset(STAFF_ROLES),
                order=30,
                context=panels.staff_panel,
            )
        )
