"""`trajan rules` for Trajan (2011): its topics in three languages (the German rulebook's
pages, S. N, or its headings), found by a question in players' words when the game is a
Trajan one (--variant trajan, --game of a Trajan game) or the question is, and never
mixed up with Forum Trajanum's rulings."""

import json
import shlex
import tomllib

import pytest
from conftest import problems_of

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.topic_search import asks_the_other_game
from trajan_cli.core.vocabulary import FORUM_TRAJANUM, TRAJAN
from trajan_cli.rulesdata import (
    build_search_index,
    data_dir,
    load_classic_readings,
    load_classic_rules,
    load_search_index,
    load_topics,
    search_fingerprint,
    search_index_path,
)

LANGS = ("en", "de", "fr")

# Questions as players ask them at the table (not the rulings' own words), each with the
# ruling that answers it. The rulebook's pages are in the topics (rules_data/rules/classic).
EN = [
    ("the senate vote is tied, who becomes consul", "senate-votes"),
    ("two of us have 5 votes and sit on the same space of the senate", "senate-stack"),
    ("what does the runner-up in the senate get", "senate-votes"),
    ("we can't feed the people, how many points do we lose", "demands"),
    ("can I skip paying bread and just take the minus points", "demands"),
    ("does my bread trajan tile count every quarter", "demands"),
    ("can my score go negative", "negative-score"),
    ("what do I get for loading a ship with four wine cards", "ship-tiles"),
    ("how do I draw cards at the harbour", "harbour"),
    ("my general wants to move to britannia", "military"),
    ("how many points for a province with an enemy soldier already there", "provinces"),
    ("can I send two legionaries into the same province", "provinces"),
    ("how do the mancala stones work", "action-circle"),
    ("I pick up 8 stones, where does the last one land", "action-circle"),
    ("how far does the time stone move", "time-marker"),
    ("when is a round over", "round-end"),
    ("what do I need to complete the trajan tile next to my bowl", "fulfil-trajan-tile"),
    ("what does the +2 marker do", "trajan-special-actions"),
    ("all six places of my circle have trajan tiles, can I still take one", "trajan-action"),
    ("can I place my worker next to somebody else's worker", "construction"),
    ("do I get the bonus action for my second bath tile", "construction"),
    ("can I use two extra action tiles in one turn", "extra-action-tiles"),
    ("my disc is on the 8 space of the senate, can I advance again", "senate-action"),
    ("what happens to unused senate tiles at the end of the quarter", "forum-tiles"),
    ("how much are three identical building tiles worth at the end", "building-sets"),
    ("what does the gray side of the workers bonus tile give", "bonus-tiles"),
    ("we have the same score at the end of the game, who wins", "final-tie-break"),
    ("what counts in the final scoring", "final-scoring"),
    ("how many rounds are there in a quarter", "game-length"),
    ("which trajan tiles do we start with", "classic-set-up"),
]
DE = [
    ("Konsul Senat Stimmen Gleichstand", "senate-votes"),
    ("wir haben beide 5 Stimmen und stehen auf demselben Feld im Senat", "senate-stack"),
    ("was bekommt der Zweite bei der Senatswertung", "senate-votes"),
    ("wie viele Punkte verliere ich, wenn ich kein Brot abgeben kann", "demands"),
    ("darf ich auf den Bedarf verzichten und die Minuspunkte nehmen", "demands"),
    ("zählt mein Brot-Trajanplättchen jedes Quartal", "demands"),
    ("kann mein Punktestand unter null fallen", "negative-score"),
    ("was bringt ein Schiff mit vier gleichen Warenkarten", "ship-tiles"),
    ("wie ziehe ich Karten im Hafen", "harbour"),
    ("mein Feldherr will nach Britannia ziehen", "military"),
    ("wie viele Punkte gibt eine Provinz, in der schon ein fremder Soldat steht", "provinces"),
    ("darf ich zwei Legionäre in dieselbe Provinz stellen", "provinces"),
    ("wie funktioniert das Verteilen der Steine in den Mulden", "action-circle"),
    ("ich nehme 8 Steine auf, wo landet der letzte", "action-circle"),
    ("wie weit zieht der Zeitstein", "time-marker"),
    ("wann ist eine Runde zu Ende", "round-end"),
    ("was brauche ich, um das Trajanplättchen an meiner Mulde zu schaffen", "fulfil-trajan-tile"),
    ("was macht der +2-Marker", "trajan-special-actions"),
    ("an allen sechs Plätzen liegen schon Trajanplättchen, kann ich noch eins nehmen", "trajan-action"),
    ("darf ich meinen Arbeiter neben einen fremden Arbeiter stellen", "construction"),
    ("bekomme ich die Extraaktion auch für mein zweites gleiches Bauplättchen", "construction"),
    ("darf ich zwei Zusatzaktionsplättchen in einem Zug nutzen", "extra-action-tiles"),
    ("meine Scheibe steht auf dem 8er-Feld im Senat, darf ich weiter vorrücken", "senate-action"),
    ("was passiert mit ungenutzten Senatsplättchen am Quartalsende", "forum-tiles"),
    ("wie viel sind drei gleiche Gebäude am Ende wert", "building-sets"),
    ("was bringt die graue Seite der Arbeiter-Bonustafel", "bonus-tiles"),
    ("wir haben am Ende gleich viele Punkte, wer gewinnt", "final-tie-break"),
    ("was zählt bei der Schlusswertung", "final-scoring"),
    ("wie viele Runden hat ein Quartal", "game-length"),
    ("mit welchen Trajanplättchen fangen wir an", "classic-set-up"),
]
FR = [
    ("égalité de voix au sénat, qui devient consul", "senate-votes"),
    ("nous avons 5 voix et sommes sur la même case du sénat", "senate-stack"),
    ("que gagne le deuxième au sénat", "senate-votes"),
    ("on ne peut pas nourrir le peuple, combien de points perd-on", "demands"),
    ("puis-je refuser de donner du pain et prendre le malus", "demands"),
    ("ma tuile trajan pain compte-t-elle à chaque trimestre", "demands"),
    ("mon score peut-il devenir négatif", "negative-score"),
    ("que rapporte un bateau chargé de quatre cartes vin", "ship-tiles"),
    ("comment piocher des cartes au port", "harbour"),
    ("mon général veut aller en britannia", "military"),
    ("combien de points pour une province où se trouve déjà un soldat adverse", "provinces"),
    ("puis-je envoyer deux légionnaires dans la même province", "provinces"),
    ("comment marche le mancala avec les pierres", "action-circle"),
    ("je ramasse 8 pierres, où tombe la dernière", "action-circle"),
    ("de combien avance le marqueur de temps", "time-marker"),
    ("quand une manche est-elle finie", "round-end"),
    ("que faut-il pour accomplir la tuile trajan à côté de mon bol", "fulfil-trajan-tile"),
    ("à quoi sert le marqueur +2", "trajan-special-actions"),
    ("les six places de mon cercle ont des tuiles trajan, puis-je en prendre une autre", "trajan-action"),
    ("puis-je poser mon ouvrier à côté de l'ouvrier d'un autre joueur", "construction"),
    ("ai-je l'action en plus pour ma deuxième tuile construction du même symbole", "construction"),
    ("puis-je utiliser deux tuiles d'action supplémentaire dans un tour", "extra-action-tiles"),
    ("mon disque est sur la case 8 du sénat, puis-je encore avancer", "senate-action"),
    ("que deviennent les tuiles sénat inutilisées en fin de trimestre", "forum-tiles"),
    ("combien valent trois bâtiments identiques à la fin", "building-sets"),
    ("que donne la face grise de la tuile bonus des ouvriers", "bonus-tiles"),
    ("nous avons le même score à la fin, qui gagne", "final-tie-break"),
    ("qu'est-ce qui compte au décompte final", "final-scoring"),
    ("combien de manches dans un trimestre", "game-length"),
    ("avec quelles tuiles trajan commence-t-on", "classic-set-up"),
]
QUESTIONS = {"en": EN, "de": DE, "fr": FR}


