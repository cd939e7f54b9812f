"""`trajan rules QUESTION` with fresh questions, and a question that finds nothing (issue 29).

The questions below were written afresh as a new player asks them while learning the game,
in a player's words and not in the rulings' own (a park for a green structure, face down for
an inactive citizen, playing a tile for using it, closing an area for completing it). Each
must find the ruling that answers it among the first three. The questions the issue names
must find it first, above the readings topic and above rulings that merely share a word.
"""

from __future__ import annotations

import pytest

from trajan_cli.rulesdata import load_search_index, load_topics

LANGS = ("en", "de", "fr")

EN = [
    ("how long does a game last", "course-of-game"),
    ("how many rounds are there in total", "course-of-game"),
    ("what goes on the column when the second cycle starts", "course-of-game"),
    ("when do we count points", "scoring-phase"),
    ("how many mosaic boards do we need with three players", "board-set-up"),
    ("do we see all the trajan cards from the beginning", "board-set-up"),
    ("which side of my board do we use the first time", "player-boards"),
    ("is the back of the player board different for everyone", "player-boards"),
    ("how do I get citizens?", "citizens"),
    ("what are the six citizens good for", "citizens"),
    ("how many spaces does each benefit track have", "benefit-tracks"),
    ("what do I get for building a market", "market"),
    ("I only have a blue worker but I want to build a green park. Is that allowed?", "building"),
    ("My first merchant in a row is face down. If I put a second merchant there, does the "
     "first one come back?", "inactive-citizens"),
    ("what happens to a citizen tile I decide not to use", "where-tiles-go"),
    ("can I play both my tiles this turn", "tribunes"),
    ("what is the tile at the river for", "set-up"),
    ("who gets the starting player figure after the last round of a cycle", "turn-order"),
    ("can I put an envoy on any square I like", "envoys"),
    ("what do envoys next to an eagle score", "eagles"),
    ("what are the crane tiles in the corners for", "cranes"),
    ("what if two of us end with equal points", "tie-break"),
    ("do citizens cost money", "pay-citizens"),
    ("my citizen got flipped over, how do I get it back", "inactive-citizens"),
    ("how many building tiles can I place per turn", "one-build-per-turn"),
    ("can I still build with no envoy left on my ship", "envoys"),
    ("I just closed the last free field of a colour in the forum, what do I get", "area-bonus"),
    ("what does the merchant in row four do", "merchant-ii"),
    ("the street I must take from is empty, now what", "street-cards"),
    ("can I look at the tile my neighbour hands me straight away", "passing-tiles"),
    ("what happens if the bank has no assistants left", "supply"),
    ("can we run out of double tiles", "tiles-run-out"),
    ("how are points for my biggest group of envoys worked out", "largest-area"),
    ("what do I score for a triumphal column", "triumphal-column"),
    ("what do I pay for a double tile with a library and a house", "building"),
    ("is there an easier way to play for beginners", "intro-game"),
    ("I placed a second citizen in the top row, where can its envoy go", "second-citizen-envoy"),
    ("after my fourth market I take a tile, which one", "fourth-tile"),
    ("what changes when my slider moves right", "upgrades"),
    ("are the German rules different", "editions"),
    ("which open cases can we settle ourselves as a house rule", "readings"),
    ("what does the third library give", "library"),
    ("how does a row with two gray buildings of the same kind score", "colonia-scoring"),
    ("do I have to build structures in my own colour", "colours"),
    ("who plays after me", "turn-order"),
]
DE = [
    ("Wie lange dauert eine Partie?", "course-of-game"),
    ("Wie viele Runden spielen wir insgesamt?", "course-of-game"),
    ("Was passiert mit den Säulenteilen am Anfang eines Durchgangs?", "course-of-game"),
    ("Wann wird gezählt?", "scoring-phase"),
    ("Wie viele Mosaiktableaus brauchen wir zu dritt?", "board-set-up"),
    ("Liegen die Trajankarten von Anfang an offen?", "board-set-up"),
    ("Welche Seite vom Spielertableau nehmen wir beim ersten Mal?", "player-boards"),
    ("Ist die Rückseite der Tableaus bei allen gleich?", "player-boards"),
    ("Wie bekomme ich Bürger?", "citizens"),
    ("Wofür sind die Bürger überhaupt gut?", "citizens"),
    ("Wie viele Felder hat eine Prämienleiste?", "benefit-tracks"),
    ("Was bekomme ich, wenn ich einen Markt baue?", "market"),
    ("Ich habe nur einen blauen Arbeiter, will aber einen grünen Park bauen. Geht das?", "building"),
    ("Mein erster Händler liegt umgedreht. Wird er wieder aktiv, wenn ich einen zweiten Händler "
     "dazulege?", "inactive-citizens"),
    ("Ich habe eben das letzte leere Feld einer Farbe im Forum zugemacht. Was kriege ich dafür?",
     "area-bonus"),
    ("Was mache ich mit den Gesandten?", "envoys"),
    ("Was passiert mit einem Bürgerplättchen, das ich nicht nutze?", "where-tiles-go"),
    ("Kann ich in einem Zug beide Plättchen spielen?", "tribunes"),
    ("Wozu ist das Plättchen am Fluss?", "set-up"),
    ("Wer bekommt nach der letzten Runde eines Durchgangs die Startspielerfigur?", "turn-order"),
    ("Was zählen Gesandte neben einem Adler?", "eagles"),
    ("Wozu sind die Kräne in den Ecken?", "cranes"),
    ("Was, wenn zwei Spieler am Ende gleich viele Punkte haben?", "tie-break"),
    ("Kosten Bürger Geld?", "pay-citizens"),
    ("Wie viele Bauplättchen darf ich pro Zug legen?", "one-build-per-turn"),
    ("Darf ich bauen, wenn kein Gesandter mehr auf meinem Schiff ist?", "envoys"),
    ("Was ist der Flächenbonus?", "area-bonus"),
    ("Was kann der Händler in Zeile vier?", "merchant-ii"),
    ("Meine Straße ist leer, was nun?", "street-cards"),
    ("Darf ich mir das Plättchen vom Nachbarn sofort anschauen?", "passing-tiles"),
    ("Was, wenn keine Assistenten mehr in der Bank sind?", "supply"),
    ("Können die Doppelplättchen ausgehen?", "tiles-run-out"),
    ("Wie zählt meine größte zusammenhängende Gruppe im Forum?", "largest-area"),
    ("Was bringt mir eine Siegessäule?", "triumphal-column"),
    ("Was brauche ich für ein Doppelplättchen mit Bibliothek und Haus?", "building"),
    ("Gibt es eine leichtere Partie für Anfänger?", "intro-game"),
    ("Ich habe einen zweiten Bürger in die oberste Zeile gelegt, wohin darf der Gesandte?",
     "second-citizen-envoy"),
    ("Nach dem vierten Markt bekomme ich ein Plättchen, welches?", "fourth-tile"),
    ("Was ändert sich, wenn der Schieber nach rechts rückt?", "upgrades"),
    ("Ist die französische Regel anders?", "editions"),
    ("Welche offenen Fälle können wir als Hausregel entscheiden?", "readings"),
    ("Was gibt die dritte Bibliothek?", "library"),
    ("Wie wird eine Zeile mit zwei gleichen grauen Gebäuden gewertet?", "colonia-scoring"),
    ("Muss ich Bauwerke in meiner eigenen Farbe bauen?", "colours"),
    ("Wer ist nach mir dran?", "turn-order"),
]
FR = [
    ("Combien de temps dure une partie ?", "course-of-game"),
    ("Combien de manches en tout ?", "course-of-game"),
    ("Que fait-on des morceaux de colonne au début d'un cycle ?", "course-of-game"),
    ("Quand est-ce qu'on compte les points ?", "scoring-phase"),
    ("Combien de plateaux mosaïque à trois joueurs ?", "board-set-up"),
    ("Les cartes Trajan sont-elles visibles dès le début ?", "board-set-up"),
    ("Quelle face du plateau personnel pour la première partie ?", "player-boards"),
    ("Le verso du plateau est-il le même pour tout le monde ?", "player-boards"),
    ("Comment obtenir des citoyens ?", "citizens"),
    ("À quoi servent les citoyens ?", "citizens"),
    ("Combien de cases sur une piste de primes ?", "benefit-tracks"),
    ("Que gagne-t-on en construisant un marché ?", "market"),
    ("Je n'ai qu'un ouvrier bleu mais je veux construire un parc vert, c'est permis ?", "building"),
    ("Mon premier marchand est retourné. Si j'en pose un second dans la rangée, revient-il ?",
     "inactive-citizens"),
    ("Est-ce que je peux jouer mes deux tuiles dans le même tour ?", "tribunes"),
    ("Que faire de mes émissaires ?", "envoys"),
    ("J'ai fermé la dernière case libre d'une couleur au Forum, qu'est-ce que je gagne ?",
     "area-bonus"),
    ("Que devient une tuile citoyen que je n'utilise pas ?", "where-tiles-go"),
    ("À quoi sert la tuile près du fleuve ?", "set-up"),
    ("Qui reçoit la figurine de premier joueur après la dernière manche d'un cycle ?", "turn-order"),
    ("Combien rapporte un émissaire à côté d'un aigle ?", "eagles"),
    ("À quoi servent les grues dans les angles ?", "cranes"),
    ("Et si deux joueurs finissent avec autant de points ?", "tie-break"),
    ("Les citoyens coûtent-ils des pièces ?", "pay-citizens"),
    ("Combien de tuiles bâtiment puis-je poser par tour ?", "one-build-per-turn"),
    ("Puis-je construire sans émissaire sur mon navire ?", "envoys"),
    ("C'est quoi, le bonus de zone ?", "area-bonus"),
    ("Que fait le marchand de la rangée quatre ?", "merchant-ii"),
    ("Ma rue est vide, que faire ?", "street-cards"),
    ("Puis-je regarder tout de suite la tuile que mon voisin me donne ?", "passing-tiles"),
    ("Et si la banque n'a plus d'assistants ?", "supply"),
    ("Les tuiles doubles peuvent-elles manquer ?", "tiles-run-out"),
    ("Comment compte mon plus grand groupe d'émissaires ?", "largest-area"),
    ("Que me rapporte une colonne de triomphe ?", "triumphal-column"),
    ("Que faut-il payer pour une tuile double avec une bibliothèque et une maison ?", "building"),
    ("Y a-t-il une façon plus simple de jouer pour débuter ?", "intro-game"),
    ("J'ai posé un second citoyen dans la rangée du haut, où va son émissaire ?",
     "second-citizen-envoy"),
    ("Après mon quatrième marché je prends une tuile, laquelle ?", "fourth-tile"),
    ("Que change le déplacement de la réglette vers la droite ?", "upgrades"),
    ("La règle allemande est-elle différente ?", "editions"),
    ("Quels cas ouverts peut-on trancher en règle maison ?", "readings"),
    ("Que donne la troisième bibliothèque ?", "library"),
    ("Comment compte une rangée avec deux bâtiments gris identiques ?", "colonia-scoring"),
    ("Dois-je construire dans ma couleur de joueur ?", "colours"),
    ("Qui joue après moi ?", "turn-order"),
]
QUESTIONS = {"en": EN, "de": DE, "fr": FR}

