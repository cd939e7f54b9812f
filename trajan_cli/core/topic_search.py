"""The rulings that answer a question in a player's own words (`trajan rules QUESTION`).

Every word of a ruling (its title, search words and text) and of a question goes through
the same steps: case and accents are set aside, the Snowball stemmer of the language
takes off endings ("tiles" and "tile", "Plättchen" and "plattchen" become one stem), and
the concepts of rules_data/rules/search.toml add what the word names ("tile", "Plättchen"
and "tuile" are one concept, "color" and "colour" too). A German compound also counts
for its known parts ("Coloniaplättchen" for "Plättchen"). A word of the question that no
ruling uses is read as the closest word that one does (difflib), so that a typing mistake
still finds its ruling. A number after a citizen's name is its ordinal ("Craftsman II",
"craftsman two" and "Handwerker zwei" read alike), and a German verb's particle left at
the end of a clause joins its verb again ("Gehen die Assistenten aus?" asks "ausgehen").

Rulings are ranked with BM25 (a word of the title weighs more than one of the text), and
a ruling that answers more of the question's words ranks above one that answers fewer;
a rare word left unanswered costs more than a common one. A word that only says how much
or whether (the generic concepts of search.toml: "no", "two", "must") answers nothing on
its own: a ruling that shares no other word with the question is not among the answers,
so a question of such words alone ("no such topic") finds no ruling.

The index is plain data (JSON-ready): :func:`build_index` makes it, and it ships
precomputed (scripts/rules_index.py), so that a question needs neither the index build
nor, usually, the stemmer: only a word that no ruling and no concept uses is stemmed.
"""

from __future__ import annotations

import functools
import math
import re
import unicodedata
from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from .topics import INDEX_FORMAT as FORMAT  # the index's layout: changes with it

#: How much a word weighs by where it stands in a ruling.
FIELD_WEIGHTS = (("title", 3.0), ("words", 2.0), ("text", 1.0))
#: A concept term in the index ("@tile"); a stem never starts with "@".
CONCEPT = "@"
#: A part of a compound, or a word of a phrase, counts less than the word itself.
PART_WEIGHT = 0.6
PHRASE_WORD_WEIGHT = 0.5
#: BM25's saturation and length normalisation.
K1, B = 1.2, 0.6
#: A word of the game's vocabulary says more about what is asked than any other word.
GAME_TERM_WEIGHT = 1.5
#: A rank keeps this share of its score when it answers none of the question's other words.
COVERAGE_FLOOR = 0.35
#: Typing mistakes: only words this long, only this close (difflib's ratio).
FUZZY_MIN_LENGTH, FUZZY_CUTOFF = 4, 0.78
#: Languages whose words are compounds ("Straßenkarte"): their parts are indexed too.
COMPOUND_LANGUAGES = frozenset({"de"})
COMPOUND_PART_MIN = 4
STEMMER_NAMES = {"en": "english", "de": "german", "fr": "french"}

#: German: a particle at the end of a clause that belongs to the clause's verb.
_CLAUSE = re.compile(r"[,.;:!?()]+")

# Card names (ii-2) stay one word; then words of letters, and numbers.
_WORD = re.compile(r"\b[ivx]+-[1-4]\b|[^\W\d_]+|\d+")
_NOT = re.compile(r"n't\b")
#: A command-line option in a ruling's text, with its NAME=VALUE if it takes one.
_OPTION = r"--[\w-]+(?:\s+[\w-]+=[\w-]+)?"


class Match(NamedTuple):
    topic: str
    score: float


def normalise(word: str) -> str:
    """Lower case, accents set aside (ß -> ss): what a player types either way."""
    decomposed = unicodedata.normalize("NFKD", word.casefold())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def words_of(text: str) -> list[str]:
    """The normalised words of ``text``, in order ("don't" reads as "do not")."""
    text = _NOT.sub(" not", text.casefold().replace("’", "'")).replace("cannot", "can not")
    return [normalise(w) for w in _WORD.findall(text)]


