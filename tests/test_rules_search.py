"""`trajan rules QUESTION`: a question in a player's own words finds its ruling (issue 21).

Every question below is written as players ask at the table, not in the rulings' words:
other words for the same thing, US and UK spelling, plurals and inflections, the terms of
each edition, typing mistakes. The right ruling must be among the first three answers.
"""

from __future__ import annotations

import json
import re
import shlex
import subprocess
import sys

import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.topic_search import Index, build_index, words_of
from trajan_cli.rulesdata import (
    build_search_index,
    load_search_index,
    load_topics,
    search_fingerprint,
    search_index_path,
)

from helpers.light_imports import modules_after

LANGS = ("en", "de", "fr")

EN = [
    ('can I look at the first tile before I pick the second', 'round'),
    ("once I've peeked at a tile can I put it back and take another one", 'round'),
    ('do we all take our tiles at the same time or one after the other', 'round'),
    ('does a street card mean a row or a column?', 'round'),
    ('which way do the tiles get passed', 'passing-tiles'),
    ('who do I give my other tile to', 'passing-tiles'),
    ('when am I allowed to look at the tile my neighbor handed me', 'passing-tiles'),
    ('who goes first in the next round', 'turn-order'),
    ('does the start player figure move left or right', 'turn-order'),
    ('do we play clockwise?', 'turn-order'),
    ('where do I put a citizen I got from my neighbour', 'where-tiles-go'),
    ("what happens to the tiles I didn't use", 'where-tiles-go'),
    ('can tiles from other players become my envoys', 'where-tiles-go'),
    ('we ran out of coins, what now', 'supply'),
    ('are the workers limited', 'supply'),
    ('what are the multiplication markers for', 'supply'),
    ('is red the same as orange', 'colours'),
    ('does my player color matter when I build', 'colours'),
    ('can I build two buildings in one turn', 'one-build-per-turn'),
    ('do I have to build every turn', 'one-build-per-turn'),
    ('second patrician citizen envoy, where does it go', 'second-citizen-envoy'),
    ('fourth library: can I take a tile from anywhere?', 'fourth-tile'),
    ('what if a pile of building tiles is empty', 'tiles-run-out'),
    ('what does an upgrade do', 'upgrades'),
    ('how many points does a crane give after the second cycle', 'cranes'),
    ('do I have to pay my citizens', 'pay-citizens'),
    ("what happens if I don't pay for a citizen", 'inactive-citizens'),
    ('how do I get an envoy onto an eagle', 'eagles'),
    ('who wins when two players have the same score', 'tie-break'),
    ('can I use both tiles on my turn', 'tribunes'),
    ('two workers of one colour instead of a builder?', 'workers-assistants'),
    ('how many points is a triumphal column worth', 'triumphal-column'),
    ('my envoy has to go into an area somebody already started?', 'envoys'),
    ('what do I get for filling up a whole area', 'area-bonus'),
    ('there are no tiles left in my street', 'street-cards'),
    ('what does everybody start with', 'set-up'),
    ('tirbune', 'tribunes'),
    ('craine scoring', 'cranes'),
    ('envoi next to an eagel', 'eagles'),
    ('colored structure cost', 'building'),
    ('game over, who won', 'tie-break'),
    ('rules for our very first game', 'intro-game'),
    ('handicap for newbies', 'mixed-groups'),
    ('what differs between the French and the English rulebook', 'editions'),
    ("what's the bonus for a second citizen in a row", 'second-citizen'),
    ('can I build on a temple', 'building'),
    ('biggest connected group of envoys', 'largest-area'),
    ('color', 'colours'),
    ('prestige', 'upgrades'),
    ('orange', 'colours'),
    ('multiplication', 'supply'),
    ('unlimited', 'supply'),
    ('market 3', 'market'),
    ('not pay', 'pay-citizens'),
    ('look at the first tile', 'round'),
    ('how many coins to keep my citizens active', 'pay-citizens'),
    ('is the envoy on the eagle space part of my largest area', 'largest-area'),
    ('can cranes be built over', 'cranes'),
    ('what happens when the fourth basilica is built', 'basilica'),
    ('do diagonal envoys score', 'patrician-i'),
    ('how do the cards get scored', 'trajan-cards'),
    ('can I exchange a coin for an assistant', 'merchant-ii'),
    ('do I need to pay for both citizens in a row', 'pay-citizens'),
    ('when does the game end', 'tie-break'),
    ('how does scoring work', 'scoring-phase'),
    ('library track rewards', 'library'),
    ('column fragment value in cycle 3', 'triumphal-column'),
    ('can I skip the street card', 'tribunes'),
    ('how many tiles does each player take per round', 'round'),
    # An audit's questions that once missed.
    ('does the colour of my meeples matter', 'colours'),
    ('the craftsman two benefit', 'craftsman-ii'),
    ('are there any optional rules', 'readings'),
    # Fresh questions as a table asks them.
    ('what happens when the building tiles are all gone', 'tiles-run-out'),
    ('am I allowed a second building action', 'one-build-per-turn'),
    ("what if I can't afford my citizens", 'inactive-citizens'),
    ('how do I get more envoys on my ship', 'where-tiles-go'),
    ('how much is an eagle worth', 'eagles'),
    ('which citizen lets me trade coins for tribunes', 'merchant-ii'),
    ('what does building a basilica give me', 'basilica'),
    ('how are the rows of my colonia scored', 'colonia-scoring'),
    ('what is the slider on my board for', 'upgrades'),
    ('what does merchant one do', 'merchant-i'),
    ('can I keep both of my tiles', 'passing-tiles'),
    ('nothing left in my street, what do I do', 'street-cards'),
    ('what happens after the fourth library', 'track-end'),
    ('can a double building send out two envoys', 'envoys'),
    ('how do I turn a flipped citizen back over', 'inactive-citizens'),
    ('is there a cap on how many coins I can hold', 'supply'),
    ('what if the bank has no more workers', 'supply'),
    ('can I stack a building on top of a crane', 'building'),
    ('do the other tiles I got from my left neighbour become envoys', 'where-tiles-go'),
    ('when do we tally up the points', 'scoring-phase'),
    ('my guys in row three, do they cost money', 'pay-citizens'),
    ('is the second patrician worth it', 'patrician-ii'),
    ('craftsman one swap', 'craftsman-i'),
    ('who is the first to play after a round', 'turn-order'),
    ('what do I do with leftover tiles', 'where-tiles-go'),
    ('are we allowed to house rule the eagle scoring', 'readings'),
    ('does it matter which colour my pieces are', 'colours'),
    ('both tiles look bad, can I skip my turn', 'colonia-tiles'),
    ('how do I break a tie', 'tie-break'),
    ('what do the columns on the big board do', 'triumphal-column'),
]
DE = [
    ('Darf ich mir das erste Plättchen anschauen, bevor ich das zweite nehme?', 'round'),
    ('Kann ich ein angeschautes Plättchen wieder zurücklegen?', 'round'),
    ('Nehmen alle gleichzeitig ihre Plättchen?', 'round'),
    ('Zeigt eine Straßenkarte eine Zeile oder eine Spalte?', 'round'),
    ('In welche Richtung werden die Plättchen weitergegeben?', 'passing-tiles'),
    ('An wen gebe ich mein zweites Plättchen?', 'passing-tiles'),
    ('Wer ist in der nächsten Runde Startspieler?', 'turn-order'),
    ('Spielen wir im Uhrzeigersinn?', 'turn-order'),
    ('Wohin kommt ein Bürger, den ich vom Nachbarn bekommen habe?', 'where-tiles-go'),
    ('Was passiert mit den Plättchen, die ich nicht nutze?', 'where-tiles-go'),
    ('Kein Geld mehr im Vorrat, was jetzt?', 'supply'),
    ('Sind die Arbeiter begrenzt?', 'supply'),
    ('Wofür sind die Multiplikationsmarker?', 'supply'),
    ('Ist Rot dasselbe wie Orange?', 'colours'),
    ('Spielt meine Spielerfarbe beim Bauen eine Rolle?', 'colours'),
    ('Darf ich zweimal in einem Zug bauen?', 'one-build-per-turn'),
    ('Muss ich jeden Zug bauen?', 'one-build-per-turn'),
    ('zweiter Patrizier, wohin mit dem Gesandten', 'second-citizen-envoy'),
    ('Vierte Bibliothek: welches Plättchen darf ich nehmen?', 'fourth-tile'),
    ('Was, wenn ein Stapel Bauplättchen leer ist?', 'tiles-run-out'),
    ('Was bringt eine Aufwertung?', 'upgrades'),
    ('Wie viele Punkte bringt ein Kran im zweiten Durchgang?', 'cranes'),
    ('Muss ich meine Bürger bezahlen?', 'pay-citizens'),
    ('Was passiert, wenn ich einen Bürger nicht bezahle?', 'inactive-citizens'),
    ('Wie kommt ein Gesandter auf einen Adler?', 'eagles'),
    ('Wer gewinnt bei Punktgleichheit?', 'tie-break'),
    ('Darf ich beide Plättchen nutzen?', 'tribunes'),
    ('zwei Arbeiter statt einem Baumeister', 'workers-assistants'),
    ('Wie viele Punkte bringt eine Siegessäule?', 'triumphal-column'),
    ('Muss mein Gesandter in eine angefangene Fläche?', 'envoys'),
    ('Was bekomme ich, wenn ich eine Fläche voll mache?', 'area-bonus'),
    ('Womit startet jeder Spieler?', 'set-up'),
    ('Gesanter auf dem Adlerfeld', 'eagles'),
    ('Kennenlernpartie mit einer Trajankarte', 'intro-game'),
    ('Unterschiede zwischen der deutschen und der englischen Regel', 'editions'),
    ('In meiner Straße liegt kein Plättchen mehr', 'street-cards'),
    ('Farben der Spieler', 'colours'),
    ('Multiplikation', 'supply'),
    ('unbegrenzt', 'supply'),
    ('Prestige', 'upgrades'),
    # An audit's questions that once missed.
    ('Optionale Regeln', 'readings'),
    ('Reichen die Baumeister immer?', 'supply'),
    ('Gehen die Assistenten irgendwann aus?', 'supply'),
    ('Gibt es genug Münzen für alle?', 'supply'),
    ('Gesandte einsetzen Regeln', 'envoys'),
    ('Was mache ich mit übrigen Plättchen vom Nachbarn?', 'where-tiles-go'),
    # Fresh questions as a table asks them.
    ('Darf ich zwei Gebäude bauen?', 'one-build-per-turn'),
    ('Was passiert, wenn die Bauplättchen alle sind?', 'tiles-run-out'),
    ('Darf ich auf einen Tempel bauen?', 'building'),
    ('Wie viel ist ein Adler wert?', 'eagles'),
    ('Welcher Bürger tauscht Geld gegen Tribune?', 'merchant-ii'),
    ('Was kann der Patrizier zwei?', 'patrician-ii'),
    ('Wie werden die Zeilen meiner Colonia gewertet?', 'colonia-scoring'),
    ('Wofür ist der Schieber auf meinem Tableau?', 'upgrades'),
    ('Darf ich beide Plättchen behalten?', 'passing-tiles'),
    ('Was passiert nach der vierten Bibliothek?', 'track-end'),
    ('Bekomme ich bei einem Doppelplättchen zwei Gesandte?', 'envoys'),
    ('Wie wird ein umgedrehter Bürger wieder aktiv?', 'inactive-citizens'),
    ('Wann ist das Spiel vorbei?', 'tie-break'),
    ('Was bekomme ich für den zweiten Bürger in einer Zeile?', 'second-citizen'),
    ('Wie viele Punkte gibt die größte Gruppe Gesandter?', 'largest-area'),
    ('Kann das Geld ausgehen?', 'supply'),
    ('Darf ich auf einen Baukran bauen?', 'building'),
    ('Was mache ich mit Plättchen, die übrig bleiben?', 'where-tiles-go'),
    ('Wann wird abgerechnet?', 'scoring-phase'),
    ('Was kostet ein Bürger pro Runde?', 'pay-citizens'),
    ('Handwerker eins tauschen', 'craftsman-i'),
    ('Wer fängt nach einer Runde an?', 'turn-order'),
    ('Gibt es Varianten?', 'readings'),
    ('Ist es egal, welche Farbe meine Figuren haben?', 'colours'),
    ('Muss ich ein Plättchen weitergeben?', 'passing-tiles'),
    ('Wie wird ein Unentschieden entschieden?', 'tie-break'),
    ('Was bringt die Säule auf dem Spielplan?', 'triumphal-column'),
    ('Geht der Vorrat an Arbeitern irgendwann aus?', 'supply'),
    ('Kann ich mein Plättchen zurücklegen?', 'round'),
    ('Wie viele Gesandte darf ich pro Bauwerk einsetzen?', 'envoys'),
]
FR = [
    ('Est-ce que je peux regarder la première tuile avant de prendre la seconde ?', 'round'),
    ("Peut-on reposer une tuile qu'on a déjà regardée ?", 'round'),
    ('On prend les tuiles tous en même temps ?', 'round'),
    ("Une carte rue, c'est une rangée ou une colonne ?", 'round'),
    ('Dans quel sens passe-t-on les tuiles ?', 'passing-tiles'),
    ('À qui je donne mon autre tuile ?', 'passing-tiles'),
    ('Qui commence la manche suivante ?', 'turn-order'),
    ("On joue dans le sens des aiguilles d'une montre ?", 'turn-order'),
    ('Où va un citoyen reçu de mon voisin ?', 'where-tiles-go'),
    ("Que deviennent les tuiles que je n'utilise pas ?", 'where-tiles-go'),
    ("Il n'y a plus de pièces dans la réserve, que faire ?", 'supply'),
    ('Les ouvriers sont-ils limités ?', 'supply'),
    ('À quoi servent les marqueurs multiplicateurs ?', 'supply'),
    ("Le rouge, c'est la même chose que l'orange ?", 'colours'),
    ('Ma couleur de joueur compte-t-elle pour construire ?', 'colours'),
    ('Puis-je construire deux fois dans le même tour ?', 'one-build-per-turn'),
    ('Suis-je obligé de construire à chaque tour ?', 'one-build-per-turn'),
    ("second patricien : où poser l'émissaire ?", 'second-citizen-envoy'),
    ('Quatrième bibliothèque : quelle tuile ai-je le droit de prendre ?', 'fourth-tile'),
    ('Que faire quand une pile de tuiles bâtiment est vide ?', 'tiles-run-out'),
    ('À quoi sert une amélioration ?', 'upgrades'),
    ('Combien de points rapporte une grue au deuxième cycle ?', 'cranes'),
    ('Dois-je payer mes citoyens ?', 'pay-citizens'),
    ('Que se passe-t-il si je ne paie pas un citoyen ?', 'inactive-citizens'),
    ('Comment mettre un émissaire sur un aigle ?', 'eagles'),
    ("Qui gagne en cas d'égalité ?", 'tie-break'),
    ('Puis-je utiliser mes deux tuiles ?', 'tribunes'),
    ("deux ouvriers à la place d'un bâtisseur", 'workers-assistants'),
    ('Combien rapporte une colonne de triomphe ?', 'triumphal-column'),
    ('Mon émissaire doit-il aller dans une zone déjà commencée ?', 'envoys'),
    ('Que gagne-t-on quand on remplit une zone ?', 'area-bonus'),
    ('Avec quoi commence chaque joueur ?', 'set-up'),
    ('emisaire sur un aigle', 'eagles'),
    ("Il n'y a plus de tuile dans ma rue", 'street-cards'),
    ('Différences entre la règle française et la règle anglaise', 'editions'),
    ('illimité', 'supply'),
    ('multiplication', 'supply'),
    ('prestige', 'upgrades'),
    # An audit's questions that once missed.
    ('règles optionnelles', 'readings'),
    ('Y a-t-il assez de bâtisseurs ?', 'supply'),
    ('Y a-t-il assez de pièces pour tout le monde ?', 'supply'),
    # Fresh questions as a table asks them.
    ('Que se passe-t-il si je ne peux pas payer ?', 'inactive-citizens'),
    ('Puis-je construire sur un temple ?', 'building'),
    ('Combien vaut un aigle ?', 'eagles'),
    ('Quel citoyen échange des pièces contre des tribuns ?', 'merchant-ii'),
    ("Que fait l'artisan un ?", 'craftsman-i'),
    ('Comment se décomptent les rangées de ma colonie ?', 'colonia-scoring'),
    ('À quoi sert la réglette de mon plateau ?', 'upgrades'),
    ('Puis-je garder mes deux tuiles ?', 'passing-tiles'),
    ('Que se passe-t-il après la quatrième bibliothèque ?', 'track-end'),
    ('Une tuile double donne-t-elle deux émissaires ?', 'envoys'),
    ('Comment réactiver un citoyen retourné ?', 'inactive-citizens'),
    ('Quand la partie se termine-t-elle ?', 'tie-break'),
    ('Que rapporte un deuxième citoyen dans une rangée ?', 'second-citizen'),
    ('Qui joue en premier ?', 'turn-order'),
    ('Plus de tuiles bâtiment, on fait quoi ?', 'tiles-run-out'),
    ('Peut-on manquer de pièces ?', 'supply'),
    ('Puis-je construire sur une grue ?', 'building'),
    ('Que faire des tuiles en trop ?', 'where-tiles-go'),
    ('Quand compte-t-on les points ?', 'scoring-phase'),
    ('Combien coûte un citoyen à chaque décompte ?', 'pay-citizens'),
    ('Artisan deux : que peut-il échanger ?', 'craftsman-ii'),
    ('Qui commence après une manche ?', 'turn-order'),
    ('Y a-t-il des variantes ?', 'readings'),
    ('La couleur de mes pions a-t-elle une importance ?', 'colours'),
    ('Suis-je obligé de passer une tuile ?', 'passing-tiles'),
    ('Comment départager deux joueurs ?', 'tie-break'),
    ('À quoi sert la colonne sur le plateau ?', 'triumphal-column'),
    ("Les ouvriers peuvent-ils s'épuiser ?", 'supply'),
    ("Puis-je reprendre une tuile que j'ai regardée ?", 'round'),
    ("Combien d'émissaires puis-je poser pour une structure ?", 'envoys'),
]
QUESTIONS = {"en": EN, "de": DE, "fr": FR}