def top3(lang: str, question: str) -> list[str]:
    return [m.topic for m in load_search_index(lang, TRAJAN).rank(question)[:3]]


@pytest.mark.parametrize("lang", LANGS)
def test_at_least_twenty_trajan_questions_per_language(lang):
    assert len(QUESTIONS[lang]) >= 20
    topics = load_topics(lang, TRAJAN)
    assert all(want in topics for _, want in QUESTIONS[lang])


@pytest.mark.parametrize("lang, question, want",
                         [(lang, q, w) for lang, qs in QUESTIONS.items() for q, w in qs])
def test_a_players_trajan_question_finds_its_ruling_among_the_first_three(lang, question, want):
    assert want in top3(lang, question), top3(lang, question)


@pytest.mark.parametrize("lang", LANGS)
def test_most_trajan_questions_find_their_ruling_first(lang):
    first = sum(top3(lang, q)[:1] == [w] for q, w in QUESTIONS[lang])
    assert first >= 0.75 * len(QUESTIONS[lang])


# --- Which game a question is about -----------------------------------------------------

# Questions in Trajan's own words (senate, consul, legionaries, bowls, the people's
# demands): asked with no game named, they are Trajan questions.
TRAJAN_WORDS = {
    "en": [("the senate vote is tied, who becomes consul", "senate-votes"),
           ("can I send two legionaries into the same province", "provinces"),
           ("how do the mancala stones work", "action-circle"),
           ("my general wants to move to britannia", "military"),
           ("how many points do I lose if the people have no bread", "demands")],
    "de": [("Konsul Senat Stimmen Gleichstand", "senate-votes"),
           ("darf ich zwei Legionäre in dieselbe Provinz stellen", "provinces"),
           ("ich nehme 8 Steine auf, wo landet der letzte", "action-circle"),
           ("mein Feldherr will nach Britannia ziehen", "military"),
           ("was bekommt der Zweite im Senat", "senate-votes")],
    "fr": [("égalité de voix au sénat, qui devient consul", "senate-votes"),
           ("puis-je envoyer deux légionnaires dans la même province", "provinces"),
           ("je ramasse 8 pierres, où tombe la dernière", "action-circle"),
           ("mon général veut aller en britannia", "military"),
           ("on ne peut pas nourrir le peuple, combien de points perd-on", "demands")],
}


