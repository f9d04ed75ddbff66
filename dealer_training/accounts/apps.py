from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "dealer_training.accounts"
    label = "accounts"
    verbose_name = _("Accounts and organisations")

    def ready(self) -> None:
        from . import nav

        nav.register(nav.NavItem(url_name="accounts:org_home", label=_("Home"), order=0))
        nav.register(nav.NavItem(url_name="accounts:members", label=_("Members"), order=80))
        nav.register(nav.NavItem(url_name="accounts:house_rules", label=_("House rules"), order=90))
