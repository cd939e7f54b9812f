"""A game at the table: who plays, which Trajan cards lie out, and its record.

A game is its record (as a chess game is its PGN): this header and the lines of the
notation played so far (core.turns.moves values, and the answers of the scoring phases).
Where the record leaves the game is its fold, :class:`~.state.GameState`; a game is resumed
after a crash by reading its record again, and a line is taken back by dropping it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from .classic.vocabulary import Quarter
from .readings import DEFAULT as TOOL_READINGS
from .readings import ReadingError, Readings, fields_of
from .vocabulary import FORUM_TRAJANUM, TITLES, TRAJAN, Cycle, Step  # noqa: F401 - re-exported

SCHEMA_VERSION = 1
#: Up to 64 letters, digits, spaces and _ . -; neither begins nor ends with a space. Always
#: used with fullmatch: ``$`` would let a final newline through.
GAME_NAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9 _.-]{0,62}[A-Za-z0-9_.-])?")

#: Each game's scoring periods: Forum Trajanum's three cycles, Trajan's four quarters.
PERIODS: dict[str, type[Cycle] | type[Quarter]] = {FORUM_TRAJANUM: Cycle, TRAJAN: Quarter}
#: Players a new game takes (Forum Trajanum: the set-up, p. 18, is for 2, 3 or 4 players, the
#: introductory game too; Trajan: set-up for 2, 3 or 4 players).
PLAYER_COUNTS = {FORUM_TRAJANUM: (2, 4), TRAJAN: (2, 4)}
#: Players a saved game may hold: earlier versions let a Forum Trajanum game start with one
#: player, and such games still load and carry on (the rulebook's own p. 28 example is one).
LOADABLE_PLAYER_COUNTS = {FORUM_TRAJANUM: (1, 4), TRAJAN: (2, 4)}


class Category(StrEnum):
    """Where a player's points come from, as the standings break them down."""

    PLAY = "play"  # moved on the track during the cycle: columns, area bonuses, tracks
    CRANES = "cranes"
    COLONIA = "colonia"
    EAGLES = "eagles"
    AREA = "area"
    TRAJAN = "trajan"


def N_(text: str) -> str:
    """Marks an English template for translation; it is translated when shown."""
    return text


class Message(NamedTuple):
    """An English template and its parameters, translated where it is shown."""

    text: str
    params: Mapping[str, Any] = MappingProxyType({})

    def show(self) -> str:
        from ..i18n import _

        return _(self.text).format(**_shown(self.params))


class Plural(NamedTuple):
    """A message that counts ``n`` things: ``{n}`` and the form that fits it in the
    player's language ("1 coin", "2 coins"). ``scripts/messages.py`` extracts both forms,
    like ngettext's."""

    singular: str
    plural: str
    n: int
    params: Mapping[str, Any] = MappingProxyType({})

    def show(self) -> str:
        from ..i18n import ngettext

        return ngettext(self.singular, self.plural, self.n).format(n=self.n, **_shown(self.params))


def _shown(params: Mapping[str, Any]) -> dict[str, Any]:
    """Parameters with nested messages (Message, Plural) shown in the player's language."""
    return {k: v.show() if isinstance(v, (Message, Plural)) else v for k, v in params.items()}


class GameError(ValueError):
    """A game record that cannot be right (bad setup, or answers that do not replay).

    Holds English templates with their parameters; ``str()`` shows them in the player's
    language.
    """

    def __init__(self, template: str, **params: Any):
        super().__init__(template)
        self.parts: list[tuple[str, dict]] = [(template, params)]

    @classmethod
    def joined(cls, parts: list[tuple[str, dict]]) -> GameError:
        error = cls(*parts[0][:1], **parts[0][1])
        error.parts = list(parts)
        return error

    def __str__(self) -> str:
        return "; ".join(Message(template, params).show() for template, params in self.parts)


#: The keys of the records among a game's answers (:mod:`.tabletop` applies them,
#: :mod:`.records` checks their shape); here so that what writes them need not load the table.
from .records import BUILD_RECORD, FORUM_RECORD, PLAY_RECORD, SHEET_RECORD  # noqa: E402,F401


class Answer(NamedTuple):  # not a dataclass: each frozen dataclass costs ~0.6 ms at import
    key: str  # the question's key, e.g. "pay.coins"
    cycle: Cycle | Quarter  # the game's scoring period
    player: str | None
    value: Any

    def to_json(self) -> dict:
        return {"key": self.key, "cycle": int(self.cycle), "player": self.player, "value": self.value}


def _orange_for_red(key: str, value: Any) -> tuple[str, Any]:
    """A crane answer saved before the fourth colour was named orange (issue 12), renamed."""
    if key == "cranes.uncovered" and isinstance(value, list):
        return key, ["orange" if v == "red" else v for v in value]
    return ("cranes.orange" if key == "cranes.red" else key), value


