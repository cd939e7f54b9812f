"""What `trajan rules` says, in English, German and French (issue 12, items 5, 7 and 8).

The topics are checked against the rulebooks (pages of the English edition; German -16,
French +16) and against what the referee does where they describe its readings.
"""

import re

import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.scoring_phase.pay import apply_payment
from trajan_cli.core.sheet import PlayerSheet, Supply
from trajan_cli.core.vocabulary import CitizenState
from trajan_cli.parsing.grid import render_colonia
from trajan_cli.parsing.sheet import load_sheet
from trajan_cli.rulesdata import load_topics

from helpers.walkthrough import play, tom_game

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
    # The referee: tests/test_check_payment.py::
    #   test_an_assistant_pairs_two_workers_of_different_colours_for_a_builder_p21_p23
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
    # p. 21: a citizen goes into a citizen row only when its tile is used (own or received),
    # left space first (p. 26); every other own tile, used or not (an unused citizen too),
    # face down onto the ship; other players' tiles face up beside the colonia.
    "where-tiles-go": ((21, 26), {
        "en": ["Only a tile you use puts a citizen in your colonia",
               "your own or one received from a neighbour", "on the left space first",
               "face down onto the ship, a citizen you did not use too",
               "Every other tile from another player, used or not, lies face up",
               "these never become envoys"],
        "de": ["Nur ein genutztes Plättchen bringt einen Bürger in die Colonia",
               "ein eigenes oder eines vom Nachbarn", "zuerst auf das linke Feld",
               "kommen verdeckt aufs Schiff, auch ein nicht genutzter Bürger",
               "Alle anderen Plättchen von Mitspielern, genutzt oder nicht, liegen offen",
               "sie werden nie zu Gesandten"],
        "fr": ["Seule une tuile utilisée place un citoyen dans sa colonie",
               "à soi ou reçue d'un voisin", "d'abord sur la case de gauche",
               "vont face cachée sur le navire, y compris un citoyen non utilisé",
               "Toutes les autres tuiles venues d'autres joueurs, utilisées ou non, restent face visible",
               "elles ne deviennent jamais des émissaires"]}),
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


#: The wrong sentence of the earlier ruling (p. 21 puts a citizen into a row only when its
#: tile is used): no language may say it again.
ALWAYS_INTO_THE_COLONIA = {"en": "always goes into your own colonia",
                           "de": "kommt immer in die eigene Colonia",
                           "fr": "va toujours dans sa propre colonie"}


@pytest.mark.parametrize("lang", LANGS)
def test_a_citizen_tile_goes_into_a_row_only_when_used_p21(lang):
    assert ALWAYS_INTO_THE_COLONIA[lang] not in text_of(lang, "where-tiles-go")


def test_the_referee_sends_an_unused_tile_where_its_owners_tiles_go_p21(rules):
    """Ann uses the tile Bob passed her (a citizen): her own kept tile, unused, goes onto her
    ship, whatever it shows. Bob uses his own citizen: Ann's tile, unused, lies face up beside
    his colonia (a neighbour may later pick it, p. 22), and is no envoy of his."""
    from trajan_cli.core.tabletop import Tabletop
    from trajan_cli.core.turns.referee import apply_turn, start_round
    from trajan_cli.parsing.notation import parse_line

    board = ("colonia ? ? ? ? ? ? / ? T ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? T / ? ? ? T ? ? / "
             "? ? ? ? ? ?; cranes A1 o F1 g A6 b F6 y; supply coin tribune builder assistant; ship 0")
    table = Tabletop(("Ann", "Bob"))
    for player in table.players:
        table.record(player, parse_line(f"board {player}: {board}").sheet)
    start_round(table.play, parse_line("round I.1: streets 2 4"), set(), rules)
    players = table.players
    apply_turn(table, parse_line("Ann: take C2 C4; use received: citizen 3", players), rules)
    ann = table.board("Ann")
    assert ann.citizens[3] and ann.supply.ship == 1
    apply_turn(table, parse_line("Bob: take E2 E4; use own: citizen 5", players), rules)
    bob = table.board("Bob")
    assert bob.citizens[5] and bob.supply.ship == 0
    assert table.play.tiles_beside("Bob")["Ann"] == 1  # Ann's unused tile, face up
    assert table.play.tiles_beside("Ann")["Bob"] == 0  # Bob's tile became Ann's citizen