def first_three(lang: str, question: str) -> list[str]:
    return [m.topic for m in load_search_index(lang).rank(question)[:3]]


@pytest.mark.parametrize("lang", LANGS)
def test_at_least_thirty_questions_per_language(lang):
    questions = QUESTIONS[lang]
    assert len(questions) >= 30 and len({q for q, _ in questions}) == len(questions)
    topics = load_topics(lang)
    assert all(want in topics for _, want in questions)


@pytest.mark.parametrize("lang, question, want",
                         [(lang, q, w) for lang, qs in QUESTIONS.items() for q, w in qs])
def test_a_players_question_finds_its_ruling_among_the_first_three(lang, question, want):
    assert want in first_three(lang, question), (question, first_three(lang, question))


@pytest.mark.parametrize("lang", LANGS)
def test_no_question_here_is_taken_for_a_trajan_2011_one(lang):
    """Asked with no game named, these Forum Trajanum questions stay Forum Trajanum's: none
    uses a word of a thing only Trajan (2011) has (tests/test_classic_rules.py)."""
    from trajan_cli.core.topic_search import asks_the_other_game

    taken = [q for q, _ in QUESTIONS[lang]
             if asks_the_other_game(q, load_search_index(lang), lambda: load_search_index(lang, "trajan"))]
    assert taken == []


