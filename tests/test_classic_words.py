"""Trajan (2011) in the player's language: the walkthrough names every demand, bonus tile,
side and construction set in German and French, and never shows an internal key
("city_workers", "yellow_tiles", "symbol 1") or an English word of the game."""

import re

import pytest

from trajan_cli.i18n import set_language

from helpers.classic_game import FINAL_ANN, FINAL_BOB, Q1, Q2, Q3, Q4, trajan_game
from helpers.walkthrough import play

ANSI = re.compile(r"\x1b\[[0-9;]*m")
INTERNAL = ("city_workers", "yellow_tiles", "legionaries:", "needs:", "symbol 1", "kind 2", "_")
ENGLISH = ("bread", "games", "religion", "yellow", "gray", "demands", "commodity", "building joker")


def _shown(language: str) -> list[str]:
    set_language(language)
    _, shown, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    return [ANSI.sub("", line) for line in shown]


@pytest.mark.parametrize("language, words", [
    ("de", ["Brot, Spiele, Religion", "nicht erfüllt: Religion", "Plättchen für Brot", "Seite Gelb",
            "4 Symbol 1 (mit 1 Gebäude-Joker)", "Waren: Sorte 2, Seite Grau: 6", "gelbe Bonustafeln, Seite Gelb: 6"]),
    ("fr", ["pain, jeux, religion", "face jaune", "4 symbole 1 (avec 1 joker bâtiment)",
            "marchandise : sorte 2, face grise : 6"]),
])
def test_the_walkthrough_speaks_the_player_s_language(language, words):
    text = "\n".join(_shown(language))
    for expected in words:
        assert expected in text
    for key in INTERNAL:
        assert key not in text, key
    if language == "de":
        for english in ENGLISH:
            assert not re.search(rf"\b{english}\b", text), english


def test_english_names_the_same_things_in_words():
    text = "\n".join(_shown("en"))
    assert "bonus tiles: workers in the city, yellow side: 4, commodity: kind 2, gray side: 6" in text
    assert "construction sets: 4 symbol 1 (with 1 building joker)" in text
    assert "city_workers" not in text and "yellow_tiles" not in text
