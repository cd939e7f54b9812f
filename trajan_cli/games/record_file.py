"""A game file: the game's record as text, which a person can read, diff and send.

The file is what `trajan game log` prints, and `trajan turn --file` reads back:

    # Forum Trajanum, game friday: Ann, Bob in seating order, Ann starts
    # trajan game new friday --player Ann --player Bob --cards I-2,II-1,III-4
    # created 2026-11-27T18:14:03+00:00
    board Ann: colonia ? ? ? ? ? ? / ...; supply coin tribune builder assistant worker:o; ship 1
    forum: players 1 Ann, 2 Bob; grid E o g o E y g / ...
    round I.1: streets 2 4
    Ann: take C4 B6; use received: worker:y; build lib B6 pay builder take 1 worker y
    score I Ann: pay.rows = [2]

The header is its first comment lines: the ``trajan game new`` command that starts the
same game (players in seating order, cards, variant, house rules) and when it was created.
Every other line is a line of the notation (parsing/notation.py), one a line, in the order
they were recorded; a line is added by appending it, so a write cut short leaves at most an
unfinished last line, which reads as not recorded (and the next write removes it).
"""

from __future__ import annotations

import functools
import shlex
from collections.abc import Sequence
from typing import Any

from ..core.game import FORUM_TRAJANUM, PERIODS, TITLES, TRAJAN, Answer, Game, GameError
from ..core.vocabulary import Cycle
from ..i18n import _
from ..parsing.errors import InputError, Problem

#: The header line that says how the game was started.
NEW_GAME = "# trajan game new "
CREATED = "# created "


def header_lines(game: Game, *, translated: bool = False) -> list[str]:
    """The comment lines that open the record: a sentence for the reader (in the player's
    language when ``translated``, as `game log` shows it), the command that starts the same
    game, and when it was created."""
    title = "# {game}, game {name}: {players} in seating order, {start} starts"
    if translated:
        title = _("# {game}, game {name}: {players} in seating order, {start} starts")
    lines = [title.format(game=TITLES[game.variant], name=game.name, players=", ".join(game.players),
                          start=game.start_player),
             NEW_GAME + " ".join([shlex.quote(game.name), *new_options(game)])]
    if game.created:
        lines.append(CREATED + game.created)
    return lines


def new_options(game: Game) -> list[str]:
    """The options of `trajan game new` that start ``game`` again (its lines aside)."""
    options = [f"--player {shlex.quote(p)}" for p in game.players]
    if game.variant != FORUM_TRAJANUM:
        options.append(f"--variant {game.variant}")
    if game.start_player != game.players[0]:
        options.append(f"--start-player {shlex.quote(game.start_player)}")
    cards = [card for _cycle, card in sorted(game.cards.items()) if card]
    if cards:
        options.append("--cards " + ",".join(cards))
    if game.intro:
        options.append("--intro")
    if int(game.first_cycle) != 1:
        flag = "--from-quarter" if game.variant == TRAJAN else "--from-cycle"
        options.append(f"{flag} {int(game.first_cycle)}")
    options += [f"--house {name}={value}" for name, value in game.readings.house().items()]
    return options


def line_text(line: Any) -> str:
    """One line of the record as the file keeps it."""
    from ..parsing.notation import format_line

    return format_line(line)


def record_text(game: Game, *, translated: bool = False) -> str:
    """The whole file: header, then every line. ``translated``: as `trajan game log` shows
    it, the opening sentence in the player's language and any control character a line
    holds written as its escape (:func:`escaped`), never sent to the terminal."""
    lines = [*header_lines(game, translated=translated), *(line_text(line) for line in game.lines)]
    if translated:
        lines = [escaped(line) for line in lines]
    return "\n".join(lines) + "\n"


#: Unicode's bidirectional controls: they reorder what a terminal shows after them.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def escaped(line: str) -> str:
    """``line`` with each control character (an escape sequence's ESC, a C1 control, a line
    or paragraph separator, a bidirectional control) written ``\\uXXXX``. Inside a JSON
    string (an answer's value) that is the same character; in a comment, the only other
    place where a line that replays can hold one, it is plain text."""
    import unicodedata

    if line.isprintable():
        return line
    return "".join(f"\\u{ord(ch):04x}" if unicodedata.category(ch) in ("Cc", "Zl", "Zp") or ch in _BIDI
                   else ch for ch in line)


