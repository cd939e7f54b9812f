"""What `trajan rules` says, in English, German and French (issue 12, items 5, 7 and 8).

The topics are checked against the rulebooks (pages of the English edition; German -16,
French +16) and against what the referee does where they describe its readings.
"""

import re

import pytest
from walk_helpers import play, tom_game

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.sheet import PlayerSheet, Supply
from trajan_cli.core.vocabulary import CitizenState
from trajan_cli.core.walkthrough import apply_payment
from trajan_cli.parsing.grid import render_colonia
from trajan_cli.parsing.sheet import load_sheet
from trajan_cli.rulesdata import load_topics

LANGS = ["en", "de", "fr"]
TOM_COLONIA = load_sheet(EXAMPLES_DIR / "tom.toml").colonia


def sentences(text: str) -> list[str]:
    return re.split(r"(?<=[.;:])\s+", text)


# --- Item 5: empty streets (p. 20: tiles are passed to the right-hand neighbour) ----------

NEIGHBOURS = {"en": ("right-hand neighbour", "left-hand"),
              "de": ("rechter Nachbar", "linker"),
              "fr": ("voisin de droite", "voisin de gauche")}


@pytest.mark.parametrize("lang", LANGS)
def test_street_cards_the_right_hand_neighbour_picks_p20_p22(lang):
    text = load_topics(lang)["street-cards"].text
    right, left = NEIGHBOURS[lang]
    assert right in text and left not in text


#: p. 22: the neighbour picks a tile received earlier and plays as usual; the tile leaves
#: the game only if it is used (issue 18, item 7): never "must use it".
PLAYS_AS_USUAL = {"en": ("play their turn as usual", "leaves the game only if they use it"),
                  "de": ("spielt seinen Zug wie gewohnt", "nur aus dem Spiel, wenn er es nutzt"),
                  "fr": ("joue son tour normalement", "ne quitte la partie que s'il l'utilise")}


@pytest.mark.parametrize("lang", LANGS)
def test_street_cards_the_neighbour_plays_as_usual_with_the_tile_picked_p22(lang):
    text = " ".join(load_topics(lang)["street-cards"].text.split())
    assert all(words in text for words in PLAYS_AS_USUAL[lang]), text


def test_street_cards_on_the_command_line_p20(cli):
    out = cli("--lang", "de", "rules", "street-cards").out
    assert "rechter Nachbar" in out and "S. 4" in out


# --- Item 7: what differs between the editions -------------------------------------------

@pytest.mark.parametrize("lang, exchange, english_only", [
    ("de", "Tausch", "nur in der englischen Spielregel"),
    ("fr", "échange", "ne figure que dans la règle anglaise"),
])
def test_trajan_cards_no_exchange_sentence_is_english_only_p28(lang, exchange, english_only):
    """The German S. 12 and the French p. 44 have no such sentence: the topic, which cites
    those pages, must not present it as theirs."""
    topic = load_topics(lang)["trajan-cards"]
    about_exchanges = [s for s in sentences(topic.text) if exchange in s]
    assert about_exchanges and all(english_only in s for s in about_exchanges)


@pytest.mark.parametrize("lang, words", [
    ("en", ["II-2", "Only the English rulebook", "once under the Trajan head and once above",
            "limits the building tiles", "never run out"]),
    ("de", ["II-2", "Nur die englische Spielregel", "einmal unter und einmal über",
            "begrenzt die Bauplättchen", "nie aus"]),
    ("fr", ["II-2", "Seule la règle anglaise", "une fois sous la tête de Trajan et une fois au-dessus",
            "limitent les tuiles bâtiment", "ne s'épuisent jamais"]),
])
def test_editions_topic_names_every_difference_p25_p28(lang, words):
    topic = load_topics(lang)["editions"]
    for word in words:
        assert word in topic.text, word
    assert topic.pages == (25, 28)  # tile limit p. 25; card II-2 and the Trajan value p. 28


@pytest.mark.parametrize("lang, limited, never", [
    ("en", "Every printed edition limits the building tiles", "never run out"),
    ("de", "Jede gedruckte Ausgabe begrenzt die Bauplättchen", "nie ausgehen"),
    ("fr", "Toutes les éditions imprimées limitent les tuiles", "ne s'épuisent jamais"),
])
def test_building_topic_limited_in_print_unlimited_here_p25(lang, limited, never):
    topic = load_topics(lang)["building"]
    assert limited in topic.text and never in topic.text and 25 in topic.pages


# --- Item 8: the referee's readings, said in the topics and done by the referee ----------

@pytest.mark.parametrize("lang, reading", [
    ("en", "two workers of different colours and an assistant make that pair too"),
    ("de", "auch zwei Arbeiter verschiedener Farbe mit einem Assistenten dieses Paar"),
    ("fr", "deux ouvriers de couleurs différentes plus un assistant forment donc aussi cette paire"),
])
def test_building_topic_an_assistant_pairs_workers_of_different_colours_p21_p23(lang, reading):
    # The referee: tests/test_check_payment.py::test_an_assistant_pairs_two_workers_of_different_colours_for_a_builder_p21_p23
    assert reading in " ".join(load_topics(lang)["building"].text.split())


@pytest.mark.parametrize("lang, reading", [
    ("en", "Reactivating costs 1 coin per row"),
    ("de", "Das Reaktivieren kostet 1 Geld pro Zeile"),
    ("fr", "La réactivation coûte 1 pièce par rangée"),
])
def test_inactive_citizens_topic_reactivation_per_row_p26_p27(lang, reading):
    assert reading in load_topics(lang)["inactive-citizens"].text


def test_the_referee_reactivates_per_row_not_per_social_class_p27(rules):
    """Craftsman I and II, both inactive, are one social class but two rows: 2 coins."""
    inactive = (CitizenState.INACTIVE,)
    sheet = PlayerSheet("Ada", TOM_COLONIA, {5: inactive, 6: inactive}, Supply(coins=2))
    paid = apply_payment(sheet, {5, 6}, rules)
    assert paid.supply.coins == 0 and paid.active_in_row(5) == paid.active_in_row(6) == 1


@pytest.mark.parametrize("lang, reading", [
    ("en", "does not offer it while citizens are paid"),
    ("de", "beim Bezahlen der Bürger bietet der Schiedsrichter ihn deshalb nicht an"),
    ("fr", "ne le propose donc pas pendant le paiement des citoyens"),
])
def test_pay_citizens_topic_merchant_ii_not_while_paying_p26_p27(lang, reading):
    assert reading in " ".join(load_topics(lang)["pay-citizens"].text.split())


def test_the_referee_pays_citizens_with_coins_only_p26_p27(write):
    """Merchant II is active and 2 tribunes wait, but no coin: no row can be paid."""
    sheet = write("ada.toml", 'name = "Tom"\ncolonia = """\n' + render_colonia(TOM_COLONIA) + '"""\n'
                  '[citizens]\n4 = ["active"]\n[supply]\ncoins = 0\ntribunes = 2\n')
    _, shown, _ = play(tom_game(), ["file", 0, str(sheet), [4], []])
    assert any("too many rows" in line for line in shown)