def read_ordinals(words: list[str], numerals: Mapping[str, str], heads: Iterable[str],
                  stem: Callable[[str], str]) -> list[str]:
    """``words`` with a number that follows a citizen's name written as a digit: "craftsman
    ii", "craftsman two" and "craftsman 2" all read "craftsman 2" (the stopword "I" or "un"
    becomes a word that counts). ``heads``: the stems of the names that take an ordinal."""
    out = list(words)
    for i in range(1, len(out)):
        number = numerals.get(out[i])
        if number is not None and stem(out[i - 1]) in heads:
            out[i] = number
    return out


@functools.cache
def stemmer(lang: str) -> Callable[[str], str]:
    """The Snowball stemmer of ``lang``, loaded only when a word needs it."""
    name = STEMMER_NAMES[lang]
    try:
        module = _snowball_module(name)
        return getattr(module, f"{name.capitalize()}Stemmer")().stemWord
    except (ImportError, AttributeError):  # a snowballstemmer laid out otherwise
        import snowballstemmer  # type: ignore[import-untyped]  # ships no type hints nor stubs

        return snowballstemmer.stemmer(name).stemWord


def _snowball_module(name: str):
    """snowballstemmer's module for one language, without the package's __init__, which
    imports the modules of all its 34 languages (about 20 ms, on every question that has
    a word no ruling uses). Once the module is loaded the package is taken out of
    sys.modules again, so that a later ``import snowballstemmer`` sets it up in full."""
    import importlib
    import importlib.util
    import sys

    if "snowballstemmer" in sys.modules:
        return importlib.import_module(f"snowballstemmer.{name}_stemmer")
    spec = importlib.util.find_spec("snowballstemmer")
    if spec is None:
        raise ImportError("snowballstemmer is not installed")
    sys.modules["snowballstemmer"] = importlib.util.module_from_spec(spec)
    try:
        return importlib.import_module(f"snowballstemmer.{name}_stemmer")
    finally:
        del sys.modules["snowballstemmer"]


# --- Building the index -----------------------------------------------------------------


def build_index(topics: Mapping[str, Mapping[str, Any]], vocabulary: Mapping[str, Any],
                lang: str, fingerprint: str = "",
                stem: Callable[[str], str] | None = None) -> dict[str, Any]:
    """The search index of one language.

    ``topics``: topic id -> {"title", "words" (a list), "text"} in ``lang``.
    ``vocabulary``: rules_data/rules/search.toml as read (stopwords and concepts).
    ``stem``: the stemmer to use (default: Snowball's for ``lang``).
    """
    stem = stem or stemmer(lang)
    stopwords = set(words_of(vocabulary["stopwords"].get(lang, "")))
    stems: dict[str, str] = {}

    def stem_of(word: str) -> str:
        if word not in stems:
            stems[word] = stem(word)
        return stems[word]

    ordinals = vocabulary.get("ordinals", {})
    numerals = {normalise(k): str(v) for k, v in ordinals.get(lang, {}).items()}
    heads = sorted({stem_of(w) for concept in ordinals.get("after", ())
                    for terms in vocabulary["concepts"].get(concept, {}).values()
                    for term in terms for w in words_of(term) if w not in stopwords})

    def content(text: str) -> list[str]:
        return [w for w in read_ordinals(words_of(text), numerals, heads, stem_of) if w not in stopwords]

    # A text that names another topic ("see where-tiles-go") or a command's option
    # ("--house tiles=limited") is not about their words.
    named = re.compile("|".join([_OPTION] + [rf"\b{re.escape(t)}\b" for t in
                                             sorted(topics, key=len, reverse=True) if "-" in t]))
    fields = {topic_id: [(weight, content(named.sub(" ", _field_text(topic[field]))))
                         for field, weight in FIELD_WEIGHTS]
              for topic_id, topic in topics.items()}
    own = {stem_of(w) for parts in fields.values() for _weight, words in parts for w in words}
    concepts, phrases = _concepts(vocabulary["concepts"], lang,
                                  lambda term: [stem_of(w) for w in content(term)], own)
    known = own | set(concepts)
    compounds = lang in COMPOUND_LANGUAGES
    docs: dict[str, dict[str, float]] = {}
    lengths: dict[str, float] = {}
    for topic_id, parts in fields.items():
        counts: dict[str, float] = {}
        length = 0.0
        for weight, words in parts:
            for unit in _units([stem_of(w) for w in words], concepts, phrases):
                length += weight
                for term, share in unit:
                    counts[term] = counts.get(term, 0.0) + weight * share
            for word in words if compounds else ():
                for part in compound_parts(word, known, stem_of):
                    for term, share in _word_terms(part, concepts):
                        counts[term] = counts.get(term, 0.0) + weight * share * PART_WEIGHT
        docs[topic_id] = {t: round(c, 3) for t, c in sorted(counts.items())}
        lengths[topic_id] = length
    return {
        "format": FORMAT,
        "lang": lang,
        "fingerprint": fingerprint,
        "stopwords": sorted(stopwords),
        "stems": dict(sorted(stems.items())),
        "concepts": {s: sorted(c) for s, c in sorted(concepts.items())},
        "phrases": [[list(p), sorted(c)] for p, c in sorted(phrases.items())],
        "compounds": compounds,
        "ordinals": {"numerals": dict(sorted(numerals.items())), "heads": heads},
        "particles": sorted(normalise(p) for p in vocabulary.get("particles", {}).get(lang, ())),
        "generic": sorted(CONCEPT + c for c in vocabulary.get("generic", {}).get("concepts", ())),
        "docs": docs,
        "lengths": lengths,
    }