# --- Issue 29, items 2-6: what every new table asks first, from the rulebook text ----------

FIRST_QUESTIONS = {  # topic: (English pages, what each language must say)
    # p. 17: 3 cycles of 4 rounds; p. 18: three piles of 8 street cards, the fragments on
    # piles II and III; p. 20: the fragment placed at the start of cycles II and III, its
    # number the column's minimum; p. 27: the scoring steps in order; p. 29: a new cycle,
    # the end after 12 rounds.
    "course-of-game": ((17, 18, 20, 27, 29), {
        "en": ["3 cycles of 4 rounds each, 12 rounds in all", "three face-down piles of 8, one per cycle",
               "At the start of cycles II and III", "base score of a triumphal column",
               "3, 2, then 1", "After round 4 of each cycle comes a scoring phase",
               "pay citizens, then the cranes, the colonia rows, the forum (eagles, then the largest group of "
               "envoys) and last the cycle's Trajan card",
               "ends after the third scoring phase"],
        "de": ["3 Durchgänge zu je 4 Runden, zusammen 12 Runden", "drei verdeckten Nachziehstapeln zu 8",
               "Zu Beginn der Durchgänge II und III", "Grundwert einer Siegessäule", "3, 2, dann 1",
               "Nach Runde 4 jedes Durchgangs folgt eine Wertungsphase",
               "Bürger bezahlen, dann Baukräne, Zeilen der Colonia, Forum (Adler, dann größte Fläche aus "
               "Gesandten) und zuletzt die Trajankarte",
               "endet nach der dritten Wertungsphase"],
        "fr": ["3 cycles de 4 manches chacun, 12 manches en tout", "trois pioches face cachée de 8",
               "Au début des cycles II et III", "colonne de triomphe", "3, 2, puis 1",
               "Après la manche 4 de chaque cycle vient une phase de décompte",
               "payer les citoyens, puis les grues, les rangées de la colonie, le Forum (les aigles, puis la "
               "zone d'émissaires la plus étendue) et enfin la carte Trajan",
               "se termine après la troisième phase de décompte"]}),
    # p. 18: the main board: street-card piles and fragments, mosaic boards by player count,
    # building-tile piles, one Trajan card per cycle face up (one only, III, in the
    # introductory game), forum markers and the supply.
    "board-set-up": ((18,), {
        "en": ["3 face-down piles of 8", "3 boards for 2 players, 4 for 3, 5 for 4",
               "one showing a gray building and a structure, the other two structures",
               "one Trajan card is drawn from its own pile (I, II, III) and laid face up",
               "only one card is used, taken from pile III for position III",
               "before the first space of the library, basilica and market tracks"],
        "de": ["3 verdeckte Nachziehstapel zu 8", "3 Tableaus bei 2 Spielern, 4 bei 3, 5 bei 4",
               "einer zeigt ein graues Gebäude und ein Bauwerk, der andere zwei Bauwerke",
               "eine Trajankarte aus ihrem eigenen Stapel (I, II, III) gezogen und offen",
               "nur mit einer Karte aus Stapel III auf Position III",
               "vor das erste Feld der Bibliotheks-, Basilika- und Marktleiste"],
        "fr": ["3 pioches face cachée de 8", "3 plateaux à 2 joueurs, 4 à 3, 5 à 4",
               "l'une montrant un bâtiment gris et une structure, l'autre deux structures",
               "on pioche une carte Trajan dans sa propre pile (I, II, III) et on la pose face visible",
               "on n'utilise qu'une carte, prise dans la pile III pour la position III",
               "devant la première case des pistes bibliothèque, basilique et marché"]}),
    # p. 21: six citizens in three classes, active when placed, a tile used; p. 19: two rows
    # per class, two spaces each; p. 26: the first gives the ability and x2, the second x3
    # and the bonus; p. 27: unpaid citizens turn inactive; p. 26: paid again, or joined.
    "citizens": ((21, 19, 26, 27), {
        "en": ["6 citizens of three social classes", "two rows in the colonia", "each row has two spaces",
               "only by using a tile that shows one", "the multiplier 2", "raises the multiplier to 3",
               "one-time bonus, but no second ability", "a row with citizens costs 1 coin",
               "until a later scoring phase pays for them or a second citizen joins their row"],
        "de": ["6 Bürger aus drei Gesellschaftsschichten", "zwei Zeilen in der Colonia", "jede Zeile zwei Felder",
               "nur, indem man ein Plättchen nutzt, das einen zeigt", "den Multiplikator 2",
               "hebt den Multiplikator auf 3", "einmaligen Bonus der Zeile, aber keine zweite Fähigkeit",
               "kostet eine Zeile mit Bürgern 1 Geld",
               "bis eine spätere Wertungsphase sie bezahlt oder ein zweiter Bürger in ihre Zeile kommt"],
        "fr": ["6 citoyens de trois classes sociales", "deux rangées dans la colonie", "chaque rangée a deux cases",
               "qu'en utilisant une tuile qui en montre un", "le multiplicateur 2",
               "porte le multiplicateur à 3", "bonus ponctuel de la rangée, mais pas de seconde capacité",
               "une rangée occupée coûte 1 pièce",
               "qu'une phase de décompte ultérieure les paie ou qu'un second citoyen rejoigne leur rangée"]}),
    # p. 24: three tracks of four spaces, a space per building of the type, earlier benefits
    # from space 2 on, the track's end scores like a column; p. 18: the markers' start.
    "benefit-tracks": ((24, 18), {
        "en": ["set before the first space", "moves that track's marker one space on",
               "from space 2 on that of an earlier space", "Each track has four spaces",
               "scores at once like a triumphal column: the column's value plus 1 point per active citizen",
               "Later buildings of that type give no benefit"],
        "de": ["der vor dem ersten Feld beginnt", "rückt den Marker dieser Leiste ein Feld vor",
               "ab Feld 2 die eines früheren", "Jede Leiste hat vier Felder",
               "Punkte wie eine Siegessäule: den Wert der Säule plus 1 Punkt pro aktivem Bürger",
               "Spätere Gebäude dieser Art bringen keine Prämie mehr"],
        "fr": ["placé devant la première case", "fait avancer le marqueur de cette piste d'une case",
               "à partir de la case 2, celle d'une case précédente", "Chaque piste a quatre cases",
               "autant qu'une colonne de triomphe : la valeur de la colonne plus 1 point par citoyen actif",
               "Les bâtiments suivants de ce type ne donnent plus de prime"]}),
    # p. 17: side B for individual street grids in later games; p. 18: side A, the same on
    # every board, for the first game.
    "player-boards": ((17, 18), {
        "en": ["Side A is the same on all four boards", "use it in the first game",
               "Side B differs from board to board", "for later games"],
        "de": ["Seite A ist auf allen vier Tableaus gleich", "Sie gilt für die erste Partie",
               "Seite B ist von Tableau zu Tableau verschieden", "für spätere Partien"],
        "fr": ["La face A est la même sur les quatre plateaux", "pour la première partie",
               "La face B change d'un plateau à l'autre", "pour les parties suivantes"]}),
}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("topic", FIRST_QUESTIONS)
def test_each_first_question_ruling_says_the_rulebooks_facts_with_its_pages(topic, lang):
    pages, says = FIRST_QUESTIONS[topic]
    assert load_topics(lang)[topic].pages == pages
    for words in says[lang]:
        assert words in text_of(lang, topic), (topic, lang, words)


