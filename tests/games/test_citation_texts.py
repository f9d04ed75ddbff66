"""Every cited rule has a summary in both languages and reads as a rulebook citation, never a file."""

from __future__ import annotations

import re

import pytest

from games.core.citation_texts import BOOK_TEXTS, TEXTS, designation, label, summary
from games.core.citations import BOOKS, CITATIONS

KEYS = sorted(CITATIONS)
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])[2-9TJQKA][cdhs](?![A-Za-z])")


def test_every_registry_entry_and_rulebook_has_a_summary_in_both_languages():
    assert sorted(TEXTS) == KEYS
    assert sorted(BOOK_TEXTS) == sorted(BOOKS)
    for text in [*TEXTS.values(), *BOOK_TEXTS.values()]:
        assert text.en.strip()
        assert text.ja.strip()
        assert re.search(r"[ぁ-んァ-ヶ一-龥]", text.ja), text.ja
        assert not re.search(r"[ぁ-んァ-ヶ一-龥]", text.en), text.en


@pytest.mark.parametrize("key", KEYS)
def test_a_summary_is_short_and_names_no_file_of_ours(key):
    for lang in ("en", "ja"):
        text = summary(key, lang)
        sentences = [s for s in re.split(r"(?<=[.。])\s*", text) if s]
        assert len(sentences) <= 5, f"{key} ({lang}) is a passage, not a summary"
        for word in ("RULES", "Seed", ".md", ".txt", "tda-2024", "robert-cash"):
            assert word not in text, f"{key} ({lang}) mentions {word}"
        assert not CARD_CODE.search(text), f"{key} ({lang}) has a card code"
        assert "シート" not in text


def test_card_room_practice_entries_say_that_no_rulebook_decides_them():
    for key, entry in CITATIONS.items():
        if entry.book == "practice":
            en, ja = summary(key, "en"), summary(key, "ja")
            assert "practice" in en.lower() or "our reading" in en.lower(), key
            assert "慣行" in ja or "解釈" in ja, key


def test_a_citation_reads_as_its_rulebook_and_rule_in_each_language():
    assert label("TDA 2024 Rule 47-B", "en") == "TDA 2024 Rule 47-B: Re-opening in limit: half a bet"
    assert label("TDA 2024 Rule 47-B", "ja") == "TDA 2024 ルール47-B：リミットのリオープン（ベットの半分）"
    assert designation("TDA 2024 RP-10 H", "ja") == "TDA 2024 RP-10 H"
    assert designation("RRoP 7CS-4", "en") == "RRoP 7CS-4"
    assert designation("RRoP Ties", "en") == "RRoP"
    assert designation("Hold'em rules §3.1", "en") == "Texas Hold'em game rules §3.1"
    assert designation("Hold'em rules §3.1", "ja") == "テキサスホールデム ゲームルール仕様書 §3.1"
    assert designation("Flush Code Hack: game rules 2", "ja") == "Flush Code Hack ルールブック"
    assert label("Practice: hand rankings", "ja") == "カードルームの慣行：ポーカーの役の強さ"


@pytest.mark.parametrize("key", KEYS)
def test_a_japanese_label_carries_no_english_rule_words(key):
    text = label(key, "ja")
    # Rulebook names and rule numbers stay as the rulebooks print them; English words do not.
    kept = r"TDA|RRoP|BARGE|WSOP|RP-\d+|\d+CS-\d+|\d(st|nd|rd|th)|Flush Code Hack|[\d§.\-A-H ]"
    leftover = re.sub(kept, "", text)
    assert not re.search(r"[A-Za-z]{2,}", leftover), f"{key}: {text}"
    assert label(key, "en") != text


def test_labels_are_distinct_so_each_links_to_one_entry():
    for lang in ("en", "ja"):
        labels = [label(key, lang) for key in KEYS]
        assert len(set(labels)) == len(labels)