#: The issue's questions in players' words, each with the ruling that answers it: first.
FIRST = [
    ("en", "I only have a blue worker but I want to build a green park. Is that allowed?", "building"),
    ("en", "My first merchant in a row is face down. If I put a second merchant there, does the "
           "first one come back?", "inactive-citizens"),
    ("de", "Ich habe eben das letzte leere Feld einer Farbe im Forum zugemacht. Was kriege ich dafür?",
     "area-bonus"),
    ("fr", "Est-ce que je peux jouer mes deux tuiles dans le même tour ?", "tribunes"),
    ("en", "how do I get citizens?", "citizens"),
    ("fr", "Comment obtenir des citoyens ?", "citizens"),
    ("de", "Was mache ich mit den Gesandten?", "envoys"),
    ("en", "what do I do with my envoys?", "envoys"),
    ("fr", "Que faire de mes émissaires ?", "envoys"),
]


def ranked(lang: str, question: str) -> list[str]:
    return [m.topic for m in load_search_index(lang).rank(question)]


@pytest.mark.parametrize("lang", LANGS)
def test_at_least_forty_fresh_questions_per_language(lang):
    questions = QUESTIONS[lang]
    assert len(questions) >= 40 and len({q for q, _ in questions}) == len(questions)
    topics = load_topics(lang)
    assert all(want in topics for _, want in questions)