def test_the_course_of_the_game_agrees_with_the_rules_data_p20_p24(rules):
    """4 rounds a cycle, two street cards a round (8 a pile), the column's 3, 2, 1."""
    from trajan_cli.core.vocabulary import Cycle

    assert rules.play.rounds_per_cycle == 4 and rules.play.street_cards * 4 == 8
    assert [rules.column_values[c] for c in (Cycle.I, Cycle.II, Cycle.III)] == [3, 2, 1]


def test_the_benefit_tracks_ruling_names_what_the_referee_gives_p24(rules):
    """Each space the ruling names is the one the referee gives (tracks.toml)."""
    from trajan_cli.core.vocabulary import Track

    steps = {t: [dict(s.gain) or s.action for s in rules.tracks[t].steps] for t in Track}
    assert steps[Track.LIBRARY] == [{"worker": 1, "tribune": 1}, {"builder": 1},
                                    "envoy_on_eagle", "use_colonia_tile"]
    assert steps[Track.BASILICA] == [{"assistant": 2}, {"tribune": 2}, {"upgrade": 1},
                                     "extra_building_action"]
    assert steps[Track.MARKET] == [{"coin": 1}, "area_bonus", "envoy_on_any_colour",
                                   "use_colonia_tile"]
    text = text_of("en", "benefit-tracks")
    for words in ("a worker of your choice and a tribune, a builder, an envoy on an eagle space, "
                  "a Colonia tile used at once",
                  "two assistants, two tribunes, an upgrade, one more building action",
                  "a coin, an area bonus, an envoy on any coloured square, a Colonia tile used at once"):
        assert words in text