def _trajan_question(lang: str, question: str) -> bool:
    return asks_the_other_game(question, load_search_index(lang), lambda: load_search_index(lang, TRAJAN))


@pytest.mark.parametrize("lang, question, want",
                         [(lang, q, w) for lang, qs in TRAJAN_WORDS.items() for q, w in qs])
def test_a_question_in_trajans_words_is_a_trajan_question(cli, lang, question, want):
    assert _trajan_question(lang, question)
    answer = cli("--lang", lang, "rules", question, "--json").json()
    assert answer["game"] == TRAJAN
    assert want in [t["topic"] for t in answer["topics"][:3]]
    assert all(t["game"] == TRAJAN for t in answer["topics"])


def test_naming_the_game_makes_a_trajan_question():
    assert _trajan_question("en", "in Trajan 2011, what happens on a tie")
    assert _trajan_question("de", "Gleichstand im klassischen Trajan")
    assert not _trajan_question("en", "what happens on a tie")  # Forum Trajanum's tie-break


def test_the_german_senate_tie_gets_trajans_senate_ruling_not_forum_trajanums_tie_break_s9(cli):
    """„Konsul Senat Stimmen Gleichstand“: level on votes, the disc further along the track
    (and on one space the one on top) wins the senate (S. 9)."""
    for extra in ((), ("--variant", "trajan")):
        answer = cli("--lang", "de", "rules", "Konsul Senat Stimmen Gleichstand", *extra, "--json").json()
        found = [t["topic"] for t in answer["topics"]]
        assert answer["game"] == TRAJAN and "tie-break" not in found
        assert {"senate-votes", "senate-stack"} <= set(found[:3])
        assert 9 in answer["topics"][0]["pages"] and answer["topics"][0]["edition_pages"][0] == "S. 9"
    out = cli("--lang", "de", "rules", "Konsul Senat Stimmen Gleichstand").out
    assert out.startswith("Trajan (2011)")


def test_a_forum_trajanum_question_gets_no_trajan_topic(cli):
    answer = cli("rules", "who wins a tie", "--json").json()
    forum = set(load_topics("en"))
    assert answer["game"] == FORUM_TRAJANUM and answer["topics"][0]["topic"] == "tie-break"
    assert all(t["topic"] in forum and t["game"] == FORUM_TRAJANUM for t in answer["topics"])
    # Named as Forum Trajanum, even Trajan's words get Forum Trajanum's rulings, or none.
    result = cli("rules", "Konsul Senat Stimmen Gleichstand", "--variant", "forum-trajanum", "--json")
    assert result.code != 0 or all(t["topic"] in forum for t in result.json()["topics"])


# --- The command ----------------------------------------------------------------------