@pytest.mark.parametrize("lang", LANGS)
def test_most_questions_find_their_ruling_first(lang):
    """Not only among three: the best answer is the right one for nearly every question."""
    first = [want == first_three(lang, q)[0] for q, want in QUESTIONS[lang]]
    assert sum(first) >= 0.8 * len(first)


# --- How words are read -------------------------------------------------------------------

def terms(lang: str, question: str) -> set[str]:
    return {term for unit in load_search_index(lang).units(question) for term, _ in unit}


@pytest.mark.parametrize("lang, one, other", [
    ("en", "color", "colour"), ("en", "neighbor", "neighbour"), ("en", "gray", "grey"),
    ("en", "tiles", "tile"), ("en", "passing", "passed"), ("en", "envoys", "envoy"),
    ("de", "Gesandten", "Gesandter"), ("de", "Plättchen", "plaettchen"), ("de", "Straße", "strasse"),
    ("de", "Baukräne", "Baukran"), ("fr", "émissaires", "emissaire"), ("fr", "tuiles", "tuile"),
    ("fr", "bâtisseurs", "batisseur"),
])
def test_spelling_accents_plurals_and_inflections_read_alike(lang, one, other):
    assert terms(lang, one) & terms(lang, other) - {""}
    assert load_search_index(lang).rank(one)[0] == load_search_index(lang).rank(other)[0]


