"""The game record's notation (docs/notation.md): text <-> core.turns.moves.

    round I.1: streets 3 C
    Ann: take C3 D3; use own: 2 coin; build mkt C1 pay builder take 1
    Bob: take A2 C4; use received: citizen 4 bonus assistant; pass
    Cleo: take F1 C6; use both: worker:g / assistant; build g+g E2 E3 pay worker:g assistant envoy B2 B3 bonus coin
    Ann: take A2 B2; use own: 2 worker:o; exchange 2 worker:o for builder; pass

Besides rounds and turns, a record holds what else the game remembers, in lines of the
same style, so that `trajan game log` prints a whole game that `trajan turn --file` reads
back: ``board NAME: ...`` and ``forum: ...`` (a board or the forum as recorded, the set-up
first), ``build NAME: ...`` (a build recorded with `trajan build`) and
``score CYCLE NAME: KEY = VALUE`` (an answer of a scoring phase, ``-`` for the table).

A game set up by the rulebook (pp. 18-19) starts with the facts of the group's copy it uses
and what chance and choice decided, each read back as the same value:

    box side A: temples B2 E3 C5 D4
    box face 1a: b b E / g - g / y y o
    box track: points 0 1 2 3 4 5; trajan 3 3 3 5 5 7; cypress 3 5
    box bar basic: 1 2 3 4+; head 2
    set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 3; worker o
    set-up forum: 1a A1; 2a D1 turned

In ``box`` lines everything is counted as players see it, from 1: a cypress is the track
space (1 = the first) on which the bar's left end stands when it lies on that cypress, the
head the bar's slot (1 = the leftmost) showing the Trajan head.

Case does not matter, spaces are free, ``#`` starts a comment. ``parse_line`` reads one
line (None for a blank or comment line) and raises InputError naming the token;
``format_line`` writes the canonical line, which reads back as the same value.
"""

from __future__ import annotations

import json
import re
from collections.abc import Sequence

from ..core.game import Answer
from ..core.turns.moves import (
    AREA_BONUSES,
    BoardLine,
    BoxLine,
    Build,
    BuildLine,
    Envoy,
    Exchange,
    ForumLine,
    ForumSetUp,
    Gain,
    Line,
    PlayerSetUp,
    Resources,
    RoundStart,
    Street,
    TakenTile,
    Turn,
    Use,
    UseKind,
)
from ..core.vocabulary import (
    BOARD_SIZE,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COLUMN_LETTERS,
    Citizen,
    CitizenState,
    Colour,
    Cycle,
    Resource,
    foreign_digit,
    foreign_digit_text,
    is_number,
    square_name,
)
from ..i18n import _
from .errors import InputError, Problem

#: Resource words: singular and plural, as the supply and payments name them.
RESOURCE_WORDS = {"coin": "coin", "coins": "coin", "tribune": "tribune", "tribunes": "tribune",
                  "builder": "builder", "builders": "builder", "assistant": "assistant",
                  "assistants": "assistant", "upgrade": "upgrade", "upgrades": "upgrade",
                  "vp": "vp", "points": "vp"}
WORKER_WORDS = ("worker", "workers")
BUILD_KEYWORDS = ("pay", "take", "worker", "envoy", "bonus", "tile")
NUMERALS = {"i": Cycle.I, "ii": Cycle.II, "iii": Cycle.III, "1": Cycle.I, "2": Cycle.II, "3": Cycle.III}
#: The scoring periods a ``score`` line names: Forum Trajanum's cycles I-III, and Trajan's
#: (2011) quarters I-IV (the game the record belongs to says which it has).
PERIOD_NUMERALS = {"i": 1, "ii": 2, "iii": 3, "iv": 4, "1": 1, "2": 2, "3": 3, "4": 4}
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV"}
ROUND = re.compile(r"round\s+(iii|ii|i|1|2|3)\s*\.\s*([0-9]+)\s*(?::\s*(.*))?", re.IGNORECASE)
NO_ENVOY = ("none", "-")


class _Syntax(Exception):
    """A token that does not fit where it stands, and why (turned into an InputError)."""

    def __init__(self, token: str | None, message: str):
        super().__init__(message)
        self.token = token
        self.message = message


# --- Reading -------------------------------------------------------------------------------


def parse_line(text: str, players: Sequence[str] = (), *, file: str = "<line>",
               line: int | None = None, periods: type = Cycle) -> Line | None:
    """One line of a record as a value; None for a blank or comment line.

    ``players`` (the game's) tell a turn of a player named like a keyword from the line the
    keyword starts; ``periods`` are the scoring periods a ``score`` line names (Forum
    Trajanum's cycles, Trajan's quarters). Raises InputError naming the file, line and token.
    """
    body = text.strip()
    if not _is_score(body, players):  # an answer is JSON, whose strings may hold '#'
        body = body.split("#", 1)[0].strip()
    if not body or body.startswith("#"):
        return None
    try:
        return _line(body, players, periods)
    except _Syntax as exc:
        raise InputError([Problem(file, line, exc.token, exc.message)]) from None


def _is_score(body: str, players: Sequence[str]) -> bool:
    """A ``score`` line (not the turn of a player called so): its answer may hold '#'."""
    head = body.partition(":")[0]
    words = head.split()
    return bool(words) and words[0].lower() == "score" and not _names_player(head.strip(), players)