def _field_text(value: str | list[str]) -> str:
    return " ; ".join(value) if isinstance(value, (list, tuple)) else value


def _concepts(table: Mapping[str, Mapping[str, list[str]]], lang: str,
              content: Callable[[str], list[str]], own_stems: set[str]):
    """stem -> concepts, and (stem, stem, ...) -> concepts for terms of several words.

    The terms of ``lang`` come first; another edition's term is added only where it means
    nothing else in ``lang`` ("coin" is a corner in French, not money)."""
    concepts: dict[str, set[str]] = {}
    phrases: dict[tuple[str, ...], set[str]] = {}
    own_terms: set[tuple[str, ...]] = set()
    for edition in [lang] + [other for other in STEMMER_NAMES if other != lang]:
        for concept, by_edition in table.items():
            for term in by_edition.get(edition, ()):
                key = tuple(content(term))
                if not key or len(key) < min(len(words_of(term)), 2):
                    continue  # "at once" is no concept of "once": it lost a word
                if edition == lang:
                    own_terms.add(key)
                elif key in own_terms or (len(key) == 1 and key[0] in own_stems):
                    continue  # the word means something of its own here
                target = concepts.setdefault(key[0], set()) if len(key) == 1 \
                    else phrases.setdefault(key, set())
                target.add(concept)
    return concepts, phrases


def _units(stems: list[str], concepts: Mapping[str, Iterable[str]],
           phrases: Mapping[tuple[str, ...], Iterable[str]]) -> list[list[tuple[str, float]]]:
    """The text's meaning units: a word (its stem and concepts) or a phrase of several
    words that names a concept (its concepts, and its words at a lower weight)."""
    units = []
    longest = max((len(p) for p in phrases), default=1)
    i = 0
    while i < len(stems):
        for size in range(min(longest, len(stems) - i), 1, -1):
            key = tuple(stems[i:i + size])
            if key in phrases:
                unit = [(CONCEPT + c, 1.0) for c in sorted(phrases[key])]
                for word in key:
                    unit += [(t, share * PHRASE_WORD_WEIGHT) for t, share in _word_terms(word, concepts)]
                units.append(unit)
                i += size
                break
        else:
            units.append(_word_terms(stems[i], concepts))
            i += 1
    return units


def _names_a_concept(unit: list[tuple[str, float]]) -> bool:
    """A word of the game's vocabulary (a concept of search.toml), not a word of any talk."""
    return any(term.startswith(CONCEPT) and share == 1.0 for term, share in unit)