@pytest.mark.parametrize("lang, question, want",
                         [(lang, q, w) for lang, qs in QUESTIONS.items() for q, w in qs])
def test_a_fresh_question_finds_its_ruling_among_the_first_three(lang, question, want):
    assert want in ranked(lang, question)[:3], (question, ranked(lang, question)[:3])


@pytest.mark.parametrize("lang", LANGS)
def test_most_fresh_questions_find_their_ruling_first(lang):
    first = [ranked(lang, q)[:1] == [want] for q, want in QUESTIONS[lang]]
    assert sum(first) >= 0.8 * len(first)


@pytest.mark.parametrize("lang, question, want", FIRST)
def test_the_issues_questions_find_their_ruling_first(lang, question, want):
    found = ranked(lang, question)
    assert found[0] == want, found[:5]


@pytest.mark.parametrize("lang, question", [
    ("en", "I only have a blue worker but I want to build a green park. Is that allowed?"),
    ("en", "how do I get citizens?"),
    ("de", "Was mache ich mit den Gesandten?"),
    ("fr", "Est-ce que je peux jouer mes deux tuiles dans le même tour ?"),
])
def test_the_readings_topic_does_not_push_above_the_ruling(lang, question):
    found = ranked(lang, question)
    assert "readings" not in found[:1]