def _line(body: str, players: Sequence[str], periods: type = Cycle) -> Line:
    head, colon, rest = body.partition(":")
    word = head.split()[0].lower() if head.split() else ""
    named_player = _names_player(head.strip(), players)
    if word == "round" and not named_player:
        return _round(body)
    if word in ("board", "build", "score") and not named_player and colon:
        who = head.split(None, 1)[1].strip() if len(head.split()) > 1 else ""
        if word == "board":
            return _board(who, rest)
        if word == "build":
            return BuildLine(_needs_name(who, body), _build(_tokens(rest), rest))
        return _answer(who, rest, periods)
    if word == "forum" and head.strip().lower() == "forum" and not named_player:
        return _forum(rest)
    if word in ("box", "set-up") and not named_player and colon:
        who = head.split(None, 1)[1].strip() if len(head.split()) > 1 else ""
        if word == "box":
            return _box(who, rest)
        if who.lower() == "forum" and not _names_player(who, players):
            return _forum_setup(rest)
        return _player_setup(_needs_name(who, body), rest)
    if not colon:
        raise _Syntax(body, _("a line is a round ('round I.1: streets 3 C') or a turn ('Ann: take "
                              "C3 D3; use own: coin'); no ':' after the player's name"))
    return _turn(head.strip(), rest)


def _names_player(head: str, players: Sequence[str]) -> bool:
    return any(p.casefold() == head.casefold() for p in players)


def _needs_name(who: str, body: str) -> str:
    if not who:
        raise _Syntax(body, _("name the player before ':'"))
    return who


def _round(body: str) -> RoundStart:
    _digits_only(body)
    match = ROUND.fullmatch(body)
    if match is None:
        raise _Syntax(body, _("a round is written 'round I.1' or 'round I.1: streets 3 C' (the "
                              "cycle I-III, the round 1-4, the two street cards)"))
    cycle = NUMERALS[match.group(1).lower()]
    number = _count(match.group(2))
    if not 1 <= number <= 4:
        raise _Syntax(match.group(2), _("a cycle has the rounds 1 to 4"))
    rest = (match.group(3) or "").split()
    if not rest:
        return RoundStart(cycle, number)
    if rest[0].lower() != "streets":
        raise _Syntax(rest[0], _("after the round comes 'streets' and the two street cards, e.g. "
                                 "'streets 3 C'"))
    streets = tuple(_street(t) for t in rest[1:])
    if len(streets) != 2:
        raise _Syntax(" ".join(rest[1:]) or None, _(
            "name the round's two street cards, each a row 1-6 or a column A-F (p. 20)"))
    return RoundStart(cycle, number, streets)


def _street(token: str) -> Street:
    street = Street.from_token(token)
    if street is None:
        raise _Syntax(token, _("a street card names a row 1-6 or a column A-F"))
    return street


def _digits_only(text: str) -> None:
    """Refuses a digit other than 0-9 in ``text`` (a part of a line that holds no name),
    naming it."""
    digit = foreign_digit(text)
    if digit is not None:
        word = next(w for w in text.split() if digit in w)
        raise _Syntax(word, foreign_digit_text(digit))


def _count(text: str) -> int:
    """A number as written, 0-9 digits only: one of more than four digits reads as 10,000,
    which every range here refuses with its own words (and Python is spared a number of
    thousands of digits)."""
    return int(text) if len(text) <= 4 else 10_000


def _tokens(text: str) -> list[str]:
    """Words of a part: ':' stands alone (but in worker:g), '+' joins a double tile."""
    _digits_only(text)
    text = re.sub(r"\s*\+\s*", "+", text)
    out: list[str] = []
    for chunk in text.split():
        if re.fullmatch(r"(?i)workers?:\S+", chunk):
            out.append(chunk)
            continue
        pieces = re.split(r"(:|/)", chunk)
        out += [p for p in pieces if p]
    return out


def _turn(player: str, rest: str) -> Turn:
    if not player:
        raise _Syntax(rest, _("name the player before ':'"))
    take: tuple = ()
    use = None
    builds: list[Build] = []
    exchanges: list[Exchange] = []
    passed = False
    seen: list[str] = []
    # Builds and exchanges share a place: any number of exchanges before, between or after
    # the builds, in the order made.
    order = {"take": 0, "use": 1, "build": 2, "exchange": 2, "pass": 3}
    for raw in rest.split(";"):
        words = _tokens(raw)
        if not words:
            continue
        kind = words[0].lower()
        if kind not in order:
            raise _Syntax(words[0], _("a turn's parts are take, use, build, exchange and pass, in "
                                      "this order, separated by ';'"))
        if seen and order[kind] < order[seen[-1]] or kind in seen and kind not in ("build", "exchange"):
            raise _Syntax(words[0], _("a turn's parts come in this order: take, use, then builds "
                                      "and exchanges (a second build only after a fourth "
                                      "basilica), pass; take, use and pass once each"))
        seen.append(kind)
        if kind == "take":
            take = tuple(_square(w) for w in words[1:])
        elif kind == "use":
            use = _use(words[1:], raw)
        elif kind == "build":
            builds.append(_build(words[1:], raw))
        elif kind == "exchange":
            exchanges.append(_exchange(words[1:], raw, len(builds)))
        else:
            if len(words) > 1:
                raise _Syntax(words[1], _("'pass' stands alone: no build this turn"))
            passed = True
    if passed and builds:
        raise _Syntax("pass", _("a turn builds or passes, not both"))
    return Turn(player, take, use, tuple(builds), passed, tuple(exchanges))


def _exchange(words: list[str], raw: str, after: int) -> Exchange:
    """``2 worker:o for builder``: what is given, 'for', what is got (resource words)."""
    give, rest = _resources(words, ("for",))
    if not give:
        raise _Syntax(words[0] if words else raw.strip(), _(
            "write what is given, 'for' and what is got: 'exchange 2 worker:o for builder', "
            "'exchange assistant for worker:g'"))
    if not rest or rest[0].lower() != "for":
        raise _Syntax(rest[0] if rest else raw.strip(), _(
            "after what is given comes 'for' and what is got: 'exchange coin for tribune'"))
    get, left = _resources(rest[1:], ())
    if not get:
        raise _Syntax("for", _("say what is got after 'for': a resource such as builder, "
                               "worker:g, coin, tribune or assistant"))
    if left:
        raise _Syntax(left[0], _("an exchange ends with what is got; start another with "
                                 "'; exchange ...'"))
    return Exchange(give, get, after)