def _word_terms(stem: str, concepts: Mapping[str, Iterable[str]]) -> list[tuple[str, float]]:
    return [(stem, 1.0)] + [(CONCEPT + c, 1.0) for c in sorted(concepts.get(stem, ()))]


def compound_parts(word: str, known: set[str], stem_of: Callable[[str], str]) -> list[str]:
    """The longest known head and the longest known modifier of a compound, as stems.

    "bibliotheksleiste" -> ["leist", "bibliothek"] (the linking s set aside)."""
    if len(word) < 2 * COMPOUND_PART_MIN:
        return []
    parts = []
    for i in range(COMPOUND_PART_MIN, len(word) - COMPOUND_PART_MIN + 1):
        head = stem_of(word[i:])
        if head in known:
            parts.append(head)
            break
    for i in range(len(word) - COMPOUND_PART_MIN, COMPOUND_PART_MIN - 1, -1):
        left = word[:i]
        for candidate in (left, left[:-1] if left.endswith("s") else None,
                          left[:-1] if left.endswith("n") else None):
            if candidate and len(candidate) >= COMPOUND_PART_MIN and stem_of(candidate) in known:
                if stem_of(candidate) not in parts:
                    parts.append(stem_of(candidate))
                return parts
    return parts


# --- Asking -------------------------------------------------------------------------------


