from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScenariosConfig(AppConfig):
    name = "dealer_training.scenarios"
    label = "scenarios"
    verbose_name = _("Scenarios and drill sets")