OWN_TERMS = {  # concept: the word of each edition (en, de, fr)
    "@tile": ("tile", "Plättchen", "tuile"),
    "@envoy": ("envoy", "Gesandter", "émissaire"),
    "@crane": ("crane", "Baukran", "grue"),
    "@builder": ("builder", "Baumeister", "bâtisseur"),
    "@eagle": ("eagle", "Adler", "aigle"),
    "@orange": ("red", "rot", "rouge"),
    "@slide-bar": ("slide bar", "Schieber", "réglette"),
}


@pytest.mark.parametrize("concept, words", OWN_TERMS.items())
def test_the_game_terms_of_every_edition_name_one_concept(concept, words):
    for lang, word in zip(LANGS, words):
        assert concept in terms(lang, word), (lang, word)


@pytest.mark.parametrize("lang, word, concept", [
    ("de", "tile", "@tile"), ("fr", "tile", "@tile"), ("de", "envoy", "@envoy"),
    ("fr", "envoy", "@envoy"), ("en", "Baumeister", "@builder"), ("en", "Plättchen", "@tile"),
    ("en", "grue", "@crane"), ("de", "tuile", "@tile"),
])
def test_another_editions_term_is_understood_too(lang, word, concept):
    assert concept in terms(lang, word)


def test_a_word_keeps_its_own_meaning_in_its_own_language():
    """French "coin" is a corner; English "coin" is money. Each language reads its own."""
    assert "@corner" in terms("fr", "coin") and "@coin" not in terms("fr", "coin")
    assert "@coin" in terms("en", "coin") and "@coin" in terms("de", "coin")


