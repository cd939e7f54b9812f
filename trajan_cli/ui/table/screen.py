"""What the table screen (`trajan play GAME`) knows and does, key by key, without any
terminal library: :class:`TableScreen`, its state, where the game stands, and which step
a key goes to.

The screen follows the game: at a round's start it takes the two street cards, then each
player's turn is built on the pictures (the tiles taken on the colonia, what the used tile
shows from a palette, a building tile on its space), and Enter records the turn's line
through the same path as `trajan turn`. After round 4 the scoring phase's questions come,
one key for a suggested answer, and the game goes on with the next cycle.

A turn being built is a :class:`~.draft.Draft`. After each part the referee is asked what
the turn so far still needs (``core/turns/assist.py``, through ``choices.py``): the screen
asks exactly those choices (a payment, a benefit-track space, a worker's colour, an envoy's
square, a bonus), in the order the referee meets them, and shows every other problem as the
referee words it. The screen itself never decides a rule.

Each step's keys are a mixin in a module of its own (``streets``, ``tiles``, ``palette``,
``builds``, ``choices``, ``menus``, ``envoys``, ``recording``, ``scoring``; ``cells`` types
a cell's name for all of them). ``TableScreen.press(key)`` takes the key names of
``ui.app.key_name``; ``draw.py`` draws it. Undo is a stack of views: Backspace takes back
the last part of the turn being built, ``u`` too, and with nothing typed (or all cleared by
Esc) ``u`` takes back the last recorded line or scoring answer.
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from ...core.card_solver import check_card
from ...core.colonia import Square
from ...core.sheet import PlayerSheet
from ...core.standings import NextKind
from ...core.vocabulary import square_name
from ...i18n import _
from ...render.ansi import plain
from ..colonia_state import Status
from .builds import BuildKeys
from .cells import CellTyping
from .choices import Settling
from .draft import Draft, Mode, Position, View
from .envoys import EnvoyKeys
from .menus import MenuKeys
from .palette import PaletteKeys
from .recording import Recording
from .scoring import ScoringKeys
from .streets import StreetKeys
from .tiles import TileKeys

UNDO_KEYS, BACK_KEYS = ("u", "c-z"), ("backspace", "delete")
LEAVE_KEYS, HELP_KEY = ("c-c", "c-q"), "?"
CLICK_REPEAT = 0.3  # seconds: a press and its release report one click


# --- The screen's state ----------------------------------------------------------------------


class TableScreen(StreetKeys, TileKeys, PaletteKeys, BuildKeys, Settling, MenuKeys, EnvoyKeys,
                  Recording, ScoringKeys, CellTyping):
    """The game followed at the table; ``session`` is a table_session.TableSession."""

    def __init__(self, session):
        self.session = session
        self.help = False
        self.done = False
        self.result: Any = None
        self.history: list[View] = []
        self.position = Position()
        self.view = View(Mode.STREETS)
        self.scored_cycle = None  # the cycle whose standings Mode.SCORED shows
        self._card_cache: dict = {}
        self._last_click = None
        # The keys that would finish the name of the cell one coordinate alone just took
        # ("4" after "E" took E4): the next key, if one of them, only says so.
        self._completing: frozenset[str] = frozenset()
        self._last_named = ""  # the cell one coordinate alone took last
        self.status = Status("")
        self._follow()
        if self.view.mode is Mode.OVER:
            self._say(_("The game is over. Esc leaves; u takes back the last answer."))
        else:
            self._say(_("Follow the game: each turn is built with keys on the pictures and "
                        "recorded with Enter. ? shows every key."))

    # --- Where the game stands -------------------------------------------------------------

    @property
    def game(self):
        return self.session.game

    @property
    def table(self):
        return self.session.table

    @property
    def player(self) -> str | None:
        return self.position.player

    def sheet(self, player: str | None = None) -> PlayerSheet | None:
        who = player or self.player
        return None if who is None else self.table.board(who)

    def _follow(self, *, ask_known: bool = False) -> None:
        """Take up the game where it stands now: a new round, a turn, a scoring question. A
        question the game knows the answer to (read off the box) is recorded with no key,
        unless ``ask_known`` (an answer just taken back: asked again, Enter keeps the box's)."""
        state = self.session.state
        play = self.table.play
        self.history.clear()
        up = state.next()
        if up.kind is NextKind.OVER:
            self.position = Position()
            self.view = View(Mode.OVER)
            return
        if up.kind is NextKind.SCORING and up.cycle_over:
            self.position = Position(play.cycle, play.round, state.question.player, play.streets,
                                     state.question)
            self._begin_question()
            if state.question.known and not ask_known:
                self._record_answer(state.question.default)
            return
        if up.kind is NextKind.TURN:
            self.position = Position(play.cycle, play.round, play.next_player(), play.streets)
            self.view = View(Mode.TAKE, cursor=self._first_offer(()) or (0, 0))
            return
        # A round begins (or a game scored without its turns is taken up at the table).
        cycle, number = play.round_to_play()
        self.position = Position(cycle, number, play.starter(cycle, number))
        self.view = View(Mode.STREETS)

    def points(self) -> dict[str, int]:
        """Each player's points so far: the scoring phases' and those scored during play in
        a cycle not scored yet."""
        state = self.session.state
        totals = {p: 0 for p in self.game.players}
        totals.update(state.totals())
        for cycle in self.table.play.points:
            for player, n in self.play_points(cycle).items():
                totals[player] += n
        return totals

    def play_points(self, cycle) -> dict[str, int]:
        """The points each player scored during play in ``cycle`` that the scoring phase has
        not counted yet: what `trajan game show` adds to its during-play column too."""
        points = self.table.play.uncounted(self.session.state.breakdown()).get(cycle, {})
        return {p: n for p, n in points.items() if p in self.game.players}

    def card(self):
        """The cycle's Trajan card and the current player's progress on it (card_solver's
        CardCheck), or None (no card this cycle, no board)."""
        cycle = self.position.cycle
        sheet = self.sheet()
        if cycle is None or sheet is None:
            return None
        card_id = self.game.cards_in_play().get(cycle)
        if not card_id:
            return None
        key = (card_id, self.player)
        cached = self._card_cache.get(key)
        if cached is None or cached[0] is not sheet:
            rules = self.session.rules
            self._card_cache.clear()
            cached = (sheet, check_card(rules.card(card_id), sheet, rules.readings))
            self._card_cache[key] = cached
        return cached[1]

    # --- Keys ------------------------------------------------------------------------------

    def press(self, key: str) -> None:
        if self.done:
            return
        completing, self._completing = self._completing, frozenset()
        if key in completing:
            # The rest of the cell's name, typed in full: that cell is taken already; the
            # key belongs to no other step (a citizen's row, a menu entry, a tile's key).
            said = "" if self.status.refusal else " " + self.status.text
            self._say(_("{key} ends the name of {cell}, taken already.").format(
                key=key.upper(), cell=self._last_named) + said)
            return
        if self.help:
            if key not in LEAVE_KEYS:
                self.help = False
                return
        if key in LEAVE_KEYS:
            self.done = True
            return
        if key == HELP_KEY and not self.view.field:
            self.help = True
            return
        if key == "escape":
            self._escape()
            return
        if key in UNDO_KEYS and not self.view.field:  # a scoring answer typed: its keys
            self.undo()
            return
        if key in BACK_KEYS and self.view.mode not in (Mode.SCORING, Mode.SCORED):
            self.back()
            return
        handler = {
            Mode.STREETS: self._streets_key, Mode.TAKE: self._take_key, Mode.USE: self._use_key,
            Mode.BUILD: self._build_key, Mode.CELL: self._cell_key, Mode.MENU: self._menu_key,
            Mode.ENVOY: self._envoy_key, Mode.TILE_CELL: self._tile_cell_key,
            Mode.TILE_GAIN: self._tile_gain_key, Mode.SCORING: self._scoring_key,
            Mode.OVER: self._over_key, Mode.SCORED: self._scored_key,
        }[self.view.mode]
        handler(key)

    def _push(self, **changes) -> None:
        """A change the player made: the view before it goes on the undo stack."""
        self.history.append(self.view)
        self.view = dataclasses.replace(self.view, **changes)

    def _set(self, **changes) -> None:
        """A change that belongs to the key being handled (undone with it)."""
        self.view = dataclasses.replace(self.view, **changes)

    def _page(self, topic: str) -> str:
        return str(self.session.rules.page(topic))

    def tell(self, text: str) -> None:
        """Put ``text`` on the status line (a note from outside the screen)."""
        self._say(text)

    def _say(self, text: str, refusal: bool = False) -> None:
        self.status = Status(plain(text), refusal)

    def _unknown(self, key: str) -> None:
        if len(key) == 1 and key.isprintable():
            self._say(_("{key!r} does nothing here; ? shows every key").format(key=key), True)

    def back(self) -> None:
        """Take back the last part of the turn being built (or of the street cards)."""
        if not self.history:
            self._say(_("Nothing typed in this turn; u takes back the last recorded line."))
            return
        before, left = self.line_text(), self.view
        self.view = self.history.pop()
        self._say(taken_back(before, self.line_text(), left.pending, self.view.pending))

    def undo(self) -> None:
        """`u`: the last step of the turn being built; with nothing typed (nothing yet, or
        all cleared by Esc) the last recorded line."""
        if self.history and self._anything_typed():
            self.back()
            return
        self.take_back_line()

    def _anything_typed(self) -> bool:
        """Something of the turn (or of the street cards) is typed in the current view."""
        view = self.view
        return (view.mode not in (Mode.STREETS, Mode.TAKE) or not view.draft.empty
                or view.pending is not None)

    def _escape(self) -> None:
        """Esc clears what is typed of the turn (Backspace brings it back); with nothing
        typed it leaves: every line recorded is saved already."""
        view = self.view
        if view.mode in (Mode.SCORING, Mode.SCORED, Mode.OVER) or not self._anything_typed():
            self.done = True
            return
        if view.mode is Mode.STREETS:
            self._push(pending=None)
            self._say(_("Street cards cleared."))
            return
        self._push(mode=Mode.TAKE, draft=Draft(), gain=0, menu=None, envoy=None, pending=None)
        self._say(_("The turn is cleared; Backspace brings it back, Esc again leaves."))

    # --- Clicks ----------------------------------------------------------------------------

    def _fresh_click(self, what) -> bool:
        """False for the second report of one click: the application passes on both the
        press and the release, and a click here takes a tile or answers a question."""
        now = time.monotonic()
        last, self._last_click = self._last_click, (what, now)
        return last is None or last[0] != what or now - last[1] > CLICK_REPEAT

    def click_cell(self, square: Square) -> None:
        """A click on a space of the colonia: what Enter or space would do there."""
        self._completing = frozenset()  # a click is no key of a cell's name
        if not self._fresh_click(("cell", square)):
            return
        mode = self.view.mode
        self._set(pending=None)
        if mode is Mode.TAKE:
            self._toggle_take(square)
        elif mode is Mode.CELL:
            build = self.current_build()
            if build is not None and self.view.pending is None:
                self._choose_cell(square)
        elif mode is Mode.TILE_CELL:
            self._take_tile(square)

    def _over_key(self, key: str) -> None:
        if key == "enter":
            self.done = True


def taken_back(before: str, after: str, pending: str | None, pending_now: str | None) -> str:
    """What Backspace took back, in words: the part of the turn's line it removed (``before``
    and ``after`` are the line, ``pending`` the key waiting then and now)."""
    if before != after:
        was = [part.strip() for part in before.split(";")]
        now = [part.strip() for part in after.split(";")]
        while was and now and was[0] == now[0]:
            was, now = was[1:], now[1:]
        if not now:
            return _("Taken back: {what}").format(what="; ".join(was))
        if len(was) == 1 and len(now) == 1 and was[0].split()[:len(now[0].split())] == now[0].split():
            return _("Taken back: {what}").format(what=" ".join(was[0].split()[len(now[0].split()):]))
        return _("Taken back: {was}; now: {now}").format(was="; ".join(was), now="; ".join(now))
    if pending is not None and pending != pending_now:
        key = pending
        if pending[0] in "cr" and pending[1:].isdigit():
            key = square_name(int(pending[1:]), 0)[:-1] if pending[0] == "c" else str(int(pending[1:]) + 1)
        return _("Taken back: the key {key}").format(key=key)
    return _("Back a step: {line}").format(line=after or "-")