def test_a_saved_trajan_game_answers_with_trajans_rules(cli, monkeypatch, tmp_path):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    assert cli("game", "new", "rome", "-p", "Ann", "-p", "Bob", "--variant", "trajan").code == 0
    assert cli("game", "new", "friday", "-p", "Ann", "-p", "Bob").code == 0
    answer = cli("rules", "who wins a tie", "--game", "rome", "--json").json()
    assert answer["game"] == TRAJAN and answer["topics"][0]["topic"] == "final-tie-break"
    answer = cli("rules", "who wins a tie", "--game", "friday", "--json").json()
    assert answer["game"] == FORUM_TRAJANUM and answer["topics"][0]["topic"] == "tie-break"
    listing = cli("rules", "--game", "rome", "--json").json()
    assert listing["game"] == TRAJAN and {t["id"] for t in listing["topics"]} == set(load_topics("en", TRAJAN))
    both = cli("rules", "senate", "--game", "friday", "--variant", "trajan")
    assert both.code == 2 and "Forum Trajanum" in both.err and len(problems_of(both.err)) == 1


def test_an_unknown_variant_is_one_clear_line(cli):
    result = cli("rules", "senate", "--variant", "trajan2")
    assert result.code == 2 and "forum-trajanum, trajan" in result.err and "Traceback" not in result.err


def test_a_topic_only_trajan_has_is_found_by_its_name(cli):
    out = cli("rules", "senate-votes").out
    assert out.startswith("Trajan (2011), German rulebook:")
    assert "Rulebook of Trajan (2011), German edition: S. 9" in out
    assert cli("rules", "readings", "--json").json().get("readings")  # Forum Trajanum's own


def test_the_topic_list_names_trajans_topics_apart(cli):
    out = cli("rules").out
    assert "trajan rules --variant trajan" in out and "senate-votes" not in out
    out = cli("rules", "--variant", "trajan").out
    assert "senate-votes" in out and "eagles" not in out


def test_the_readings_of_trajan_are_listed_with_their_sources(cli):
    answer = cli("rules", "readings", "--variant", "trajan", "--json").json()
    assert "readings" not in answer  # no house rule switches them for Trajan games
    listed = {r["name"]: r for r in answer["committed"]}
    assert set(listed) == set(load_classic_readings()) >= {"start-bowl", "senate-position",
                                                           "final-tie-break", "building-jokers"}
    assert all(r["source"] and r["reading"] and r["section"] for r in listed.values())
    out = cli("rules", "readings", "--variant", "trajan").out
    assert "start-bowl („Aktionssteine umverteilen“)" in out and "Source: " in out
    german = cli("--lang", "de", "rules", "readings", "--variant", "trajan").out
    assert "Quelle: " in german and "Source: " not in german


def test_the_start_bowl_reading_is_the_one_classic_move_plays():
    """The reading listed is the one the referee follows: 6 stones from bowl 1 end in bowl 1,
    a 7th goes on to bowl 2 („Aktionssteine umverteilen“)."""
    from trajan_cli.core.classic.circle import sow
    from trajan_cli.core.classic.vocabulary import Stone

    y, o, g, w = Stone.YELLOW, Stone.ORANGE, Stone.GREEN, Stone.WHITE
    rules = load_classic_rules()
    assert "not skipped" in load_classic_readings()["start-bowl"].reading
    assert sow([[y, y, o, o, g, g], [w], [], [], [], []], 1, rules).target == 1
    assert sow([[y, y, o, o, g, g, w], [w], [], [], [], []], 1, rules).target == 2


# --- The data -------------------------------------------------------------------------


def _toml(name: str) -> dict:
    return tomllib.loads((data_dir() / "rules" / "classic" / name).read_text(encoding="utf-8"))


def test_every_trajan_topic_exists_in_every_language_and_stays_apart_from_forum_trajanums():
    ids = set(_toml("topics.toml"))
    for lang in LANGS:
        assert set(load_topics(lang, TRAJAN)) == ids
    assert ids & set(load_topics("en")) == {"readings"}


def test_every_trajan_topic_cites_the_german_rulebook():
    """Pages only where the rulebook pins them (S. 8-9 by its cross-references to the end of
    a round, a quarter and the game, S. 11 to the tiles), else its headings."""
    pinned = {8, 9, 11}
    for topic in load_topics("en", TRAJAN).values():
        assert set(topic.pages) <= pinned, topic.id
        assert topic.pages or topic.sections or topic.id == "readings", topic.id


