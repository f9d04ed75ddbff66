"""Names for games, skills, questions and given answers in templates (``drills.labels``)."""

from __future__ import annotations

from typing import Any

from django import template

from dealer_training.drills import labels
from dealer_training.drills.present import answer_summary

register = template.Library()


@register.filter
def game_label(code: str) -> str:
    return labels.game_label(str(code or ""))


@register.filter
def skill_and_game(item: Any) -> str:
    """For anything with ``skill`` and ``variant`` (a review card, an attempt)."""
    return labels.skill_and_game(str(item.skill or ""), str(item.variant or ""))


@register.filter
def question_label(question: Any) -> str:
    return labels.question_label(str(question.kind), str(question.variant or ""))


@register.filter
def given_answer(attempt: Any) -> str:
    """The answer a trainee gave, in words ("Seat: Seat 3 · Amount: 200")."""
    return answer_summary(attempt.question, attempt.answer)