def player_named(text: str, players: Sequence[str]) -> str | None:
    """The player ``text`` names, in any case, or whose name it uniquely starts; else None."""
    wanted = text.strip().casefold()
    exact = [p for p in players if p.casefold() == wanted]
    if exact:
        return exact[0]
    starts = [p for p in players if wanted and p.casefold().startswith(wanted)]
    return starts[0] if len(starts) == 1 else None


@dataclass(frozen=True)
class Game:
    name: str
    players: tuple[str, ...]  # seating order; the walkthrough asks in this order
    start_player: str
    intro: bool = False  # introductory game: one Trajan card, scored after cycle III (p. 28)
    cards: Mapping[Cycle, str | None] = field(default_factory=dict)
    first_cycle: Cycle | Quarter = Cycle.I  # a group may start using the tool mid-game
    created: str = ""
    #: The record: every line in the order it was played (core.turns.moves.Line values;
    #: an answer of a scoring phase, or a record kept as an earlier version saved it, is an
    #: :class:`Answer`).
    lines: tuple[Any, ...] = ()
    variant: str = FORUM_TRAJANUM
    #: The open cases as this group reads them (house rules, `game new --house`).
    readings: Readings = TOOL_READINGS

    def __post_init__(self) -> None:
        problems: list[tuple[str, dict]] = []
        if not isinstance(self.name, str) or not GAME_NAME.fullmatch(self.name):
            problems.append((N_("game name {name!r}: use letters, digits, space, _ . - (up to 64, "
                                "no space at the end)"), {"name": self.name}))
        if not isinstance(self.variant, str) or self.variant not in PERIODS:
            raise GameError(N_("unknown game {variant!r}; known: {known}"), variant=self.variant,
                            known=", ".join(PERIODS))
        fewest, most = LOADABLE_PLAYER_COUNTS[self.variant]
        if not fewest <= len(self.players) <= most:
            problems.append(_player_count_problem(self.variant))
        if self.variant != FORUM_TRAJANUM and (self.intro or any(self.cards.values())):
            problems.append((N_("Trajan cards and the introductory game belong to Forum Trajanum"), {}))
        foreign = sorted(set(self.readings.house()) - set(fields_of(self.variant)[0]))
        if foreign:
            problems.append((N_("house rules {rules} are not readings of {game}"),
                             {"rules": ", ".join(foreign), "game": TITLES[self.variant]}))
        try:
            object.__setattr__(self, "first_cycle", self.periods(int(self.first_cycle)))
        except ValueError:
            problems.append((N_("{game} has no scoring period {period}"),
                             {"game": TITLES[self.variant], "period": int(self.first_cycle)}))
        if len({p.casefold() for p in self.players}) != len(self.players):
            problems.append((N_("two players have the same name"), {}))
        if any(not p.strip() for p in self.players):
            problems.append((N_("a player name is empty"), {}))
        for player in self.players:
            problem = name_problem(player)
            if problem is not None:
                problems.append(problem)
        if self.start_player not in self.players:
            problems.append((N_("start player {name!r} is not one of the players"),
                             {"name": self.start_player}))
        problems += _card_problems(self.cards)
        if problems:
            raise GameError.joined(problems)
        object.__setattr__(self, "cards", {c: self.cards.get(c) for c in Cycle})

    def check_new(self) -> None:
        """A game being started now: 2 to 4 players (p. 18), each named so that the game
        record holds the name (:func:`record_name_problems`); raises GameError otherwise."""
        fewest, most = PLAYER_COUNTS[self.variant]
        if not fewest <= len(self.players) <= most:
            template, params = _player_count_problem(self.variant)
            raise GameError(template, **params)
        problems = record_name_problems(self.players)
        if problems:
            raise GameError.joined(problems)

    def with_line(self, line: Any) -> Game:
        return replace(self, lines=(*self.lines, line))

    def without_last_line(self) -> Game:
        return replace(self, lines=self.lines[:-1])

    @property
    def header(self) -> Game:
        """The game without its lines: what `trajan game new` says."""
        return replace(self, lines=())

    def cards_in_play(self) -> dict[Cycle, str | None]:
        """The cards named at the start, and those the walkthrough asked for since."""
        cards = dict(self.cards)
        for answer in self.lines:
            if isinstance(answer, Answer) and answer.key == "trajan.card":
                assert isinstance(answer.cycle, Cycle)  # Trajan cards are Forum Trajanum's, scored in cycles
                cards[answer.cycle] = answer.value
        return cards

    @property
    def periods(self) -> type[Cycle] | type[Quarter]:
        return PERIODS[self.variant]

    @property
    def scored_cycles(self) -> tuple[Cycle | Quarter, ...]:
        return tuple(c for c in self.periods if c >= self.first_cycle)

    def trajan_scoring_in(self, cycle: Cycle) -> bool:
        """The introductory game scores only one Trajan card, after cycle III (p. 28)."""
        return cycle is Cycle.III or not self.intro

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA_VERSION,
            "name": self.name,
            "created": self.created,
            "players": list(self.players),
            "start_player": self.start_player,
            "intro": self.intro,
            "cards": {str(int(c)): self.cards[c] for c in Cycle},
            "first_cycle": int(self.first_cycle),
            "answers": [a.to_json() for a in self.lines if isinstance(a, Answer)],
            "variant": self.variant,
        } | ({"house": self.readings.house()} if self.readings != TOOL_READINGS else {})

    @classmethod
    def from_json(cls, data: Any) -> Game:
        """Rebuild a game; raises GameError naming what is wrong."""
        if not isinstance(data, dict):
            raise GameError(N_("a game file holds one JSON object"))
        schema = data.get("schema")
        if isinstance(schema, int) and not isinstance(schema, bool) and schema > SCHEMA_VERSION:
            raise GameError(N_("saved by a newer trajan (schema {schema}; this one reads schema "
                               "{version}): update trajan to open it"),
                            schema=schema, version=SCHEMA_VERSION)
        if type(schema) is not int or schema != SCHEMA_VERSION:  # True == 1.0 == 1 in Python
            raise GameError(N_("schema {schema!r} is not {version}; this trajan cannot read it"),
                            schema=_short(schema), version=SCHEMA_VERSION)
        variant = data.get("variant", FORUM_TRAJANUM)
        if not isinstance(variant, str) or variant not in PERIODS:
            raise GameError(N_("unknown game {variant!r}; known: {known}"), variant=variant,
                            known=", ".join(PERIODS))
        period = PERIODS[variant]

        def expect(key: str, kind: type | tuple[type, ...]):
            value = data.get(key)
            if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
                raise GameError(N_("missing or malformed entry {key!r}"), key=key)
            return value

        raw_answers = expect("answers", list)
        raw_cards = expect("cards", dict)
        players = expect("players", list)
        if not all(isinstance(p, str) for p in players):
            raise GameError(N_("missing or malformed entry {key!r}"), key="players")
        try:
            answers = []
            for n, a in enumerate(raw_answers, start=1):
                if not isinstance(a, dict) or not isinstance(a.get("key"), str):
                    raise GameError(N_("malformed answer {n}"), n=n)
                player = a.get("player")
                if player is not None and not isinstance(player, str):
                    raise GameError(N_("malformed answer {n}"), n=n)
                key, value = _orange_for_red(a["key"], a.get("value"))
                answers.append(Answer(key, period(a["cycle"]), player, value))
            if not all(isinstance(k, str) and k.isascii() and k.isdigit() for k in raw_cards):
                raise GameError(N_("missing or malformed entry {key!r}"), key="cards")
            cards = {Cycle(int(k)): v for k, v in raw_cards.items()}
            if not all(v is None or isinstance(v, str) for v in cards.values()):
                raise GameError(N_("missing or malformed entry {key!r}"), key="cards")
            readings = _house_of(data.get("house", {}), variant)
            game = cls(
                name=expect("name", str),
                players=tuple(players),
                start_player=expect("start_player", str),
                intro=expect("intro", bool),
                cards=cards,
                first_cycle=period(expect("first_cycle", int)),
                created=data["created"] if isinstance(data.get("created"), str) else "",
                lines=tuple(answers),
                variant=variant,
                readings=readings,
            )
        except (KeyError, TypeError, ValueError) as exc:
            if isinstance(exc, GameError):
                raise
            reason = str(exc)
            raise GameError(N_("missing or malformed entry ({reason})"),
                            reason=reason if len(reason) <= 100 else reason[:100] + "...") from None
        from .records import record_problems

        shapes = record_problems(game.lines, game.players)
        if shapes:
            raise GameError.joined(shapes[:3])
        return game