def test_a_citizen_comes_only_from_a_used_tile_the_referee_p21(rules):
    """A turn that uses a coin tile puts no citizen in a row, whatever else it took."""
    from trajan_cli.core.tabletop import Tabletop
    from trajan_cli.core.turns.referee import apply_turn
    from trajan_cli.parsing.notation import parse_line

    board = ("colonia ? ? ? ? ? ? / ? T ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? T / ? ? ? T ? ? / "
             "? ? ? ? ? ?; cranes A1 o F1 g A6 b F6 y; citizens 2 a; supply coin; ship 0")
    table = Tabletop(("Ann", "Bob"))
    for player in table.players:
        table.record(player, parse_line(f"board {player}: {board}").sheet)
    apply_turn(table, parse_line("Ann: take C2 C4; use own: coin", table.players), rules)
    ann = table.board("Ann")
    assert dict(ann.citizens) == {2: (CitizenState.ACTIVE,)} and ann.supply.coins == 2


# --- Issue 29, item 1: the rulings checked again against the three editions -----------------

@pytest.mark.parametrize("lang, words", [
    ("en", "whichever side is up"), ("de", "egal welche Seite oben liegt"),
    ("fr", "quelle que soit sa face visible"),
])
def test_cranes_are_never_built_over_whichever_side_is_up_p22(lang, words):
    """p. 22: "no matter which side is facing up" (coloured or colourless)."""
    assert words in text_of(lang, "cranes")


@pytest.mark.parametrize("lang, words", [
    ("en", "a worker of your choice and a tribune"), ("de", "1 beliebigen Arbeiter und 1 Tribun"),
    ("fr", "un ouvrier de son choix et un Tribun"),
])
def test_the_first_library_gives_a_worker_of_the_players_choice_p24(lang, words):
    """S. 8 "1 beliebigen Arbeiter", p. 40 "1 ouvrier de votre choix"; the referee asks its colour."""
    assert words in text_of(lang, "library")


@pytest.mark.parametrize("lang, words", [
    ("en", "or a second citizen joins their row"), ("de", "oder ein zweiter Bürger in ihre Zeile kommt"),
    ("fr", "ou qu'un second citoyen rejoigne leur rangée"),
])
def test_unpaid_citizens_also_return_when_a_second_joins_their_row_p26(lang, words):
    assert words in text_of(lang, "pay-citizens")
