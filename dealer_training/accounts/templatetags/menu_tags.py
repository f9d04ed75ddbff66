"""The site's menus on every page (``accounts.menus``): ``{% language_buttons %}`` and
``{% nav_menu nav_links %}``."""

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.safestring import SafeString

from dealer_training.accounts.menus import language_buttons_html, nav_html

register = template.Library()


@register.simple_tag
def language_buttons() -> SafeString:
    return language_buttons_html()


@register.simple_tag
def nav_menu(links: Iterable[Any]) -> SafeString:
    return nav_html(links)