def _square(token: str) -> tuple[int, int]:
    text = token.strip().upper()
    if (len(text) == 2 and text[0] in COLUMN_LETTERS and is_number(text[1])
            and 1 <= int(text[1]) <= BOARD_SIZE):
        return COLUMN_LETTERS.index(text[0]), int(text[1]) - 1
    raise _Syntax(token, _("not a space of the colonia; cells are A1 to F6"))


def _forum_square(token: str) -> tuple[int, int]:
    from ..core.vocabulary import parse_square_name

    _digits_only(token)
    try:
        return parse_square_name(token)
    except ValueError:
        raise _Syntax(token, _("not a forum square; name it like B2")) from None


def _use(words: list[str], raw: str) -> Use:
    if not words:
        raise _Syntax(raw.strip(), _("say which tile: use own, use received or use both"))
    try:
        kind = UseKind(words[0].lower())
    except ValueError:
        raise _Syntax(words[0], _("use own, use received or use both (2 tribunes, p. 21)")) from None
    rest = words[1:]
    if not rest or rest[0] != ":":
        raise _Syntax(words[0], _("write what the tile shows after ':', e.g. 'use own: 2 coin'"))
    parts: list[list[str]] = [[]]
    for word in rest[1:]:
        if word == "/":
            parts.append([])
        else:
            parts[-1].append(word)
    wanted = 2 if kind is UseKind.BOTH else 1
    if len(parts) != wanted:
        raise _Syntax(raw.strip(), _("use both names two tiles, 'own / received'; own or received "
                                     "names one") if kind is UseKind.BOTH else _(
            "use own or use received names one tile; write 'use both: ... / ...' for two"))
    gains = []
    for part in parts:
        gain, left = _gain(part, raw, stop=())
        if left:
            raise _Syntax(left[0], _("not part of what a tile shows"))
        gains.append(gain)
    return Use(kind, tuple(gains))


def _gain(words: list[str], raw: str, stop: Sequence[str]) -> tuple[Gain, list[str]]:
    """What a tile shows, from the front of ``words``; returns it and the words after it
    (``stop``: keywords that end it, in a build)."""
    if not words:
        raise _Syntax(raw.strip(), _("say what the tile shows: resources such as '2 coin' or "
                                     "'worker:g', or 'citizen ROW'"))
    if words[0].lower() == "citizen":
        if len(words) < 2:
            raise _Syntax(words[0], _("say the citizen's row: citizen 1-6 or its name "
                                      "(patrician-i ... craftsman-ii)"))
        row = _citizen_row(words[1])
        rest = words[2:]
        bonus: list[str] = []
        envoy = None
        if rest and rest[0].lower() == "bonus":
            rest = rest[1:]
            if rest and rest[0].lower() == "envoy":
                if len(rest) < 2:
                    raise _Syntax(rest[0], _("write 'bonus envoy CELL' or 'bonus envoy none'"))
                envoy = _envoy_target(rest[1])
                rest = rest[2:]
                while rest and rest[0].lower() in AREA_BONUSES + ("points",):
                    bonus.append(_bonus_word(rest[0]))
                    rest = rest[1:]
            else:
                while rest and rest[0].lower() not in stop:
                    bonus.append(_resource_name(rest[0]))
                    rest = rest[1:]
                if not bonus:
                    raise _Syntax("bonus", _("name the bonus after 'bonus'"))
        return Gain(citizen=row, bonus=tuple(bonus), envoy=envoy), rest
    resources, rest = _resources(words, stop)
    if not resources:
        raise _Syntax(words[0], _("not something a Colonia tile shows: coin, tribune, builder, "
                                  "assistant, worker:COLOUR, upgrade (with a count before it), or "
                                  "citizen ROW"))
    return Gain(resources=resources), rest


def _citizen_row(token: str) -> int:
    text = token.strip().lower()
    if text in ("1", "2", "3", "4", "5", "6"):
        return int(text)
    try:
        return Citizen(text).row
    except ValueError:
        raise _Syntax(token, _("a citizen row is 1-6 or a citizen's name: {names}").format(
            names=", ".join(c.value for c in Citizen))) from None


def _envoy_target(token: str) -> Envoy:
    return Envoy(None) if token.lower() in NO_ENVOY else Envoy(_forum_square(token))


def _bonus_word(token: str) -> str:
    word = RESOURCE_WORDS.get(token.lower())
    if word not in AREA_BONUSES:
        raise _Syntax(token, _("an area bonus is tribune, assistant, coin, upgrade or vp (2 "
                               "victory points) (p. 25)"))
    return word


def _resource_name(token: str) -> str:
    """One resource word (a bonus): coin, ..., worker:COLOUR."""
    resources, rest = _resources([token], ())
    if not resources or rest or resources[0][1] != 1:
        raise _Syntax(token, _("not a resource: coin, tribune, builder, assistant, worker:COLOUR, "
                               "upgrade or vp"))
    return resources[0][0]


