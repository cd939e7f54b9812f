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
from trajan_cli.core.scoring_phase.pay import apply_payment
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



# --- Issue 21, item 2: the rulings tables asked for, each from the rulebook text -------------

def text_of(lang: str, topic: str) -> str:
    return " ".join(load_topics(lang)[topic].text.split())


NEW_RULINGS = {  # topic: (English pages, what each language must say)
    # p. 20: two street cards, one tile from each named street, all at once; the first tile
    # may be looked at before the second is taken, never put back. A street is a row or a
    # column (the online summary; the rulebook speaks of the cards' symbols).
    "round": ((20,), {
        "en": ["one of its six rows or one of its six columns", "at the same time",
               "look at the first tile before you choose the second", "cannot be put back"],
        "de": ["eine ihrer sechs Zeilen oder eine ihrer sechs Spalten", "gleichzeitig",
               "Das erste Plättchen darf man ansehen, bevor man das zweite wählt", "nicht zurücklegen"],
        "fr": ["l'une de ses six rangées ou l'une de ses six colonnes", "en même temps",
               "regarder la première tuile avant de choisir la seconde", "ne peut pas être remise"]}),
    # p. 20: keep one, pass the other face down to the right; receive from the left.
    "passing-tiles": ((20,), {
        "en": ["keep one and pass the other face down to your right-hand neighbour",
               "receive one from your left-hand neighbour"],
        "de": ["behält man eines und gibt das andere verdeckt an seinen rechten Nachbarn weiter",
               "vom linken Nachbarn bekommt man eines"],
        "fr": ["on en garde une et on donne l'autre, face cachée, à son voisin de droite",
               "on en reçoit une de son voisin de gauche"]}),
    # p. 20 clockwise; p. 25 the figure goes to the right after each round; p. 29 repeats it
    # for a new cycle (one move, as interface.md's turn order says).
    "turn-order": ((20, 25, 29), {
        "en": ["play goes clockwise", "goes to the player on the right", "the same single move"],
        "de": ["im Uhrzeigersinn", "an den Spieler rechts", "dieselbe einzelne Weitergabe"],
        "fr": ["dans le sens horaire", "au joueur situé à droite", "ce même passage unique"]}),
    # p. 21: a citizen (own or received) into your own colonia, left space first (p. 26);
    # other players' tiles beside the colonia; your own on the ship, as envoys.
    "where-tiles-go": ((21, 26), {
        "en": ["even one you received from a neighbour", "on the left space first",
               "goes face down onto the ship", "they never become envoys"],
        "de": ["auch eines, das man vom Nachbarn bekommen hat", "zuerst auf das linke Feld",
               "kommen verdeckt aufs Schiff", "sie werden nie zu Gesandten"],
        "fr": ["même reçue d'un voisin", "d'abord sur la case de gauche",
               "vont face cachée sur le navire", "elles ne deviennent jamais des émissaires"]}),
    # p. 21: multiplication markers when the general supply runs short.
    "supply": ((18, 21), {
        "en": ["Coins, workers, assistants, tribunes and builders are unlimited", "multiplication marker"],
        "de": ["Geld, Arbeiter, Assistenten, Tribune und Baumeister sind unbegrenzt", "Multiplikationsmarker"],
        "fr": ["Les pièces, ouvriers, assistants, Tribuns et bâtisseurs sont illimités",
               "marqueur multiplicateur"]}),
    # Set-up: a player's colour marks their tiles and markers; p. 23 names orange in de/fr.
    "colours": ((18, 19, 23), {
        "en": ["nothing to do with the four structure colours", "blue, green, yellow and orange",
               "some translations call it red"],
        "de": ["nichts zu tun", "Blau, Grün, Gelb und Orange", "manche Übersetzungen sagen Rot"],
        "fr": ["rien à voir avec les quatre couleurs des structures", "le bleu, le vert, le jaune et l'orange",
               "certaines traductions disent rouge"]}),
    # p. 22: one building tile per turn; p. 24: the fourth basilica's extra building action.
    "one-build-per-turn": ((22, 24), {
        "en": ["one building tile, single or double, and no more", "fourth space of the basilica track"],
        "de": ["ein Bauplättchen legen, einzeln oder doppelt, und in diesem Zug kein weiteres",
               "vierte Feld der Basilikaleiste"],
        "fr": ["une tuile bâtiment, simple ou double, et pas davantage", "quatrième case de la piste basilique"]}),
    # p. 26: row 1's second citizen places an envoy from the ship, if one is there; the
    # rulebook names no square: the tool reads it as the third market space (p. 24).
    "second-citizen-envoy": ((26, 25, 24), {
        "en": ["if one is there at that moment", "names no square or colour",
               "like the third market space", "never an eagle space"],
        "de": ["wenn dort in diesem Moment einer ist", "nennt kein Feld und keine Farbe",
               "wie das dritte Feld der Marktleiste", "nie ein Adlerfeld"],
        "fr": ["s'il y en a un à ce moment-là", "ne nomme ni case ni couleur",
               "comme la troisième case de la piste marché", "jamais une case aigle"]}),
    # p. 24: the fourth library or market gives a Colonia tile from the street grid, used at once.
    "fourth-tile": ((24,), {
        "en": ["used at once", "any covered space of your own colonia",
               "street cards do not bind it and no tribune is spent", "goes onto the ship afterwards"],
        "de": ["sofort genutzt", "ein beliebiges bedecktes Feld der eigenen Colonia",
               "die Straßenkarten der Runde gelten dafür nicht", "danach aufs Schiff"],
        "fr": ["utilisée aussitôt", "n'importe quelle case encore recouverte de sa colonie",
               "les cartes rue de la manche ne s'appliquent pas", "va ensuite sur le navire"]}),
    # p. 25: the other pile, back side up, then none; the later ruling and its source.
    "tiles-run-out": ((25, 18), {
        "en": ["take the tile from the other pile and build it with its back side up",
               "that kind can no longer be built", "the licensed online version (Yucata)", "never run out"],
        "de": ["nimmt man das Plättchen vom anderen Stapel und baut es mit der Rückseite nach oben",
               "kann diese Sorte nicht mehr gebaut werden", "die lizenzierte Online-Version (Yucata)",
               "nie aus"],
        "fr": ["on prend la tuile dans l'autre pile et on la construit verso visible",
               "ce type ne peut plus être construit", "la version en ligne sous licence (Yucata)",
               "ne s'épuisent jamais"]}),
    # p. 21: an upgrade moves the slide bar one space right; p. 26 Merchant I and the cypress.
    "upgrades": ((21, 26, 27, 28), {
        "en": ["one space to the right", "next cypress", "(3, 5 or 7)"],
        "de": ["ein Feld nach rechts", "nächsten Zypresse", "(3, 5 oder 7)"],
        "fr": ["d'un cran vers la droite", "cyprès suivant", "(3, 5 ou 7)"]}),
    # pp. 18-19: the starting resources and the first citizen.
    "set-up": ((18, 19), {
        "en": ["1 tribune, 1 builder, 1 assistant, 1 coin", "left space of one of the two rows"],
        "de": ["1 Tribun, 1 Baumeister, 1 Assistenten, 1 Geld", "linke Feld einer der beiden Zeilen"],
        "fr": ["1 Tribun, 1 bâtisseur, 1 assistant, 1 pièce", "case de gauche d'une des deux rangées"]}),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", NEW_RULINGS)
def test_each_new_ruling_says_the_rulebooks_facts_with_its_pages(topic, lang):
    pages, says = NEW_RULINGS[topic]
    assert load_topics(lang)[topic].pages == pages
    for words in says[lang]:
        assert words in text_of(lang, topic), (topic, lang, words)


def test_the_envoy_of_row_1s_second_citizen_goes_where_the_third_market_sends_one_p26(cli):
    """Any empty coloured square, whatever the colour rules, never an eagle: exactly the
    squares `trajan check envoy --via market` offers, as the ruling says to check."""
    from trajan_cli.parsing.forum import load_forum

    line = load_topics("en")["second-citizen-envoy"].check[0]
    assert line == "trajan check envoy forum.toml --player Tom --via market"
    forum = load_forum(EXAMPLES_DIR / "tom-forum.toml")
    answer = cli("check", "envoy", EXAMPLES_DIR / "tom-forum.toml", "--player", "Tom",
                 "--via", "market", "--json").json()
    empty_coloured = {f"{chr(65 + col)}{row + 1}" for (col, row), square in forum.squares()
                      if not square.envoy and not square.is_eagle}
    assert set(answer["legal_cells"]) == empty_coloured and empty_coloured


def test_red_is_read_as_orange_as_the_colours_ruling_says_p23(cli):
    answer = cli("check", "build", EXAMPLES_DIR / "tom.toml", "r", "C1", "--json").json()
    assert "orange" in answer["benefit"] and "red" not in answer["benefit"]


def test_the_referee_never_refuses_a_build_for_want_of_a_tile_p25(rules):
    """The later ruling the tiles-run-out topic names: building tiles never run out."""
    import tomllib

    from trajan_cli.rulesdata import data_dir

    supply = tomllib.loads((data_dir() / "building.toml").read_text(encoding="utf-8"))["supply"]
    assert supply["unlimited_tiles"] is True and supply["page"] == 25


@pytest.mark.parametrize("lang", LANGS)
def test_the_largest_group_counts_envoys_on_eagle_spaces_p27(lang, tom_forum):
    """The ruling says so, and the scoring does it (Tom's 7, p. 28, includes C2, an eagle)."""
    from trajan_cli.core.scoring import largest_envoy_area

    assert {"en": "eagle spaces", "de": "Adlerfeldern", "fr": "cases aigle"}[lang] in text_of(lang, "largest-area")
    group = largest_envoy_area(tom_forum, "T")
    assert len(group) == 7 and any(tom_forum.at(sq).is_eagle for sq in group)
