from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class DrillsConfig(AppConfig):
    name = "dealer_training.drills"
    label = "drills"
    verbose_name = _("Drills")