def _resources(words: list[str], stop: Sequence[str]) -> tuple[Resources, list[str]]:
    """``2 coin worker:g assistant`` from the front of ``words``; stops at a word that is
    no resource (returned with the rest)."""
    found: list[tuple[str, int]] = []
    i = 0
    while i < len(words):
        _digits_only(words[i])
        counted = is_number(words[i])
        if counted:
            count = _count(words[i])
            if i + 1 >= len(words):
                raise _Syntax(words[i], _("a count stands before a resource, e.g. '2 coin'"))
            if not 1 <= count <= 99:
                raise _Syntax(words[i], _("a count is 1 to 99"))
        word = words[i + 1] if counted else words[i]
        name = None if word.lower() in stop else _resource(word)
        if name is None:
            if counted or not found and word.lower() not in stop:
                if word.lower() in WORKER_WORDS:
                    raise _Syntax(word, _("say the worker's colour: worker:b, worker:g, worker:o "
                                          "or worker:y"))
                raise _Syntax(word, _("not a resource: coin, tribune, builder, assistant, "
                                      "worker:COLOUR, upgrade"))
            break
        found.append((name, count if counted else 1))
        i += 2 if counted else 1
    merged: dict[str, int] = {}  # "coin coin" is "2 coin"
    for name, count in found:
        merged[name] = merged.get(name, 0) + count
    return tuple(merged.items()), words[i:]


def _resource(word: str) -> str | None:
    """The resource a word names (core.vocabulary.Resource), or ``upgrade``/``vp``."""
    lower = word.lower()
    if lower in RESOURCE_WORDS:
        name = RESOURCE_WORDS[lower]
        return Resource(name) if name in Resource._value2member_map_ else name
    kind, sep, colour = lower.partition(":")
    if kind in WORKER_WORDS and sep:
        found = COLOUR_LETTERS.get(colour) or COLOUR_NAMES.get(colour)
        if found is None:
            raise _Syntax(word, _("a worker's colour is b, g, o or y (blue, green, orange, yellow)"))
        return Resource.worker(found)
    return None


def _build(words: list[str], raw: str) -> Build:
    from ..core.tiles import TileError, parse_tile

    if len(words) < 2:
        raise _Syntax(raw.strip() or None, _("a build names the tile and the one or two spaces it "
                                             "covers: 'build lib C1', 'build col+g C3 C4'"))
    try:
        tile = parse_tile(words[0])
    except TileError as exc:
        raise _Syntax(exc.token, _("not a building tile: lib, bas, mkt, col, b, g, o, y, or a "
                                   "double tile such as col+g or g+g")) from None
    count = len(tile.parts)
    squares = tuple(_square(w) for w in words[1:1 + count])
    if len(squares) != count:
        raise _Syntax(words[0], _("a double tile needs two spaces, one per part, in order"))
    options: dict = {}
    rest = words[1 + count:]
    while rest:
        key = rest[0].lower()
        if key not in BUILD_KEYWORDS:
            raise _Syntax(rest[0], _("after the tile and its spaces come pay, take, worker, envoy, "
                                     "bonus and tile"))
        if key in options:
            raise _Syntax(rest[0], _("said twice in one build"))
        rest = rest[1:]
        if key == "pay":
            pay, rest = _resources(rest, BUILD_KEYWORDS)
            if not pay:
                raise _Syntax("pay", _("say what was paid: pay builder, pay worker:g assistant ..."))
            options["pay"] = pay
        elif key == "take":
            if not rest or not is_number(rest[0]) or not 0 <= _count(rest[0]) <= 4:
                raise _Syntax(rest[0] if rest else "take", _(
                    "take N: the benefit-track space whose benefit is used, 1-4 (0: none)"))
            options["take"], rest = _count(rest[0]), rest[1:]
        elif key == "worker":
            if not rest:
                raise _Syntax("worker", _("worker COLOUR: b, g, o or y"))
            colour = COLOUR_LETTERS.get(rest[0].lower()) or COLOUR_NAMES.get(rest[0].lower())
            if colour is None:
                raise _Syntax(rest[0], _("a worker's colour is b, g, o or y (blue, green, orange, "
                                         "yellow)"))
            options["worker"], rest = colour, rest[1:]
        elif key == "envoy":
            envoys = []
            while rest and rest[0].lower() not in BUILD_KEYWORDS:
                if rest[0].lower() == "none":
                    if envoys or len(rest) > 1 and rest[1].lower() not in BUILD_KEYWORDS:
                        raise _Syntax(rest[0], _("'envoy none' stands alone; '-' skips one envoy"))
                    rest = rest[1:]
                    envoys = []
                    break
                envoys.append(_envoy_target(rest[0]))
                rest = rest[1:]
            options["envoys"] = tuple(envoys)
        elif key == "bonus":
            bonus = []
            if rest and rest[0].lower() == "none":  # the area bonus earned is not taken
                rest = rest[1:]
            else:
                while rest and rest[0].lower() not in BUILD_KEYWORDS:
                    bonus.append(_bonus_word(rest[0]))
                    rest = rest[1:]
                if not bonus:
                    raise _Syntax("bonus", _("name the area bonus: tribune, assistant, coin, upgrade "
                                             "or vp (or none)"))
            options["bonus"] = tuple(bonus)
        else:  # tile CELL: GAIN
            if len(rest) < 2 or rest[1] != ":":
                raise _Syntax(rest[0] if rest else "tile", _(
                    "tile CELL: GAIN, the Colonia tile a fourth library or market takes and uses"))
            square = _square(rest[0])
            gain, rest = _gain(rest[2:], raw, stop=BUILD_KEYWORDS)
            options["tile_taken"] = TakenTile(square, gain)
    return Build(tile.token, squares, **options)


