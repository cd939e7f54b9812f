"""The table screen's values (`trajan play`): a turn as far as it is built (:class:`Draft`),
the questions the screen puts (a :class:`Menu`, an :class:`EnvoyAsk`) and everything one
key may change (:class:`View`, one entry of the undo stack). Immutable, so that going back
a step is taking the view before it."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ...core.colonia import Square
from ...core.turns.moves import Build, Envoy, Exchange, Gain, Street, TakenTile, Turn, Use, UseKind
from ...core.vocabulary import Colour, Cycle


class Mode(Enum):
    STREETS = "streets"  # the round's two street cards
    TAKE = "take"  # the tiles taken, on the colonia
    USE = "use"  # what the used tile shows: the palette
    BUILD = "build"  # a building tile's key, or Enter to record
    CELL = "cell"  # the space(s) of the building tile
    MENU = "menu"  # a choice the rules leave: payment, benefit, worker, bonus
    ENVOY = "envoy"  # an envoy's square, on the forum
    TILE_CELL = "tile_cell"  # the fourth library or market: the Colonia tile taken ...
    TILE_GAIN = "tile_gain"  # ... and what it shows
    SCORING = "scoring"  # a question of the scoring phase
    SCORED = "scored"  # a cycle's scoring phase done: its standings, until a key
    OVER = "over"  # the game is over


@dataclass(frozen=True)
class GainDraft:
    """What one used tile shows: resources in the order typed, or a citizen's row."""

    resources: tuple[tuple[str, int], ...] = ()
    citizen: int | None = None
    bonus: tuple[str, ...] = ()
    envoy: Envoy | None = None

    @property
    def empty(self) -> bool:
        return not self.resources and self.citizen is None

    def plus(self, name: str) -> GainDraft:
        counts = dict(self.resources)
        counts[name] = counts.get(name, 0) + 1
        return dataclasses.replace(self, resources=tuple(counts.items()))

    def gain(self) -> Gain:
        return Gain(resources=self.resources, citizen=self.citizen, bonus=self.bonus,
                    envoy=self.envoy)


@dataclass(frozen=True)
class BuildDraft:
    """A building action as far as it is chosen. ``envoys`` are the slots answered so far;
    ``envoys_done`` once every slot the build has is answered."""

    parts: tuple[str, ...]
    squares: tuple[Square, ...] = ()
    take: int | None = None
    step_asked: bool = False
    worker: Colour | None = None
    pay: tuple[tuple[str, int], ...] | None = None
    envoys: tuple[Envoy, ...] = ()
    envoys_done: bool = False
    envoys_asked: bool = False  # the player answered a slot (else none could go: unsaid)
    bonus: tuple[str, ...] | None = None
    tile_square: Square | None = None
    tile_gain: GainDraft | None = None

    @property
    def tile(self) -> str:
        return "+".join(self.parts)

    @property
    def placed(self) -> bool:
        return len(self.squares) == len(self.parts)

    def build(self, trial: bool = False) -> Build:
        """The build as the notation holds it. ``trial``: an envoy slot not answered yet is
        left open (None), so the referee says where one may go, or that there is none.
        Every slot answered with no envoy (``n``) is ``envoy none``: a choice made (an envoy
        is optional, p. 25), never ``-``, which reads as one left open."""
        if self.envoys_done:
            envoys = self.envoys if self.envoys_asked else None
            if envoys and all(e.square is None for e in envoys):
                envoys = ()
        elif trial:
            envoys = (*self.envoys, None)
        else:
            envoys = self.envoys or None
        taken = None
        if self.tile_square is not None and self.tile_gain is not None and not self.tile_gain.empty:
            taken = TakenTile(self.tile_square, self.tile_gain.gain())
        return Build(self.tile, self.squares, pay=self.pay, take=self.take, worker=self.worker,
                     envoys=envoys, bonus=self.bonus, tile_taken=taken)


@dataclass(frozen=True)
class Draft:
    take: tuple[Square, ...] = ()
    kind: UseKind = UseKind.RECEIVED
    gains: tuple[GainDraft, ...] = (GainDraft(),)
    builds: tuple[BuildDraft, ...] = ()
    #: Exchanges outside a build's payment, in the order made; each one's ``after``: the
    #: builds placed before it.
    exchanges: tuple[Exchange, ...] = ()

    @property
    def empty(self) -> bool:
        return self == Draft()

    @property
    def placed(self) -> int:
        """The builds placed so far (an exchange made now comes after them)."""
        return sum(1 for b in self.builds if b.placed)

    def turn(self, player: str, *, trial: bool = False, builds: int | None = None,
             passed: bool = False) -> Turn:
        """The turn as far as it is built; ``builds``: only the first ones (and the
        exchanges made before the next one)."""
        gains = tuple(g.gain() for g in self.gains if not g.empty)
        use = Use(self.kind, gains) if gains else None
        chosen = [b for b in self.builds[:builds] if b.placed]
        exchanges = tuple(e for e in self.exchanges if e.after <= len(chosen))
        return Turn(player, self.take, use, tuple(b.build(trial) for b in chosen),
                    passed and not chosen, exchanges)


# --- Questions the screen puts -------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    key: str
    label: str
    value: Any


@dataclass(frozen=True)
class Menu:
    """A choice the rules leave. ``kind``: pay, step, worker, bonus (a second citizen's),
    area (area bonuses, ``least`` to ``count`` of them: with Patrician II an area gives one
    or two different ones, p. 26); ``target``: "build", or ("gain", i) / ("tile",)."""

    kind: str
    title: str
    choices: tuple[Choice, ...]
    default: Any = None
    count: int = 1
    least: int | None = None  # fewer than ``count`` may be taken (None: exactly ``count``)
    picked: tuple[Any, ...] = ()
    target: Any = "build"
    at: int | None = None  # the entry the arrows are on (what Enter takes): the suggestion

    @property
    def fewest(self) -> int:
        return self.count if self.least is None else self.least


@dataclass(frozen=True)
class EnvoyAsk:
    """Where an envoy may go (the referee's legal squares), and whose it is."""

    squares: tuple[Square, ...]
    via: str
    target: Any = "build"  # or ("gain", i)


@dataclass(frozen=True)
class View:
    """Everything a key may change: one entry of the undo stack."""

    mode: Mode
    draft: Draft = Draft()
    gain: int = 0  # the gain being typed: 0, or 1 (the received tile of "use both")
    menu: Menu | None = None
    envoy: EnvoyAsk | None = None
    pending: str | None = None  # a coordinate, street card, "w" or "+" typed, waiting
    cursor: Square = (0, 0)
    forum_cursor: Square = (0, 0)
    field: str | None = None  # a number being typed (scoring)
    picked: tuple = ()  # the rows chosen (scoring, several answers)


@dataclass
class Position:
    """Where the game stands for the screen: the round, whose turn, the question."""

    cycle: Cycle | None = None
    round: int = 0
    player: str | None = None
    streets: tuple[Street, ...] | None = None
    question: Any = None
