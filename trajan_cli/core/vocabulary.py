"""The words of Forum Trajanum as typed constants.

Everything here is vocabulary: names and the shape of the boards. Numbers that score
(points per crane, multipliers, benefit tracks, cards) are rules facts and live in
``rules_data/`` with their rulebook page.
"""

from __future__ import annotations

from enum import Enum, IntEnum, StrEnum

#: A colonia is 6 x 6 spaces (docs/formats.md; rulebook p. 19 set-up).
BOARD_SIZE = 6
#: Four printed temples per colonia, never built over (p. 19, p. 22).
TEMPLE_COUNT = 4
COLUMN_LETTERS = "ABCDEF"

#: The games the tool keeps score of. A saved game without "variant" is Forum Trajanum.
FORUM_TRAJANUM, TRAJAN = "forum-trajanum", "trajan"
TITLES = {FORUM_TRAJANUM: "Forum Trajanum", TRAJAN: "Trajan"}


#: A space of a colonia or a square of the forum: zero-based (column, row), as everywhere in
#: the core; ``square_name`` writes it as a player names it (``A1``).
Square = tuple[int, int]


class Colour(StrEnum):
    """The four structure and worker colours (docs/formats.md).

    The German and French editions name the fourth one orange (p. 23); files written
    before the tool did so call it red, which still reads (issue 12).
    """

    BLUE = "blue"
    GREEN = "green"
    ORANGE = "orange"
    YELLOW = "yellow"

    @property
    def letter(self) -> str:
        return self.value[0]

    @classmethod
    def from_letter(cls, letter: str) -> Colour:
        return COLOUR_LETTERS[letter.lower()]

    @classmethod
    def _missing_(cls, value: object) -> Colour | None:
        # Colour("red"): a value saved before orange was named.
        return cls.ORANGE if value == OLD_ORANGE_NAME else None


OLD_ORANGE_NAME = "red"
#: Every word read as a colour, lower case: letters (``b g o y``) and names, each colour's
#: own first, then the old name of orange (``r``, ``red``).
COLOUR_LETTERS = {c.letter: c for c in Colour} | {"r": Colour.ORANGE}
COLOUR_NAMES = {c.value: c for c in Colour} | {OLD_ORANGE_NAME: Colour.ORANGE}


class GrayType(StrEnum):
    """The four gray building types (p. 23)."""

    COLUMN = "column"  # triumphal column
    LIBRARY = "library"
    BASILICA = "basilica"
    MARKET = "market"

    @property
    def token(self) -> str:
        return _GRAY_TOKENS[self]

    @property
    def track(self) -> Track | None:
        """The benefit track this building advances; a column has none (p. 24)."""
        return None if self is GrayType.COLUMN else Track(self.value)


_GRAY_TOKENS = {
    GrayType.COLUMN: "col",
    GrayType.LIBRARY: "lib",
    GrayType.BASILICA: "bas",
    GrayType.MARKET: "mkt",
}


class Track(StrEnum):
    """The three benefit tracks beside the forum (p. 24)."""

    LIBRARY = "library"
    BASILICA = "basilica"
    MARKET = "market"


class SocialClass(StrEnum):
    PATRICIAN = "patrician"
    MERCHANT = "merchant"
    CRAFTSMAN = "craftsman"


class Citizen(StrEnum):
    """The six citizen rows, in colonia row order 1..6 (docs/formats.md)."""

    PATRICIAN_I = "patrician-i"
    PATRICIAN_II = "patrician-ii"
    MERCHANT_I = "merchant-i"
    MERCHANT_II = "merchant-ii"
    CRAFTSMAN_I = "craftsman-i"
    CRAFTSMAN_II = "craftsman-ii"

    @property
    def row(self) -> int:
        return list(Citizen).index(self) + 1

    @property
    def social_class(self) -> SocialClass:
        return SocialClass(self.value.split("-")[0])

    @classmethod
    def of_row(cls, row: int) -> Citizen:
        return list(Citizen)[row - 1]


class CitizenState(StrEnum):
    ACTIVE = "active"
    INACTIVE = "inactive"


class Cycle(IntEnum):
    """The three cycles of four rounds, each closed by a scoring phase (p. 20)."""

    I = 1  # noqa: E741 - the rulebook's own numeral
    II = 2
    III = 3

    @property
    def numeral(self) -> str:
        return self.name


#: The twelve Trajan cards, named by their pile (the cycle) and the rulebook's order (p. 28);
#: rules_data/cards.toml holds what each one asks.
CARD_IDS = tuple(f"{n}-{i}" for n in ("I", "II", "III") for i in range(1, 5))


class Step(StrEnum):
    """The steps of a scoring phase, in the rulebook's order (p. 27)."""

    PAY = "pay"
    CRANES = "cranes"
    COLONIA = "colonia"
    FORUM = "forum"
    TRAJAN = "trajan"