def _board(player: str, rest: str) -> BoardLine:
    """``board Ann: colonia ? ? ... / ...; cranes A1 o ...; citizens 2 a; supply 1 coin ...;
    ship 0; prestige 1 turned``: read through the player-sheet parser, every check included."""
    from .sheet import parse_sheet

    if not player:
        raise _Syntax(rest, _("name whose board: board NAME: colonia ..."))
    _digits_only(rest)
    toml = [f"name = {_toml(player)}"]
    sections: dict[str, list[str]] = {}
    for raw in rest.split(";"):
        words = raw.split()
        if not words:
            continue
        key = words[0].lower()
        if key not in ("colonia", "cranes", "citizens", "supply", "ship", "prestige"):
            raise _Syntax(words[0], _("a board line has the parts colonia, cranes, citizens, supply, "
                                      "ship and prestige"))
        sections[key] = words[1:]
    rows = " ".join(sections.get("colonia", [])).split("/")
    toml.append('colonia = """\n' + "\n".join(r.strip() for r in rows) + '\n"""')
    words = sections.get("cranes", [])
    if len(words) % 2:
        raise _Syntax(" ".join(words), _("cranes are pairs of a corner and a colour: A1 o F1 g ..."))
    toml.append("[cranes]")
    toml += [f"{words[i].upper()} = {_toml(words[i + 1])}" for i in range(0, len(words), 2)]
    toml.append("[citizens]")
    row, states = None, []
    for word in sections.get("citizens", []) + ["7"]:
        if is_number(word):
            if row is not None:
                toml.append(f"{row} = {_toml(states)}")
            row, states = word, []
        else:
            states.append({"a": "active", "i": "inactive"}.get(word.lower(), word.lower()))
    supply, left = _resources(sections.get("supply", []), ())
    if left:
        raise _Syntax(left[0], _("not a resource of the supply"))
    counts = dict(supply)
    toml.append("[supply]")
    for name, key in (("coin", "coins"), ("tribune", "tribunes"), ("builder", "builders"),
                      ("assistant", "assistants")):
        toml.append(f"{key} = {counts.get(name, 0)}")
    workers = {c.value: counts.get(f"worker:{c.value}", 0) for c in Colour}
    toml.append("workers = { " + ", ".join(f"{k} = {v}" for k, v in workers.items()) + " }")
    ship = sections.get("ship", ["0"])
    toml.append(f"ship = {ship[0] if len(ship) == 1 and is_number(ship[0]) else _toml(' '.join(ship))}")
    prestige = [w.lower() for w in sections.get("prestige", [])]
    if prestige:
        upgrades = prestige[0] if is_number(prestige[0]) else "0"
        toml += ["[prestige]", f"upgrades = {upgrades}", f"turned = {'true' if 'turned' in prestige else 'false'}"]
        if "cypress" in prestige:  # prestige 4 turned cypress 3 4: the upgrades that went on to one
            jumps = prestige[prestige.index("cypress") + 1:]
            bad = next((w for w in jumps if not is_number(w)), None)
            if bad is not None or not jumps:
                raise _Syntax(bad or "cypress", _("cypress is followed by the numbers of the upgrades "
                                                  "that moved the bar on to the next cypress: "
                                                  "prestige 4 turned cypress 3 4"))
            toml.append(f"cypress = [{', '.join(str(int(w)) for w in jumps)}]")
    try:
        sheet = parse_sheet("\n".join(toml), "<board>")
    except InputError as exc:
        problem = exc.problems[0]
        raise _Syntax(problem.token, problem.message) from None
    return BoardLine(player, sheet)


def _toml(value) -> str:
    """``value`` (a string, a list of strings) as TOML: JSON's form, but for the escapes of
    characters beyond U+FFFF, which TOML writes as they are (JSON's surrogate pairs are no
    TOML: a player named with an emoji had no board or forum line)."""
    return json.dumps(value, ensure_ascii=False)


def _forum(rest: str) -> ForumLine:
    """``forum: players 1 Ann, 2 Bob; grid E o g / y b E``: read by the forum parser."""
    from .forum import parse_forum

    sections: dict[str, str] = {}
    for raw in rest.split(";"):
        words = raw.split(None, 1)
        if not words:
            continue
        if words[0].lower() not in ("players", "grid"):
            raise _Syntax(words[0], _("a forum line has the parts players and grid"))
        sections[words[0].lower()] = words[1] if len(words) > 1 else ""
    players = []
    for entry in sections.get("players", "").split(","):
        words = entry.split(None, 1)
        if len(words) == 2:
            players.append(f"{_toml(words[0])} = {_toml(words[1].strip())}")
        elif words:
            raise _Syntax(entry.strip(), _("each player is a mark and a name: players 1 Ann, 2 Bob"))
    grid = "\n".join(r.strip() for r in sections.get("grid", "").split("/"))
    text = "players = { " + ", ".join(players) + " }\n" + 'grid = """\n' + grid + '\n"""\n'
    try:
        return ForumLine(parse_forum(text, "<forum>"))
    except InputError as exc:
        problem = exc.problems[0]
        raise _Syntax(problem.token, problem.message) from None


# --- The set-up: box facts and what chance and choice decided (pp. 18-19) -------------------

BOX_KINDS = ("side", "face", "track", "bar")
BAR_SIDES = ("basic", "turned")
SETUP_PARTS = ("side", "cranes", "citizen", "worker")
FACE_TOKENS = {"e": None, "-": "gap"}


