from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ProgressConfig(AppConfig):
    name = "dealer_training.progress"
    label = "progress"
    verbose_name = _("Progress")
