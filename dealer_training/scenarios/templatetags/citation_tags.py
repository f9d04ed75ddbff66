"""Cited rules on a page: ``{% cited rules %}`` lists them as links into the rules reference;
``{{ text|link_citations:current_org.slug }}`` links the citations inside an explanation;
``{% rule_lines rules %}`` draws the rules in force (``accounts/_rule_lines.html``), each with its
citations."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django import template
from django.utils.safestring import SafeString

from dealer_training.scenarios.citations import citation_links
from dealer_training.scenarios.citations import link_citations as _link_citations
from dealer_training.scenarios.rule_lines import RuleLineLike, rule_lines_html

register = template.Library()


@register.inclusion_tag("components/citations.html", takes_context=True)
def cited(context: template.Context, keys: Iterable[str] | None, heading: bool = True) -> dict[str, Any]:
    org = context.get("current_org")
    links = citation_links(keys or (), org_slug=org.slug) if org is not None else []
    return {"citations": links, "heading": heading}


@register.filter
def link_citations(text: str | None, org_slug: str) -> SafeString | str:
    if not text:
        return ""
    return _link_citations(str(text), org_slug=org_slug)


@register.simple_tag(takes_context=True)
def rule_lines(context: template.Context, rules: Iterable[RuleLineLike]) -> SafeString:
    org = context.get("current_org")
    return rule_lines_html(rules, org_slug=org.slug if org is not None else None)
