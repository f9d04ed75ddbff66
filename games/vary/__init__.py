"""Variations of a stud scenario ("vary this"): other suits, stacks or seats that ask another
question (:mod:`games.vary.make`), what decides an answer and what a variation changed
(:mod:`games.vary.compare`), and the titles of variations (:mod:`games.vary.title`).

The package sits beside :mod:`games.table` rather than inside :mod:`games.stud`: telling two
questions apart reads the table view, which is built on the stud package.
"""

from games.vary.compare import Change, changes, dealt_cards, signature
from games.vary.make import CHANGES, MAX_COUNT, Variation, vary
from games.vary.title import fresh_title, variation_title, vary_title

__all__ = [
    "CHANGES",
    "MAX_COUNT",
    "Change",
    "Variation",
    "changes",
    "dealt_cards",
    "fresh_title",
    "signature",
    "variation_title",
    "vary",
    "vary_title",
]