def _box(what: str, rest: str) -> BoxLine:
    """``box side A: temples ...``, ``box face 1a: ...``, ``box track: ...``, ``box bar basic: ...``."""
    from ..core.box import Box, ColoniaSide

    words = what.split()
    kind = words[0].lower() if words else ""
    if kind not in BOX_KINDS:
        raise _Syntax(what or None, _("a box line is 'box side NAME: temples ...', 'box face NAME: ...', "
                                      "'box track: ...' or 'box bar basic|turned: ...'"))
    if kind in ("side", "face") and len(words) != 2:
        raise _Syntax(what, _("name the side or face with one word after it: 'box side A', 'box face 1a'"))
    if kind == "side":
        parts = rest.split()
        if not parts or parts[0].lower() != "temples":
            raise _Syntax(parts[0] if parts else rest.strip() or None,
                          _("a side is its temples: 'box side A: temples B2 E3 C5 D4'"))
        return BoxLine(Box(sides={words[1]: ColoniaSide(words[1], frozenset(_square(t) for t in parts[1:]))}))
    if kind == "face":
        return BoxLine(Box(faces={words[1]: _face(words[1], rest)}))
    if kind == "track":
        if len(words) != 1:
            raise _Syntax(words[1], _("write 'box track: points ...; trajan ...; cypress ...'"))
        return BoxLine(Box(track=_track(rest)))
    if len(words) != 2 or words[1].lower() not in BAR_SIDES:
        raise _Syntax(" ".join(words[1:]) or what, _("a side of the slide bar is basic or turned: "
                                                     "'box bar basic: 1 2 3 4+; head 3'"))
    return BoxLine(Box(bar={_bar_face(words[1]): _bar(rest)}))


def _bar_face(word: str):
    from ..core.box import BarFace

    return BarFace(word.lower())


def _face(name: str, rest: str):
    """``b b E / g - g``: a mosaic face's squares by colour, E an eagle space, - a gap."""
    from ..core.box import MosaicFace
    from ..core.forum import ForumSquare

    _digits_only(rest)
    rows = []
    for raw in rest.split("/"):
        row: list[ForumSquare | None] = []
        for token in raw.split():
            word = token.lower()
            if word == "-":
                row.append(None)
            elif word == "e":
                row.append(ForumSquare(None))
            elif word in COLOUR_LETTERS:
                row.append(ForumSquare(COLOUR_LETTERS[word]))
            else:
                raise _Syntax(token, _("a face's square is b, g, o or y (a colour), E (an eagle space) "
                                       "or - (no square); rows are split by '/'"))
        rows.append(tuple(row))
    if not any(rows):
        raise _Syntax(rest.strip() or None, _("type the face's squares row by row: 'b b E / g - g'"))
    return MosaicFace(name, tuple(rows))


def _parts(rest: str, names: Sequence[str], example: str) -> dict[str, list[str]]:
    """``KEY words; KEY words``: each key once, among ``names``."""
    _digits_only(rest)
    parts: dict[str, list[str]] = {}
    for raw in rest.split(";"):
        words = raw.split()
        if not words:
            continue
        key = words[0].lower()
        if key not in names or key in parts:
            raise _Syntax(words[0], _("the parts are {parts}, each once: {example}").format(
                parts=", ".join(names), example=example))
        parts[key] = words[1:]
    return parts


def _numbers(words: list[str], what: str) -> tuple[int, ...]:
    for word in words:
        if not is_number(word):
            raise _Syntax(word, _("{what} are whole numbers").format(what=what))
    return tuple(_count(w) for w in words)


TRACK_EXAMPLE = "'box track: points 0 1 2 ...; trajan 3 3 5 ...; cypress 5 9'"


def _track(rest: str):
    from ..core.box import PrestigeTrack

    parts = _parts(rest, ("points", "trajan", "cypress"), TRACK_EXAMPLE)
    for key in ("points", "trajan"):
        if not parts.get(key):
            raise _Syntax(rest.strip() or None, _("the track needs its '{part}' values: {example}").format(
                part=key, example=TRACK_EXAMPLE))
    cypresses = _numbers(parts.get("cypress", []), _("cypresses"))
    if any(c < 1 for c in cypresses):
        raise _Syntax(str(min(cypresses)), _("a cypress is a space of the track, counted from 1"))
    return PrestigeTrack(_numbers(parts["points"], _("points")), _numbers(parts["trajan"], _("Trajan values")),
                         frozenset(c - 1 for c in cypresses))


BAR_EXAMPLE = "'box bar basic: 1 2 3 4 5 6 7 8+; head 3'"


def _bar(rest: str):
    """``- 1 2 3 8+; head 3``: per slot the area size shown ('-' none, 'N+' N or more, the
    last size only), and the slot (from 1) of the Trajan head."""
    from ..core.box import BarSide

    _digits_only(rest)
    slots, _sep, head_part = rest.partition(";")
    words = slots.split()
    sizes: list[int | None] = []
    open_ended = False
    for index, word in enumerate(words):
        if word == "-":
            sizes.append(None)
            continue
        number = word[:-1] if word.endswith("+") else word
        if not is_number(number) or (word.endswith("+") and any(w != "-" for w in words[index + 1:])):
            raise _Syntax(word, _("a slot of the bar shows an area size (1, 2, ...), '-' for none, or "
                                  "'N+' for N or more on its last size: {example}").format(example=BAR_EXAMPLE))
        open_ended = word.endswith("+")
        sizes.append(_count(number))
    head = head_part.split()
    if len(head) != 2 or head[0].lower() != "head" or not is_number(head[1]) or _count(head[1]) < 1:
        raise _Syntax(head_part.strip() or rest.strip() or None, _(
            "after the slots comes the Trajan head's slot, counted from 1: {example}").format(example=BAR_EXAMPLE))
    return BarSide(tuple(sizes), _count(head[1]) - 1, open_ended)


SETUP_EXAMPLE = "'set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 3; worker o'"


