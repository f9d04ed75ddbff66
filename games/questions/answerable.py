"""What is wrong when a question cannot be worked out from what the table shows: the report.

The check itself is :func:`games.answerable.check_answerable` (every game; stud's rebuild from
the view is :mod:`games.stud.answerable`, the other games' :mod:`games.answerable_other`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["AnswerabilityProblem", "AnswerabilityReport", "differs", "failed"]


# --- the report ------------------------------------------------------------------------------


def seat_list_en(seats: Sequence[int]) -> str:
    if len(seats) == 1:
        return f"seat {seats[0]}"
    return "seats " + ", ".join(str(s) for s in seats[:-1]) + f" and {seats[-1]}"


def seat_list_ja(seats: Sequence[int]) -> str:
    return "と".join(f"{s}番席" for s in seats)


@dataclass(frozen=True)
class AnswerabilityProblem:
    """One reason a question cannot be worked out from the table.

    Codes: ``hidden_cards`` (``params["seats"]``: the seats whose face-down cards change the
    answer), ``not_on_table`` (the answer changes although every card stays the same:
    something else is missing from the table; ``params["fields"]``), ``answer_varies`` (the
    answer changes with what the table hides, for games whose rebuild cannot name a seat),
    ``rebuild_failed`` (the view does not hold enough to rebuild the hand;
    ``params["reason"]``). Questions asked at the wrong moment
    (:func:`games.stud.answerable.moment_problems`):
    ``showdown_already_tabled`` (who shows first, once a hand was shown or mucked: the order is
    in the history), ``pots_bet_pending`` (the pots while ``params["seats"]`` still owe chips
    in the betting round), ``bring_in_in_history`` (the bring-in once 3rd-street betting began),
    ``betting_open`` (a hold'em pots question while the betting round is open:
    ``games.answerable_other.premise_problem``).
    """

    code: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def message(self, lang: str = "en") -> str:
        """The problem in English (``"en"``) or Japanese (``"ja"``)."""
        ja = lang.startswith("ja")
        if self.code == "hidden_cards":
            seats = list(self.params.get("seats") or [])
            if not seats:
                if ja:
                    return "答えが伏せ札によって変わりますが、伏せ札は卓上に見えていません。"
                return "The answer depends on face-down cards, which the table does not show."
            if ja:
                owner_ja = seat_list_ja(seats)
                return f"答えが{owner_ja}の伏せ札によって変わりますが、その札は卓上に見えていません。"
            owner = seat_list_en(seats)
            return f"The answer depends on the face-down cards of {owner}, which the table does not show."
        if self.code == "not_on_table":
            if ja:
                return (
                    "卓上に見えている札とチップだけでは答えが決まりません。"
                    "卓上が同じに見える手で答えが変わります。"
                )
            return (
                "The answer cannot be worked out from the cards and chips on the table: a hand that "
                "looks the same on the table has another answer."
            )
        if self.code == "showdown_already_tabled":
            if ja:
                return "ハンドはすでに開かれていて、ショーダウンで見せる順番は履歴に出ています。"
            return "The hands are already tabled: the order of the showdown is in the history."
        if self.code == "pots_bet_pending":
            seats = list(self.params.get("seats") or [])
            if ja:
                return (
                    f"まだベットが途中です。{seat_list_ja(seats)}のアクションが残っているので、"
                    "ポットは確定していません。"
                )
            verb = "still has" if len(seats) == 1 else "still have"
            return (
                f"A bet is still pending: {seat_list_en(seats)} {verb} to act, so the pots are not settled."
            )
        if self.code == "bring_in_in_history":
            if ja:
                return "3rdストリートのベッティングがすでに始まっていて、ブリングインは履歴に出ています。"
            return "The 3rd-street betting has begun: who brought in, and for how much, is in the history."
        if self.code == "betting_open":
            seats = list(self.params.get("seats") or [])
            if ja:
                who = f"（{seat_list_ja(seats)}がまだアクションします）" if seats else ""
                return (
                    f"ベッティングラウンドの途中{who}でポットを尋ねています。前に出ているチップはまだ確定していません。"
                    "ポットは、ラウンドが終わってから（または誰もアクションする前に）尋ねてください。"
                )
            who = f" ({seat_list_en(seats)} still to act)" if seats else ""
            return (
                f"The pots are asked while the betting round is still open{who}: the chips in front are "
                "not final. Ask for the pots once the round is complete, or before anyone acts."
            )
        if self.code == "answer_varies":
            if ja:
                return "答えが卓上に見えていない札や金額によって変わります。"
            return "The answer changes with cards or amounts the table does not show."
        if ja:
            return "卓上に見えている情報からこの手を組み立て直せません。"
        reason = self.params.get("reason")
        return "The hand cannot be rebuilt from what the table shows" + (f" ({reason})." if reason else ".")


@dataclass(frozen=True)
class AnswerabilityReport:
    """``answerable`` is true when every rebuild from the view has the scenario's answer."""

    answerable: bool
    problems: tuple[AnswerabilityProblem, ...] = ()


def failed(*problems: AnswerabilityProblem) -> AnswerabilityReport:
    """The report of a question that cannot be worked out, for these reasons."""
    return AnswerabilityReport(False, tuple(problems))


def differs(a: Mapping[str, Any], b: Mapping[str, Any], fields: Sequence[str] | None) -> list[str]:
    """The fields (``fields``, or all) on which two answers differ."""
    keys = list(fields) if fields is not None else sorted(set(a) | set(b))
    return [k for k in keys if a.get(k) != b.get(k)]