#: The longest player name: it stands in tables, prompts and on the board editor's screen.
MAX_PLAYER_NAME = 64


def name_problem(name: str) -> tuple[str, dict] | None:
    """What is wrong with a player's name: control characters (which a terminal would act
    on: an escape sequence retitles the window or worse), or more than 64 characters."""
    import unicodedata

    shown = _short(name)
    if any(unicodedata.category(ch) in ("Cc", "Cs", "Zl", "Zp") or ch in BIDI_CONTROLS for ch in name):
        return N_("the player name {name!r} holds control characters; use letters, digits, spaces "
                  "and punctuation"), {"name": name.encode("unicode_escape").decode()[:40]}
    if len(name) > MAX_PLAYER_NAME:
        return N_("the player name {name!r} is longer than {n} characters"), {"name": shown, "n": MAX_PLAYER_NAME}
    return None


#: What a line of the game record gives a meaning to (``Ann: take C3 D3; use own: coin``,
#: ``forum: players 1 Ann, 2 Bob; grid ...``), so that no player's name may hold it: the
#: record could not say that player's turn, board or answers.
RECORD_CHARACTERS = {
    "#": N_("'#' starts a comment"),
    ":": N_("':' ends the player's name"),
    ";": N_("';' separates the parts of a line"),
    ",": N_("',' separates the players of the forum line"),
}
#: The words other lines of the record begin with (``round I.1: ...``, ``board Ann: ...``,
#: ``forum: ...``): a name beginning with one of them would read as such a line.
RECORD_KEYWORDS = ("round", "board", "build", "score", "forum")
#: The record's name for the whole table, in the lines of a scoring phase (``score I -: ...``).
TABLE_NAME = "-"