def _player_setup(player: str, rest: str) -> PlayerSetUp:
    parts = _parts(rest, SETUP_PARTS, SETUP_EXAMPLE)
    for key in SETUP_PARTS:
        if key not in parts:
            raise _Syntax(rest.strip() or None, _("a set-up line has the parts {parts}; '{part}' is "
                                                  "missing: {example}").format(
                parts=", ".join(SETUP_PARTS), part=key, example=SETUP_EXAMPLE))
    if len(parts["side"]) != 1:
        raise _Syntax(" ".join(parts["side"]) or "side", _("name the board side with one word: 'side A'"))
    words = parts["cranes"]
    if len(words) % 2:
        raise _Syntax(" ".join(words) or "cranes", _("cranes are pairs of a corner and a colour: A1 o F1 g ..."))
    cranes = tuple(sorted(((_square(words[i]), _colour(words[i + 1])) for i in range(0, len(words), 2)),
                          key=lambda pair: (pair[0][1], pair[0][0])))
    if len(parts["citizen"]) != 1:
        raise _Syntax(" ".join(parts["citizen"]) or "citizen", _(
            "name the citizen drawn by its row (1-6) or its name: 'citizen 3'"))
    if len(parts["worker"]) != 1:
        raise _Syntax(" ".join(parts["worker"]) or "worker", _("name the worker's colour: 'worker o'"))
    return PlayerSetUp(player, parts["side"][0], cranes, _citizen_row(parts["citizen"][0]),
                       _colour(parts["worker"][0]))


def _colour(token: str) -> Colour:
    word = token.lower()
    colour = COLOUR_LETTERS.get(word) or COLOUR_NAMES.get(word)
    if colour is None:
        raise _Syntax(token, _("a colour is b, g, o or y (blue, green, orange, yellow)"))
    return colour


def _forum_setup(rest: str) -> ForumSetUp:
    """``1a A1; 2a D1 turned``: each face laid, its top left square where it lies."""
    from ..core.box import Placement

    placements = []
    for raw in rest.split(";"):
        words = raw.split()
        if not words:
            continue
        turned = len(words) == 3 and words[2].lower() == "turned"
        if len(words) not in (2, 3) or (len(words) == 3 and not turned):
            raise _Syntax(raw.strip(), _("each face laid is its name, the forum square of its top left "
                                         "corner, and 'turned' when laid the other way up: "
                                         "'set-up forum: 1a A1; 2a D1 turned'"))
        placements.append(Placement(words[0], _forum_square(words[1]), turned))
    if not placements:
        raise _Syntax(rest.strip() or None, _("name the faces laid: 'set-up forum: 1a A1; 2a D1 turned'"))
    return ForumSetUp(tuple(placements))


def _box_text(box) -> str:
    """A box line holding one fact, as written."""
    for side in box.sides.values():
        return f"box side {side.name}: temples {temples_text(side)}"
    for face in box.faces.values():
        return f"box face {face.name}: " + " / ".join(
            " ".join("-" if sq is None else "E" if sq.colour is None else sq.colour.letter for sq in row)
            for row in face.grid)
    if box.track is not None:
        track = box.track
        text = (f"box track: points {' '.join(map(str, track.points))}; "
                f"trajan {' '.join(map(str, track.trajan))}")
        if track.cypresses:
            text += "; cypress " + " ".join(str(c + 1) for c in sorted(track.cypresses))
        return text
    for which, bar in box.bar.items():
        return f"box bar {which.value}: {sizes_text(bar)}; head {bar.head + 1}"
    raise ValueError("a box line holds one fact")


def temples_text(side) -> str:
    """A board side's temples as written, row by row: ``B2 E3 D4 C5``."""
    return " ".join(square_name(*sq) for sq in sorted(side.temples, key=lambda sq: (sq[1], sq[0])))


def sizes_text(bar) -> str:
    """A side of the slide bar's slots as written: ``- 1 2 3+`` (``-`` no size, ``N+`` the
    last size meaning N or more); the box file writes them the same way."""
    shown = [i for i, size in enumerate(bar.sizes) if size is not None]
    return " ".join("-" if size is None else f"{size}+" if bar.open_ended and i == shown[-1] else str(size)
                    for i, size in enumerate(bar.sizes))


def cranes_text(cranes) -> str:
    """The cranes of a set-up as written: ``A1 o F1 g A6 b F6 y``."""
    return " ".join(f"{square_name(*sq)} {Colour(colour).letter}" for sq, colour in cranes)


def placements_text(placements) -> str:
    """The faces laid as written: ``1a A1; 2a D1 turned``."""
    return "; ".join(f"{p.face} {square_name(*p.at)}" + (" turned" if p.turned else "") for p in placements)


def _player_setup_text(line: PlayerSetUp) -> str:
    return (f"side {line.side}; cranes {cranes_text(line.cranes)}; citizen {line.citizen}; "
            f"worker {Colour(line.worker).letter}")


def _answer(who: str, rest: str, periods: type = Cycle) -> Answer:
    """``score I Ann: pay.rows = [2, 5]``: an answer given in a scoring phase (a cycle of
    Forum Trajanum, or a quarter I-IV of Trajan, 2011: ``periods`` says which the game has)."""
    words = who.split(None, 1)
    if len(words) != 2 or words[0].lower() not in PERIOD_NUMERALS:
        raise _Syntax(who or None, _("write 'score CYCLE PLAYER: KEY = VALUE' (PLAYER '-' for a "
                                     "question to the whole table)"))
    key, sep, value = rest.partition("=")
    key = key.strip()
    if not sep or not re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", key):
        raise _Syntax(rest.strip(), _("write the question's key, '=' and the answer as JSON, e.g. "
                                      "'pay.rows = [2, 5]'"))
    try:
        parsed, end = json.JSONDecoder().raw_decode(value.strip())
    except (ValueError, RecursionError):
        raise _Syntax(value.strip(), _("the answer is JSON: a number, a list [1, 2], a string "
                                       "\"quick\", null")) from None
    after = value.strip()[end:].strip()
    if after and not after.startswith("#"):  # only a comment may follow the answer
        raise _Syntax(after, _("the answer is JSON: a number, a list [1, 2], a string "
                               "\"quick\", null"))
    player = None if words[1].strip() == "-" else words[1].strip()
    number = PERIOD_NUMERALS[words[0].lower()]
    if number not in {int(p) for p in periods}:
        raise _Syntax(words[0], _("this game has no scoring period {period}").format(period=ROMAN[number]))
    return Answer(key, periods(number), player, parsed)