def test_a_german_compound_counts_for_its_parts():
    assert first_three("de", "Karte")[:1] and "trajan-cards" in first_three("de", "Karte")
    parts = terms("de", "Startspielerfigurhalter")  # a compound no ruling uses
    assert "@starting-player" in parts or "startspiel" in parts


@pytest.mark.parametrize("lang, typo, want", [
    ("en", "tirbune", "tribunes"), ("en", "craine", "cranes"), ("en", "eagel", "eagles"),
    ("en", "multiplikation", "supply"), ("de", "Gesanter Adlerfeld", "eagles"),
    ("de", "Bürgr bezahlen", "pay-citizens"), ("fr", "emisaire aigle", "eagles"),
    ("fr", "tribuun", "tribunes"),
])
def test_a_typing_mistake_still_finds_its_ruling(lang, typo, want):
    assert want in first_three(lang, typo)


@pytest.mark.parametrize("lang, question, want", [
    ("en", "craftsman two", "craftsman-ii"), ("en", "craftsman one", "craftsman-i"),
    ("en", "Craftsman II", "craftsman-ii"), ("en", "merchant 2", "merchant-ii"),
    ("en", "patrician I", "patrician-i"), ("de", "Handwerker zwei", "craftsman-ii"),
    ("de", "Händler eins", "merchant-i"), ("fr", "artisan deux", "craftsman-ii"),
    ("fr", "patricien un", "patrician-i"),
])
def test_a_number_after_a_citizen_is_its_ordinal_in_numerals_digits_and_words(lang, question, want):
    assert first_three(lang, question)[0] == want