@pytest.mark.parametrize("lang", LANGS)
def test_the_demands_ruling_says_the_penalties_the_tool_scores_s9(lang):
    text = load_topics(lang, TRAJAN)["demands"].text
    for unmet, points in load_classic_rules().needs_penalty.items():
        if unmet:
            assert f"{points}" in text, (lang, points)


@pytest.mark.parametrize("lang", LANGS)
def test_the_ship_ruling_says_the_values_the_tool_scores_hafen_aktion(lang):
    text = load_topics(lang, TRAJAN)["ship-tiles"].text
    for sides in load_classic_rules().ship.values():
        for values in sides.values():
            assert ", ".join(map(str, values)) in text, (lang, values)


@pytest.mark.parametrize("lang", LANGS)
def test_the_final_scoring_ruling_says_the_set_values_the_tool_scores_s9(lang):
    text = load_topics(lang, TRAJAN)["building-sets"].text
    assert all(str(points) in text for points in load_classic_rules().construction_sets.values())


@pytest.mark.parametrize("lang", LANGS)
def test_the_shipped_trajan_index_is_made_from_the_data_as_it_is(lang):
    shipped = json.loads(search_index_path(lang, TRAJAN).read_text(encoding="utf-8"))
    assert shipped["fingerprint"] == search_fingerprint(lang, TRAJAN), "run scripts/rules_index.py"
    assert shipped == json.loads(json.dumps(build_search_index(lang, TRAJAN), ensure_ascii=False))


def check_lines():
    return [(topic.id, line) for topic in load_topics("en", TRAJAN).values() for line in topic.check]


@pytest.mark.parametrize("topic, line", check_lines())
def test_each_trajan_check_command_runs_as_written(cli, topic, line):
    words = shlex.split(line)
    assert words[0] == "trajan"
    result = cli(*words[1:])
    assert result.code == 0 and result.out.strip(), (line, result.err)


@pytest.mark.parametrize("lang", LANGS)
def test_every_trajan_rules_answer_fits_80_columns(cli, lang):
    answers = [cli("--lang", lang, "rules", "--variant", "trajan").out]
    answers += [cli("--lang", lang, "rules", topic, "--variant", "trajan").out for topic in load_topics(lang, TRAJAN)]
    answers += [cli("--lang", lang, "rules", q, "--variant", "trajan").out for q, _ in QUESTIONS[lang][:8]]
    for out in answers:
        assert max(len(line) for line in out.splitlines()) <= 80, out


# --- trajan demo classic ---------------------------------------------------------------


def test_the_classic_demo_plays_the_rulebooks_quarter_end_examples_s9(cli):
    """The demands example (bread unmet: -4, the games tile given, the Trajan tile kept) and
    the senate example (level on the track with Green's disc on top, Brown's senate tile of 3
    makes it 8 to 5: Brown consul, Green deputy), S. 9."""
    result = cli("demo", "classic")
    assert result.code == 0, result.err
    out = result.out
    assert "Met 2, unmet 1 (bread): -4 points" in out
    assert "Trajan tiles used (they stay): 1 religion" in out and "Forum tiles given up: 1 games" in out
    assert "1. Brown: 8 votes (track 5 + senate tiles 3)" in out and "2. Green: 5 votes" in out
    assert "Consul: Brown" in out and "Deputy: Green" in out


def test_the_classic_demo_scores_the_golden_games_end_as_worked_out_by_hand_s9(cli):
    out = cli("demo", "classic").out
    assert "The rulebook prints no worked example of a final scoring" in out
    assert "Total: 47" in out  # Ann, from the board kept after quarter IV
    assert "Bob wins with 106 points (tie on points, decided by the position in the senate)" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_the_classic_demo_speaks_german_and_french(cli):
    for lang, words in (("de", ("Konsul: Brown", "Stellvertreter")), ("fr", ("Consul : Brown", "Green vice-consul"))):
        result = cli("--lang", lang, "demo", "classic")
        said = " ".join(result.out.split())
        assert result.code == 0 and all(w in said for w in words), result.out
        assert "The rulebook prints no worked example" not in result.out


def test_the_demo_record_is_the_golden_game_of_the_tests():
    from pathlib import Path

    shipped = (EXAMPLES_DIR / "classic-golden-3p.txt").read_text(encoding="utf-8")
    golden = (Path(__file__).parent / "records" / "classic-golden-3p.txt").read_text(encoding="utf-8")
    assert shipped == golden


def test_an_unknown_demo_is_one_clear_line(cli):
    result = cli("demo", "chess")
    assert result.code == 2 and "forum-trajanum, classic" in result.err
