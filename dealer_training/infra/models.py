from django.db import models
from django.utils.translation import gettext_lazy as _


class UnsentTask(models.Model):
    """A task that could not be queued because the broker was down; sent once it is back."""

    task = models.CharField(_("task"), max_length=200)
    kwargs = models.JSONField(_("arguments"), default=dict)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("unsent task")
        verbose_name_plural = _("unsent tasks")
        ordering = ["pk"]

    def __str__(self) -> str:
        return f"{self.task} {self.kwargs}"