def test_an_ordinal_reads_alike_however_it_is_written():
    assert terms("en", "craftsman two") == terms("en", "Craftsman II") == terms("en", "craftsman 2")
    assert terms("de", "Handwerker zwei") == terms("de", "Handwerker II")
    assert terms("fr", "artisan un") == terms("fr", "artisan I")
    # Only after a citizen's name: "one" elsewhere is no ordinal, "I" no longer a stopword.
    assert terms("en", "one tile") == terms("en", "one") | terms("en", "tile")
    assert terms("en", "can I build") == terms("en", "build")


@pytest.mark.parametrize("question, joined", [
    ("Gehen die Assistenten irgendwann aus?", "@run-out"),
    ("Wer fängt an?", "@start"),
    ("Gebe ich das Plättchen weiter?", "@pass"),
    ("Lege ich das Plättchen zurück, oder nicht?", "@put-back"),
])
def test_a_german_verbs_particle_at_the_end_of_a_clause_joins_its_verb(question, joined):
    assert joined in terms("de", question)


def test_a_particle_that_makes_no_known_word_is_left_as_it_was():
    assert terms("de", "Baumeister aus") == terms("de", "Baumeister")


def test_a_rare_word_left_unanswered_costs_more_than_a_common_one():
    index = tiny_index({
        "rare-and-common": "crane scores common common",
        "rare-only": "crane scores",
        "common-only": "crane common",
        "a": "common word", "b": "common other", "c": "common thing",
    })
    ranked = [m.topic for m in index.rank("crane scores common")]
    assert ranked[0] == "rare-and-common" and ranked.index("rare-only") < ranked.index("common-only")


def test_a_real_word_is_no_typing_mistake_of_a_longer_one():
    """"work" is not a mistyped "worker": the stemmer had its chance."""
    assert not any(t.startswith("worker") or t == "@worker" for t in terms("en", "work"))


def test_words_of_reads_contractions_card_names_and_numbers():
    assert words_of("Don't I need II-2's 3rd task?") == ["do", "not", "i", "need", "ii-2", "s", "3", "rd", "task"]