# --- Reading -------------------------------------------------------------------------------


class Read:
    """A record file read: the game (header and lines), each line's number in the file,
    and the size of the part that holds whole lines (a last line without its line break was
    cut short by a write that did not finish: it is not part of the record)."""

    def __init__(self, game: Game, numbers: list[int], complete: int):
        self.game, self.numbers, self.complete = game, numbers, complete


def read_record(text: str, source: str, name: str | None = None) -> Read:
    """The game a record file holds; InputError naming the file, line and token otherwise.
    ``name``: the game's name (its file's); the header's is used when None."""
    complete = len(text.encode("utf-8", "surrogatepass"))
    if text and not text.endswith("\n"):
        cut = text.rfind("\n") + 1
        complete = len(text[:cut].encode("utf-8", "surrogatepass"))
        text = text[:cut]
    rows = text.split("\n")
    header: dict[str, Any] | None = None
    header_number = 1
    created = ""
    body_start = 0
    for number, row in enumerate(rows, start=1):
        stripped = row.strip()
        if stripped.startswith(NEW_GAME.strip()) and header is None:
            header, header_number = _parse_new(stripped, source, number), number
        elif stripped.startswith(CREATED.strip()):
            created = stripped[len(CREATED.strip()):].strip()
        elif stripped and not stripped.startswith("#"):
            break
        body_start = number
    if header is None:
        raise InputError([Problem(source, 1, None, _(
            "not a game record: its first lines must say how the game was started "
            "('# trajan game new GAME --player ...')"))])
    try:
        game = Game(name=name or header["name"], players=header["players"],
                    start_player=header["start_player"] or header["players"][0],
                    intro=header["intro"], cards=header["cards"],
                    first_cycle=header["first"], created=created, variant=header["variant"],
                    readings=header["readings"])
    except GameError as exc:  # a card, a player's name... the header line says it
        raise InputError([Problem(source, header_number, None, str(exc))]) from None
    from ..parsing.notation import parse_line

    lines: list[Any] = []
    numbers: list[int] = []
    periods = PERIODS[game.variant]
    for number in range(body_start + 1, len(rows) + 1):
        row = rows[number - 1]
        try:
            try:
                parsed = _parsed(row, game.players, periods)
            except InputError:  # said again with its file and line
                parsed = parse_line(row, game.players, file=source, line=number, periods=periods)
        except (ValueError, RecursionError) as exc:  # absurd content, never Python's own words
            from .files import absurd_reason

            raise InputError([Problem(source, number, None, _("damaged game file: {reason}").format(
                reason=absurd_reason(exc)))]) from None
        if parsed is not None:
            lines.append(parsed)
            numbers.append(number)
    from dataclasses import replace

    return Read(replace(game, lines=tuple(lines)), numbers, complete)


@functools.lru_cache(maxsize=4096)
def _parsed(row: str, players: tuple[str, ...], periods: type) -> Any:
    """A line of a record as its value: the same text is the same (immutable) value, so a
    line a long record repeats (a board recorded again and again) is read once."""
    from ..parsing.notation import parse_line

    return parse_line(row, players, periods=periods)


def variant_of(path: Any) -> str | None:
    """The game a record file holds (``forum-trajanum`` or ``trajan``), from its header line;
    None when the file does not read or names none (shell completion asks, for many files)."""
    from ..parsing.tomlfile import read_text
    from .files import MAX_GAME_FILE_BYTES

    try:
        text = read_text(path, MAX_GAME_FILE_BYTES)
    except InputError:
        return None
    for number, row in enumerate(text.split("\n", 8)[:8], start=1):
        if row.strip().startswith(NEW_GAME.strip()):
            try:
                return _parse_new(row.strip(), str(path), number)["variant"]
            except InputError:
                return None
    return None