class Index:
    """An index as loaded (from JSON or :func:`build_index`), with what ranking needs."""

    def __init__(self, data: Mapping[str, Any], stem: Callable[[str], str] | None = None):
        self.lang = data["lang"]
        self.stopwords = frozenset(data["stopwords"])
        self.stems = data["stems"]
        self.concepts = data["concepts"]
        self.phrases = {tuple(p): c for p, c in data["phrases"]}
        self.compounds = data["compounds"]
        self.numerals = data["ordinals"]["numerals"]
        self.heads = frozenset(data["ordinals"]["heads"])
        self.particles = frozenset(data["particles"])
        self.generic = frozenset(data["generic"])
        self.docs = data["docs"]
        self.lengths = data["lengths"]
        self._stem = stem
        self.average_length = sum(self.lengths.values()) / max(len(self.lengths), 1)
        df: dict[str, int] = {}
        for terms in self.docs.values():
            for term in terms:
                df[term] = df.get(term, 0) + 1
        n = len(self.docs)
        self.idf = {t: math.log(1 + (n - d + 0.5) / (d + 0.5)) for t, d in df.items()}

    def stem(self, word: str) -> str:
        known = self.stems.get(word)
        if known is not None:
            return known
        return (self._stem or stemmer(self.lang))(word)

    def units(self, question: str, missed: list[str] | None = None,
              guess: bool = True) -> list[list[tuple[str, float]]]:
        """The question's meaning units, each with the terms it may match and their weight.
        A unit that matches no ruling is read as a compound's parts, else as the closest
        words that rulings use (a typing mistake); failing both it is left out (and added
        to ``missed`` when given). ``guess`` False reads no typing mistake: only a compound's
        parts repair a unit then."""
        words = []
        for clause in _CLAUSE.split(question):
            words += self._rejoin_particle(read_ordinals(words_of(clause), self.numerals,
                                                         self.heads, self._head_stem))
        words = [w for w in words if w not in self.stopwords]
        stems = [self.stem(w) for w in words]
        surface = dict(zip(stems, words))
        found = []
        for unit in _units(stems, self.concepts, self.phrases):
            unit_head = unit[0][0]
            if not any(term in self.idf for term, _share in unit):
                unit = self._repair(surface.get(unit_head, unit_head), guess)
                if not unit and missed is not None:
                    missed.append(surface.get(unit_head, unit_head))
            if unit:
                found.append(unit)
        return found

    def telling(self, units: list[list[tuple[str, float]]]) -> int:
        """How many of ``units`` name something (not only how much or whether) in a word the
        rulings themselves use (not only another edition's word for one of their concepts)."""
        return sum(1 for unit in units
                   if unit[0][0] in self.idf
                   and not any(term in self.generic and share == 1.0 for term, share in unit))

    def _head_stem(self, word: str) -> str:
        """The stem of a word before a number, when it may name a citizen (no stopword)."""
        return "" if word in self.stopwords else self.stem(word)

    def _rejoin_particle(self, words: list[str]) -> list[str]:
        """A clause that ends in a verb's particle ("Gehen die Münzen aus") with the particle
        put back before the first verb it makes a known word with ("ausgehen")."""
        if len(words) < 2 or words[-1] not in self.particles:
            return words
        particle = words[-1]
        for i, word in enumerate(words[:-1]):
            if word in self.stopwords or word in self.particles or not word.isalpha():
                continue
            joined = self.stem(particle + word)
            if joined in self.idf or joined in self.concepts:
                return words[:i] + [particle + word] + words[i + 1:-1]
        return words

    def _repair(self, word: str, guess: bool = True) -> list[tuple[str, float]]:
        known = set(self.idf)
        unit: list[tuple[str, float]] = []
        if self.compounds:
            for part in compound_parts(word, known, self.stem):
                unit += [(t, s * PART_WEIGHT) for t, s in _word_terms(part, self.concepts)]
        if unit or len(word) < FUZZY_MIN_LENGTH or not guess:
            return [(t, s) for t, s in unit if t in known]
        import difflib

        for close in difflib.get_close_matches(word, self.stems, n=3, cutoff=FUZZY_CUTOFF):
            if close.startswith(word):
                continue  # "work" is no mistyped "worker": the stemmer had its chance
            likeness = difflib.SequenceMatcher(None, word, close).ratio()
            unit += [(t, s * likeness) for t, s in _word_terms(self.stems[close], self.concepts)]
        return [(t, s) for t, s in unit if t in known]

    def rank(self, question: str) -> list[Match]:
        """Every topic that answers something of ``question``, best first."""
        units = self.units(question)
        if not units:
            return []
        # What answering a unit is worth: its rarest term's idf (a common word costs little).
        worth = [max((self.idf.get(term, 0.0) * share for term, share in unit), default=0.0)
                 for unit in units]
        telling = [not any(term in self.generic and share == 1.0 for term, share in unit)
                   for unit in units]
        matches = []
        for topic, terms in self.docs.items():
            norm = K1 * (1 - B + B * self.lengths[topic] / self.average_length)
            total, answered, told = 0.0, 0.0, False
            for unit, unit_worth, tells in zip(units, worth, telling):
                best = 0.0
                for term, share in unit:
                    tf = terms.get(term)
                    if tf:
                        best = max(best, share * self.idf[term] * tf * (K1 + 1) / (tf + norm))
                if best > 0:
                    total += best * (GAME_TERM_WEIGHT if _names_a_concept(unit) else 1.0)
                    answered += unit_worth
                    told = told or tells
            if told:
                coverage = answered / sum(worth)
                matches.append(Match(topic, total * (COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage)))
        matches.sort(key=lambda m: (-m.score, m.topic))
        return matches


#: Words that name Trajan (2011) itself in a question ("in Trajan 2011", "the classic game").
GAME_NAMES = frozenset({"2011", "classic", "klassisch", "klassische", "klassischen", "classique"})


def asks_the_other_game(question: str, first: Index, other: Callable[[], Index]) -> bool:
    """Whether ``question``, asked with no game named, is one about the other game: it names
    that game (GAME_NAMES), or it uses a word of a thing only the other game has (a concept
    no ruling of the first game names: the senate, a legionary) and the other game's
    rulings answer more of it, each game reading the words as they stand (no typing mistake
    guessed). ``other`` loads the other game's index only when that is needed (a question
    every word of which the first game knows stays with it, at no cost)."""
    if GAME_NAMES & set(words_of(question)):
        return True
    missed: list[str] = []
    units = first.units(question, missed, guess=False)
    if not missed:
        return False
    theirs = other().units(question, guess=False)
    only_theirs = any(term.startswith(CONCEPT) and share == 1.0 and term in other().idf
                      and term not in first.idf for unit in theirs for term, share in unit)
    return only_theirs and other().telling(theirs) > first.telling(units)