def identity(word: str) -> str:
    return word


def tiny_index(topics: dict) -> Index:
    vocabulary = {"stopwords": {"en": "the a"}, "concepts": {}}
    return Index(build_index({k: {"title": k, "words": [], "text": v} for k, v in topics.items()},
                             vocabulary, "en", stem=identity), stem=identity)


def test_a_ruling_that_answers_more_of_the_question_ranks_higher():
    index = tiny_index({
        "one-word": "eagle eagle eagle eagle eagle eagle score score",
        "both-words": "an eagle diagonal to the envoy",
        "other": "market coin",
    })
    assert [m.topic for m in index.rank("eagle diagonal")] == ["both-words", "one-word"]


def test_a_title_word_weighs_more_than_a_text_word():
    vocabulary = {"stopwords": {"en": ""}, "concepts": {}}
    topics = {"titled": {"title": "crane", "words": [], "text": "something else"},
              "texted": {"title": "other", "words": [], "text": "crane something"}}
    index = Index(build_index(topics, vocabulary, "en", stem=identity), stem=identity)
    assert index.rank("crane")[0].topic == "titled"


def test_nothing_known_ranks_nothing():
    assert load_search_index("en").rank("the of and") == []
    assert load_search_index("en").rank("zzzzqqq") == []


# --- The index ships precomputed, and a stale one still answers -----------------------------

@pytest.mark.parametrize("lang", LANGS)
def test_the_shipped_index_is_made_from_the_data_as_it_is(lang):
    shipped = json.loads(search_index_path(lang).read_text(encoding="utf-8"))
    assert shipped["fingerprint"] == search_fingerprint(lang), "run scripts/rules_index.py"
    assert shipped == json.loads(json.dumps(build_search_index(lang), ensure_ascii=False))


def test_a_missing_or_stale_index_is_made_afresh(monkeypatch, tmp_path):
    import trajan_cli.rulesdata as rulesdata

    stale = tmp_path / "en.json"
    stale.write_text(json.dumps({"fingerprint": "stale"}), encoding="utf-8")
    monkeypatch.setattr(rulesdata, "search_index_path", lambda lang, game="forum-trajanum": stale)
    caches = (rulesdata.load_search_index, rulesdata._shipped_index, rulesdata.load_topics)
    for cache in caches:
        cache.cache_clear()
    try:
        assert rulesdata._shipped_index("en") is None
        assert rulesdata.load_search_index("en").rank("orange")[0].topic == "colours"
        assert rulesdata.load_topics("en")["colours"].pages == (18, 19, 23)  # from the TOML
    finally:
        for cache in caches:
            cache.cache_clear()