def _parse_new(text: str, source: str, number: int) -> dict[str, Any]:
    """The `trajan game new` line of a header, read as the command reads its options."""
    from ..core.readings import DEFAULT, ReadingError

    def bad(token: str | None, why: str) -> InputError:
        return InputError([Problem(source, number, token, why)])

    try:
        words = shlex.split(text[len(NEW_GAME.strip()):])
    except ValueError as exc:
        raise bad(None, _("the header line does not read: {reason}").format(reason=exc)) from None
    if not words:
        raise bad(None, _("the header line names no game"))
    found: dict[str, Any] = {"name": words[0], "players": [], "start_player": None, "intro": False,
                             "cards": {}, "first": 1, "variant": FORUM_TRAJANUM, "house": {}}
    options = iter(words[1:])
    for word in options:
        if word == "--intro":
            found["intro"] = True
            continue
        value = next(options, None)
        if value is None:
            raise bad(word, _("the header line ends before the value of {option}").format(option=word))
        if word in ("--player", "-p"):
            found["players"].append(value)
        elif word == "--start-player":
            found["start_player"] = value
        elif word == "--cards":
            found["cards"] = _cards(value, bad)
        elif word in ("--from-cycle", "--from-quarter"):
            if not value.isascii() or not value.isdigit():
                raise bad(value, _("a cycle or quarter is a number"))
            found["first"] = int(value)
        elif word == "--variant":
            found["variant"] = value
        elif word == "--house":
            rule, _sep, chosen = value.partition("=")
            found["house"][rule] = chosen
        else:
            raise bad(word, _("the header line has an option trajan game new does not know"))
    if not found["players"]:
        raise bad(None, _("the header line names no player"))
    if found["variant"] not in PERIODS:
        raise bad(found["variant"], _("unknown game; known: {known}").format(known=", ".join(PERIODS)))
    try:
        found["readings"] = DEFAULT.with_house(found["house"], found["variant"])
    except ReadingError as exc:
        raise bad(exc.problems[0].token, _("unknown house rule; 'trajan rules readings' lists them")) from None
    found["players"] = tuple(found["players"])
    return found


def _cards(value: str, bad) -> dict[Cycle, str]:
    """``I-2,II-1,III-4``: each card on its own cycle (the part before the dash)."""
    cards: dict[Cycle, str] = {}
    for card in value.upper().split(","):
        numeral = card.strip().split("-")[0]
        if numeral not in ("I", "II", "III"):
            raise bad(card, _("a Trajan card is named like II-3"))
        if Cycle(len(numeral)) in cards:  # not the last one silently
            raise bad(card, _("two cards for cycle {cycle}").format(cycle=numeral))
        cards[Cycle(len(numeral))] = card.strip()
    return cards


# --- Games saved by earlier versions (JSON) ------------------------------------------------


def lines_of_answers(game: Game, answers: Sequence[Answer], parsers: Any) -> list[Any]:
    """The lines of a game saved as JSON answers by an earlier version: each record as the
    line `game log` writes for it (a turn or round as recorded, a board or the forum as a
    set-up line when that reads back exactly, a build as its line), else the answer
    itself."""
    from ..core.game import BUILD_RECORD, FORUM_RECORD, PLAY_RECORD, SHEET_RECORD
    from ..core.turns.moves import ForumLine

    lines: list[Any] = []
    for answer in answers:
        value = answer.value
        text = value.get("line") if isinstance(value, dict) else None
        if answer.key == PLAY_RECORD and isinstance(text, str):
            lines.append(parsers.line(text, game.players))
            continue
        if answer.key == BUILD_RECORD and isinstance(text, str):
            lines.append(parsers.line(f"build {answer.player}: {text}", game.players))
            continue
        board = value.get("text") if isinstance(value, dict) else None
        if answer.key in (SHEET_RECORD, FORUM_RECORD) and isinstance(board, str):
            readable = _board_line(answer, board, parsers)
            if readable is not None:
                lines.append(readable if answer.key == SHEET_RECORD else ForumLine(readable))
                continue
        lines.append(answer)  # an answer, or a record that reads back only as it was kept
    return lines


def _board_line(answer: Answer, text: str, parsers: Any):
    """A board (or the forum) kept as text, as the line that gives exactly that text."""
    from ..core.game import SHEET_RECORD
    from ..core.turns.moves import BoardLine
    from ..parsing.toml_text import forum_toml, sheet_toml

    try:
        if answer.key == SHEET_RECORD:
            assert answer.player is not None  # Game.from_json holds a board record to a player
            sheet = parsers.sheet(text, "<board>")
            return BoardLine(answer.player, sheet) if sheet_toml(sheet) == text else None
        forum = parsers.forum(text, "<forum>")
        return forum if forum_toml(forum) == text else None
    except InputError:
        return None