# --- Writing -------------------------------------------------------------------------------


def format_line(line: Line) -> str:
    """The canonical text of ``line``; it reads back as the same value."""
    if isinstance(line, RoundStart):
        text = f"round {line.cycle.numeral}.{line.number}"
        if line.streets:
            text += ": streets " + " ".join(_street_text(s) for s in line.streets)
        return text
    if isinstance(line, Turn):
        return f"{line.player}: " + "; ".join(_turn_parts(line))
    if isinstance(line, BuildLine):
        return f"build {line.player}: " + _build_text(line.build)
    if isinstance(line, BoardLine):
        return f"board {line.player}: " + _board_text(line.sheet)
    if isinstance(line, ForumLine):
        return "forum: " + _forum_text(line.forum)
    if isinstance(line, BoxLine):
        return _box_text(line.box)
    if isinstance(line, PlayerSetUp):
        return f"set-up {line.player}: " + _player_setup_text(line)
    if isinstance(line, ForumSetUp):
        return "set-up forum: " + placements_text(line.placements)
    if isinstance(line, Answer):
        who = "-" if line.player is None else line.player
        value = json.dumps(line.value, ensure_ascii=False, separators=(", ", ": "))
        return f"score {ROMAN[int(line.cycle)]} {who}: {line.key} = {value}"
    raise TypeError(line)


def _street_text(street: Street) -> str:
    return street.token


def _turn_parts(turn: Turn) -> list[str]:
    parts = []
    if turn.take:
        parts.append("take " + " ".join(square_name(*sq) for sq in turn.take))
    if turn.use is not None:
        gains = " / ".join(_gain_text(g) for g in turn.use.gains)
        parts.append(f"use {turn.use.kind.value}: {gains}")
    for index, build in enumerate(turn.builds):
        parts += [_exchange_text(e) for e in turn.exchanges if e.after == index]
        parts.append("build " + _build_text(build))
    parts += [_exchange_text(e) for e in turn.exchanges if e.after >= len(turn.builds)]
    if turn.passed:
        parts.append("pass")
    return parts or ["take"]


def _exchange_text(exchange: Exchange) -> str:
    return f"exchange {resources_text(exchange.give)} for {resources_text(exchange.get)}"


def resources_text(resources: Resources) -> str:
    """``2 coin worker:g``: counts before the word, workers by their colour's letter."""
    words = []
    for name, count in resources:
        word = f"worker:{Colour(name.split(':')[1]).letter}" if name.startswith("worker:") else name
        words.append(word if count == 1 else f"{count} {word}")
    return " ".join(words)


def _gain_text(gain: Gain) -> str:
    if gain.citizen is None:
        return resources_text(gain.resources)
    text = f"citizen {gain.citizen}"
    if gain.envoy is not None:
        target = "none" if gain.envoy.square is None else square_name(*gain.envoy.square)
        text += f" bonus envoy {target}" + "".join(f" {b}" for b in gain.bonus)
    elif gain.bonus:
        text += " bonus " + resources_text(tuple((b, 1) for b in gain.bonus))
    return text


def _build_text(build: Build) -> str:
    words = [build.tile, *(square_name(*sq) for sq in build.squares)]
    if build.pay is not None:
        words.append("pay " + resources_text(build.pay))
    if build.take is not None:
        words.append(f"take {build.take}")
    if build.worker is not None:
        words.append(f"worker {build.worker.letter}")
    if build.envoys is not None:
        targets = [("-" if e.square is None else square_name(*e.square)) for e in build.envoys]
        words.append("envoy " + (" ".join(targets) if targets else "none"))
    if build.bonus is not None:
        words.append("bonus " + (" ".join(build.bonus) or "none"))
    if build.tile_taken is not None:
        words.append(f"tile {square_name(*build.tile_taken.square)}: "
                     f"{_gain_text(build.tile_taken.gain)}")
    return " ".join(words)


def _board_text(sheet) -> str:
    from ..core.colonia import CORNERS
    from .grid import token_of

    parts = ["colonia " + " / ".join(" ".join(token_of(c) for c in row) for row in sheet.colonia.rows)]
    if sheet.crane_colours:
        parts.append("cranes " + " ".join(f"{square_name(*sq)} {sheet.crane_colours[sq].letter}"
                                          for sq in CORNERS if sq in sheet.crane_colours))
    if sheet.citizens:
        parts.append("citizens " + " ".join(
            f"{row} " + " ".join("a" if s is CitizenState.ACTIVE else "i" for s in sheet.citizens[row])
            for row in sorted(sheet.citizens)))
    s = sheet.supply
    held = [("coin", s.coins), ("tribune", s.tribunes), ("builder", s.builders),
            ("assistant", s.assistants), *((f"worker:{c.value}", s.workers[c]) for c in Colour)]
    held = tuple((name, n) for name, n in held if n)
    if held:
        parts.append("supply " + resources_text(held))
    parts.append(f"ship {s.ship}")
    bar = sheet.prestige
    if bar.upgrades or bar.turned:
        parts.append(f"prestige {bar.upgrades}" + (" turned" if bar.turned else "")
                     + (" cypress " + " ".join(map(str, sorted(bar.to_cypress))) if bar.to_cypress else ""))
    return "; ".join(parts)


def _forum_text(forum) -> str:
    from .forum import render_forum_grid

    players = ", ".join(f"{mark} {name}" for mark, name in forum.players.items())
    grid = " / ".join(" ".join(row.split()) for row in render_forum_grid(forum).splitlines())
    return f"players {players}; grid {grid}"