class CellKind(Enum):
    """What one colonia space shows."""

    COVERED = "covered"  # still under its Colonia tile (a covered corner hides its crane)
    VACATED = "vacated"  # tile taken, nothing built yet
    TEMPLE = "temple"
    GRAY = "gray"  # gray building
    STRUCTURE = "structure"  # coloured structure
    CRANE = "crane"  # uncovered construction crane (corners only)


def square_name(col: int, row: int) -> str:
    """Spreadsheet-style name of a zero-based (col, row): (0, 0) -> 'A1'."""
    return f"{_column_letter(col)}{row + 1}"


def _column_letter(col: int) -> str:
    # Forums may be wider than 26 columns only in theory; keep names unambiguous anyway.
    letters = ""
    col += 1
    while col:
        col, rest = divmod(col - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


#: The digits a number or a cell is written with. ``str.isdigit()`` also says yes to other
#: scripts' digits and to superscripts ('²', '３', '٣'): ``int()`` refuses some of them and
#: reads others as the digit they stand for, so a record written with them would mean one
#: thing here and another elsewhere (or nothing at all).
DIGITS = frozenset("0123456789")


def is_number(text: str) -> bool:
    """Whether ``text`` is a whole number written with the digits 0-9 only."""
    return bool(text) and all(ch in DIGITS for ch in text)


def foreign_digit(text: str) -> str | None:
    """The first character of ``text`` that is a digit but not one of 0-9, or None."""
    return next((ch for ch in text if ch.isdigit() and ch not in DIGITS), None)


def foreign_digit_text(digit: str) -> str:
    """Why ``digit`` (see :func:`foreign_digit`) is refused, naming it."""
    from ..i18n import _

    return _("'{digit}' is not one of the digits 0-9; write numbers and cells with 0-9 "
             "(e.g. 2, C3)").format(digit=digit)


def parse_square_name(name: str) -> tuple[int, int]:
    """Inverse of :func:`square_name`; raises ValueError naming the input (and the digit,
    when one is not 0-9: :func:`foreign_digit`)."""
    text = name.strip().upper()
    letters = ""
    while text and text[0].isascii() and text[0].isalpha():
        letters, text = letters + text[0], text[1:]
    digit = foreign_digit(name)
    if digit is not None:
        raise ValueError(foreign_digit_text(digit))
    if not letters or not is_number(text) or int(text) < 1:
        raise ValueError(f"{name!r} is not a cell name like 'C3'")
    col = 0
    for ch in letters:
        col = col * 26 + (ord(ch) - ord("A") + 1)
    return col - 1, int(text) - 1


# --- Names as players read them ----------------------------------------------------------
# The vocabulary's words in the player's language: the parsers' messages and every report
# use them (render/names.py re-exports them). The catalogue loads only when one is shown.


def citizen_name(citizen: Citizen) -> str:
    from ..i18n import _

    return {
        Citizen.PATRICIAN_I: _("Patrician I"),
        Citizen.PATRICIAN_II: _("Patrician II"),
        Citizen.MERCHANT_I: _("Merchant I"),
        Citizen.MERCHANT_II: _("Merchant II"),
        Citizen.CRAFTSMAN_I: _("Craftsman I"),
        Citizen.CRAFTSMAN_II: _("Craftsman II"),
    }[citizen]


def gray_name(kind: GrayType) -> str:
    from ..i18n import _

    return {
        GrayType.COLUMN: _("triumphal column"),
        GrayType.LIBRARY: _("library"),
        GrayType.BASILICA: _("basilica"),
        GrayType.MARKET: _("market"),
    }[kind]


def colour_name(colour: Colour) -> str:
    from ..i18n import _

    return {
        Colour.BLUE: _("blue"),
        Colour.GREEN: _("green"),
        Colour.ORANGE: _("orange"),
        Colour.YELLOW: _("yellow"),
    }[colour]


class Resource(StrEnum):
    """What a player's supply holds and a tile is paid with: the words the notation, the
    payments and the supply share (a worker is named by its colour: ``worker:blue``)."""

    BUILDER = "builder"
    ASSISTANT = "assistant"
    COIN = "coin"
    TRIBUNE = "tribune"
    BLUE_WORKER = "worker:blue"
    GREEN_WORKER = "worker:green"
    ORANGE_WORKER = "worker:orange"
    YELLOW_WORKER = "worker:yellow"

    @property
    def colour(self) -> Colour | None:
        """The colour of a worker; None for the other resources."""
        kind, _, colour = self.value.partition(":")
        return Colour(colour) if kind == "worker" else None

    @classmethod
    def worker(cls, colour: Colour) -> Resource:
        return cls(f"worker:{colour.value}")