def record_name_problems(players: Sequence[str]) -> list[tuple[str, dict]]:
    """What keeps the game record (`trajan turn`, `trajan game log`) from holding the
    names of ``players``, as (template, params): a character or a first word that the
    notation gives a meaning to, spaces it would read otherwise (the notation's spaces are
    free), and two names that read as one."""
    import unicodedata

    problems: list[tuple[str, dict]] = []
    seen: dict[str, str] = {}
    for name in players:
        shown = _short(name)
        marks = [ch for ch in RECORD_CHARACTERS if ch in name]
        if marks:
            problems.append((N_("the player name {name!r} cannot be written in the game record, "
                                "where {why}: choose a name without it"),
                             {"name": shown, "why": Message(RECORD_CHARACTERS[marks[0]])}))
            continue
        words = name.split()
        if name.strip() == TABLE_NAME:
            problems.append((N_("the player name {name!r} is how the game record names the whole "
                                "table: choose another name"), {"name": shown}))
            continue
        if words and words[0].casefold() in RECORD_KEYWORDS:
            problems.append((N_("the player name {name!r} begins with {word!r}, the word a line of "
                                "the game record begins with: choose another name"),
                             {"name": shown, "word": words[0]}))
            continue
        if " ".join(words) != name:
            problems.append((N_("the player name {name!r} holds spaces the game record reads as one "
                                "(two in a row, or a space other than a plain one): write one plain "
                                "space between words"), {"name": shown}))
            continue
        same = unicodedata.normalize("NFKC", name).casefold()
        if same in seen and seen[same].casefold() != name.casefold():
            problems.append((N_("the player names {first!r} and {second!r} read as the same name: "
                                "choose names that differ"), {"first": _short(seen[same]), "second": shown}))
        seen.setdefault(same, name)
    return problems


#: Unicode's bidirectional controls: they reorder what a terminal shows after them.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def _card_problems(cards: Mapping) -> list[tuple[str, dict]]:
    """Each Trajan card must be one of the twelve, from its own cycle's pile (p. 28)."""
    from .vocabulary import CARD_IDS

    problems = []
    for cycle, card in cards.items():
        if card is None:
            continue
        wanted = [c for c in CARD_IDS if c.startswith(f"{Cycle(cycle).numeral}-")]
        if not isinstance(card, str) or card.strip().upper() not in wanted:
            problems.append((N_("{card!r} is not a Trajan card of cycle {cycle}; those are {cards}"),
                             {"card": _short(card), "cycle": Cycle(cycle).numeral, "cards": ", ".join(wanted)}))
    return problems


def _house_of(house: Any, variant: str) -> Readings:
    """A saved ``variant`` game's house rules ({NAME: VALUE}, absent in games without any)."""
    if not isinstance(house, dict) or not all(isinstance(v, str) for v in house.values()):
        raise GameError(N_("missing or malformed entry {key!r}"), key="house")
    try:
        return TOOL_READINGS.with_house(house, variant)
    except ReadingError as exc:
        raise GameError(N_("unknown house rule {rule!r}; 'trajan rules readings' lists them"),
                        rule=_short(exc.problems[0].token)) from None


def _player_count_problem(variant: str) -> tuple[str, dict]:
    if variant == FORUM_TRAJANUM:
        return N_("Forum Trajanum is for 2 to 4 players, the introductory game too (set-up, p. 18)"), {}
    return N_("Trajan is for 2 to 4 players (set-up: 2, 3 or 4 players)"), {}


def _short(value: Any) -> Any:
    """A value from a file, cut short for a message (a file may hold anything)."""
    if isinstance(value, (bool, int, float)) or value is None:
        return value if not isinstance(value, int) or abs(value) < 10**12 else "..."
    text = value if isinstance(value, str) else type(value).__name__
    return text if len(text) <= 20 else text[:20] + "..."