def test_the_stemmer_loads_one_language_and_stems_as_the_package_does():
    code = (
        "import sys\n"
        "from trajan_cli.core.topic_search import stemmer\n"
        "words = ['Plättchen', 'Gesandten', 'colours', 'émissaires', 'passing']\n"
        "ours = [stemmer(l)(w) for l in ('de', 'en', 'fr') for w in words]\n"
        "loaded = sorted(m for m in sys.modules if m.startswith('snowballstemmer'))\n"
        "import snowballstemmer\n"
        "theirs = [snowballstemmer.stemmer(n).stemWord(w) for n in ('german', 'english', 'french') for w in words]\n"
        "print(ours == theirs, loaded)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    same, loaded = done.stdout.split(" ", 1)
    assert same == "True", done.stderr
    assert "snowballstemmer.spanish_stemmer" not in loaded and "'snowballstemmer'" not in loaded


def test_a_question_loads_no_stemmer_when_every_word_is_known():
    loaded = modules_after(("snowballstemmer.english_stemmer", "questionary", "tabulate"),
                           ["rules", "orange"], ["rules", "can I look at the first tile"])
    assert loaded == []


# --- The command ---------------------------------------------------------------------------

def test_a_question_answers_the_three_best_in_full_then_titles(cli):
    out = cli("rules", "can I look at the first tile before I take the second?").out
    assert out.startswith('Rulings for "can I look at the first tile before I take the second?"')
    full = re.findall(r"^(\d)\. .*\[([a-z0-9-]+)\]$", out, re.M)
    assert [n for n, _ in full] == ["1", "2", "3"] and full[0][1] == "round"
    assert "cannot be put back" in out and out.count("Rulebook: p.") == 3
    assert "Also about it:" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_a_question_as_json(cli):
    answer = cli("rules", "what if a pile of building tiles is empty", "--json").json()
    assert answer["query"] == "what if a pile of building tiles is empty"
    first = answer["topics"][0]
    assert first["topic"] == "tiles-run-out" and first["pages"] == [25, 18]
    assert {"topic", "title", "text", "pages"} <= set(first) and first["text"].startswith("The printed rule")
    assert 3 <= len(answer["topics"]) <= 8


@pytest.mark.parametrize("lang, question, want, page", [
    ("de", "Wer ist in der nächsten Runde Startspieler?", "turn-order", "S. 4"),
    ("fr", "Dans quel sens passe-t-on les tuiles ?", "passing-tiles", "p. 36"),
])
def test_a_question_in_german_and_french(cli, lang, question, want, page):
    result = cli("--lang", lang, "rules", question)
    assert result.code == 0 and f"[{want}]" in result.out.split("\n\n")[1] and page in result.out
    assert cli("--lang", lang, "rules", question, "--json").json()["topics"][0]["topic"] == want


def test_an_exact_topic_name_keeps_its_answer(cli):
    answer = cli("rules", "Cranes", "--json").json()
    assert answer["topic"] == "cranes" and answer["related"] and answer["language"] == "en"
    out = cli("rules", "cranes").out
    assert out.startswith("Construction cranes\n") and "See also:" in out


def test_a_question_nothing_answers_is_one_clear_line(cli):
    result = cli("rules", "zzzz qqqq")
    assert result.code == 2 and "no ruling answers" in result.err and "Traceback" not in result.err


# --- A ruling about something the tool checks says how (item 4) --------------------------------

def check_lines():
    return [(topic.id, line) for topic in load_topics("en").values() for line in topic.check]


def test_rulings_that_the_tool_checks_say_how():
    checked = {topic for topic, _ in check_lines()}
    assert {"building", "envoys", "cranes", "colonia-scoring", "eagles", "largest-area",
            "trajan-cards", "pay-citizens", "craftsman-i", "market", "library"} <= checked


@pytest.mark.parametrize("topic, line", check_lines())
def test_each_check_command_runs_as_written(cli, topic, line, monkeypatch, tmp_path):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    words = shlex.split(line)
    assert words[0] == "trajan"
    args = [str(EXAMPLES_DIR / "tom.toml") if w == "tom.toml"
            else str(EXAMPLES_DIR / "tom-forum.toml") if w == "forum.toml" else w for w in words[1:]]
    if "friday" in args:  # a saved game: the command and its options exist
        path = [w for w in args[:next(i for i, w in enumerate(args) if w.startswith("-") or w == "friday")]]
        result = cli(*path, "--help")
        assert result.code == 0, line
        for option in (w for w in args if w.startswith("--")):
            assert option in result.out, (line, option)
        return
    result = cli(*args)
    assert result.code == 0 and result.out.strip(), (line, result.err)


def test_a_checked_ruling_shows_its_commands(cli):
    out = cli("rules", "building").out
    assert "The tool checks it:\n  trajan check build tom.toml g C1" in out
    assert cli("rules", "building", "--json").json()["check"][0] == "trajan check build tom.toml g C1"


def test_the_rules_page_shows_a_question_answered_as_the_tool_answers_it(cli):
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    block = page.split('$ trajan rules "what if a pile of building tiles is empty?"\n', 1)[1]
    shown = block.split("\n2. ...", 1)[0].splitlines()
    out = cli("rules", "what if a pile of building tiles is empty?").out.splitlines()
    assert out[:len(shown)] == shown


@pytest.mark.parametrize("lang", LANGS)
def test_every_rules_answer_fits_80_columns(cli, lang):
    answers = [cli("--lang", lang, "rules").out]
    answers += [cli("--lang", lang, "rules", topic).out for topic in load_topics(lang)]
    answers += [cli("--lang", lang, "rules", question).out for question, _ in QUESTIONS[lang][:10]]
    for out in answers:
        assert max(len(line) for line in out.splitlines()) <= 80, out


def test_a_question_typed_without_quotes_is_the_same_question(cli):
    """At the table nobody quotes: `trajan rules who starts the next round` is asked as it
    would be with quotes."""
    quoted = cli("rules", "who starts the next round", "--json")
    unquoted = cli("rules", "who", "starts", "the", "next", "round", "--json")
    assert unquoted.code == quoted.code == 0 and unquoted.out == quoted.out