# --- A question that matches nothing says so (item 9) ---------------------------------------

@pytest.mark.parametrize("lang, question, said", [
    ("en", "no-such-topic-xyz", "no ruling answers these words"),
    ("en", "qwertzuiop blubb", "no ruling answers these words"),
    ("en", "no such thing", "no ruling answers these words"),
    ("de", "kein-solches-thema-xyz", "keine Regelung passt zu diesen Wörtern"),
    ("de", "Hallo Welt", "keine Regelung passt zu diesen Wörtern"),
    ("fr", "aucun-sujet-xyz", "aucune réponse ne correspond à ces mots"),
    ("fr", "bonjour le monde", "aucune réponse ne correspond à ces mots"),
])
def test_a_question_nothing_answers_says_so_and_exits_2(cli, lang, question, said):
    """Words that only say whether or how many ("no", "kein", "aucun") answer nothing."""
    assert load_search_index(lang).rank(question) == []
    result = cli("--lang", lang, "rules", question)
    assert result.code == 2 and result.out == ""
    message = " ".join(result.err.split())
    assert said in message and "'trajan rules'" in message and "Traceback" not in message
    assert cli("--lang", lang, "rules", question, "--json").code == 2


@pytest.mark.parametrize("lang, typed, meant, said", [
    ("en", "turnorder", "turn-order", "did you mean turn-order?"),
    ("en", "coloniascoring", "colonia-scoring", "did you mean colonia-scoring?"),
    ("de", "intr-gam", "intro-game", "meintest du intro-game?"),
    ("fr", "turnorder", "turn-order", "vouliez-vous dire turn-order ?"),
])
def test_a_mistyped_topic_name_is_answered_with_the_closest_names(cli, lang, typed, meant, said):
    result = cli("--lang", lang, "rules", typed)
    message = " ".join(result.err.split())
    assert result.code == 2 and said in message, message
    assert cli("--lang", lang, "rules", meant).code == 0


def test_a_ruling_sharing_only_a_generic_word_is_no_answer():
    """"not" alone answers nothing; with "pay" it finds the payment, and only rulings that
    answer "pay" come back."""
    index = load_search_index("en")
    assert index.rank("not") == [] and index.rank("two") == [] and index.rank("must") == []
    found = [m.topic for m in index.rank("not pay")]
    assert found[0] in ("pay-citizens", "inactive-citizens")
    assert all("@pay" in index.docs[t] or "pay" in index.docs[t] for t in found)


def test_the_rules_page_shows_a_mistyped_topic_as_the_tool_answers_it(cli):
    from pathlib import Path

    page = (Path(__file__).resolve().parent.parent / "docs" / "rules.md").read_text(encoding="utf-8")
    shown = page.split("$ trajan rules turnorder\n", 1)[1].split("\n```", 1)[0]
    result = cli("rules", "turnorder")
    assert result.code == 2 and " ".join(result.err.split()) == " ".join(shown.split())
