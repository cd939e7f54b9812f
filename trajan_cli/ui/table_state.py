"""What the table screen (`trajan play GAME`) knows and does, key by key, without any
terminal library.

The screen follows the game: at a round's start it takes the two street cards, then each
player's turn is built on the pictures (the tiles taken on the colonia, what the used tile
shows from a palette, a building tile on its space), and Enter records the turn's line
through the same path as `trajan turn`. After round 4 the scoring phase's questions come,
one key for a suggested answer, and the game goes on with the next cycle.

A turn being built is a :class:`Draft`. After each part the referee is asked what the turn
so far still needs (``core/turns/assist.py``): the screen asks exactly those choices (a
payment, a benefit-track space, a worker's colour, an envoy's square, a bonus), in the
order the referee meets them, and shows every other problem as the referee words it. The
screen itself never decides a rule.

``TableScreen.press(key)`` takes the key names of ``app.key_name``; ``screen`` draws it
(``table_screen.py``). Undo is a stack of views: Backspace takes back the last part of the
turn being built, ``u`` too, and with nothing typed (or all cleared by Esc) ``u`` takes back
the last recorded line or scoring answer.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Any

from ..core.colonia import Square, crane, is_corner
from ..core.colonia import VACATED as VACATED_CELL
from ..core.referee.build import PART_WORDS, TileError, parse_tile
from ..core.sheet import PlayerSheet
from ..core.turns.moves import ASSISTANT, BUILDER, COIN, TRIBUNE, UPGRADE, VP, Envoy, Street, UseKind
from ..core.vocabulary import BOARD_SIZE, COLUMN_LETTERS, CellKind, Colour, Cycle, square_name
from ..i18n import _, ngettext
from .colonia_state import COLOUR_KEYS, GRAY_KEYS, MOVES, Status
from .table_draft import (BuildDraft, Choice, Draft, EnvoyAsk, GainDraft, Menu, Mode, Position,
                          View)
from .table_scoring import ScoringKeys

#: The palette of what a Colonia tile shows (p. 21), one key each; a digit is a citizen row.
PALETTE: dict[str, str] = {"c": COIN, "t": TRIBUNE, "b": BUILDER, "a": ASSISTANT, "p": UPGRADE}
WORKER_KEY = "w"
#: The area bonuses (p. 25), one key each.
BONUS_KEYS: dict[str, str] = {"t": TRIBUNE, "a": ASSISTANT, "c": COIN, "p": UPGRADE, "v": VP}
#: Which tile is used: own, received, or both (the own one's gain typed first, then "/").
OWN_KEY, RECEIVED_KEY, BOTH_KEY = "o", "r", "/"
PART_KEYS: dict[str, str] = {**{k: g.token for k, g in GRAY_KEYS.items()},
                             **{k: c.letter for k, c in COLOUR_KEYS.items()}}
DOUBLE_KEY = "+"
#: An exchange outside a build's payment (pp. 21, 26, 28), in the building step.
EXCHANGE_KEY = "x"
NONE_KEYS = ("n", "-", "0")
UNDO_KEYS, BACK_KEYS = ("u", "c-z"), ("backspace", "delete")
LEAVE_KEYS, HELP_KEY = ("c-c", "c-q"), "?"
CITIZEN_ROWS = "123456"
ENTER = "enter"
#: A menu's keys, in order: digits, then letters (not u, the key that takes back).
MENU_KEYS = "123456789abcdefghijklmnopqrstvwxyz"
CLICK_REPEAT = 0.3  # seconds: a press and its release report one click
ROW_DIGITS = "123456"


# --- The screen's state ----------------------------------------------------------------------


class TableScreen(ScoringKeys):
    """The game followed at the table; ``session`` is a table_session.TableSession."""

    def __init__(self, session):
        self.session = session
        self.help = False
        self.done = False
        self.result: Any = None
        self.history: list[View] = []
        self.position = Position()
        self.view = View(Mode.STREETS)
        self._card_cache: dict = {}
        self._last_click = None
        # The keys that would finish the name of the cell one coordinate alone just took
        # ("4" after "E" took E4): the next key, if one of them, is swallowed.
        self._completing: frozenset[str] = frozenset()
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

    def _follow(self) -> None:
        """Take up the game where it stands now: a new round, a turn, a scoring question."""
        from ..core.standings import NextKind

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
            from ..core.card_solver import check_card

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
        if key in BACK_KEYS and self.view.mode is not Mode.SCORING:
            self.back()
            return
        handler = {
            Mode.STREETS: self._streets_key, Mode.TAKE: self._take_key, Mode.USE: self._use_key,
            Mode.BUILD: self._build_key, Mode.CELL: self._cell_key, Mode.MENU: self._menu_key,
            Mode.ENVOY: self._envoy_key, Mode.TILE_CELL: self._tile_cell_key,
            Mode.TILE_GAIN: self._tile_gain_key, Mode.SCORING: self._scoring_key,
            Mode.OVER: self._over_key,
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

    def _say(self, text: str, refusal: bool = False) -> None:
        from ..render.ansi import plain

        self.status = Status(plain(text), refusal)

    def _unknown(self, key: str) -> None:
        if len(key) == 1 and key.isprintable():
            self._say(_("{key!r} does nothing here; ? shows every key").format(key=key), True)

    def back(self) -> None:
        """Take back the last part of the turn being built (or of the street cards)."""
        if not self.history:
            self._say(_("Nothing typed in this turn; u takes back the last recorded line."))
            return
        self.view = self.history.pop()
        self._say(_("Taken back: {line}").format(line=self.line_text() or "-"))

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

    def take_back_line(self) -> None:
        """`u` with nothing typed: the last recorded line or answer taken back (as `trajan
        game undo`)."""
        from ..core.game import PLAY_RECORD, Answer
        from ..core.records import is_record
        from ..core.turns.moves import RoundStart, Turn

        lines = self.session.game.lines
        last = lines[-1] if lines else None
        if last is not None and not isinstance(last, (RoundStart, Turn)) and not (
                isinstance(last, Answer) and (not is_record(last.key) or last.key == PLAY_RECORD)):
            # A board, the forum or a build recorded by another command: not the screen's.
            self._say(_("The last record is not a line of play ({record}); take it back with: "
                        "trajan game undo \"{game}\"").format(
                record=_record_words(last), game=self.session.name), True)
            return
        last = self.session.take_back()
        self._follow()
        if last is None:
            self._say(_("Nothing to take back: no line is recorded yet."))
        elif isinstance(last, (RoundStart, Turn)):
            from ..parsing.notation import format_line

            self._say(_("Took back: {line}").format(line=format_line(last)))
        elif last.key == PLAY_RECORD and isinstance(last.value, dict):
            self._say(_("Took back: {line}").format(line=last.value.get("line", "")))
        else:
            self._say(self.answer_taken_back(last))

    def _escape(self) -> None:
        """Esc clears what is typed of the turn (Backspace brings it back); with nothing
        typed it leaves: every line recorded is saved already."""
        view = self.view
        if view.mode in (Mode.SCORING, Mode.OVER) or not self._anything_typed():
            self.done = True
            return
        if view.mode is Mode.STREETS:
            self._push(pending=None)
            self._say(_("Street cards cleared."))
            return
        self._push(mode=Mode.TAKE, draft=Draft(), gain=0, menu=None, envoy=None, pending=None)
        self._say(_("The turn is cleared; Backspace brings it back, Esc again leaves."))

    # --- Street cards -----------------------------------------------------------------------

    def _streets_key(self, key: str) -> None:
        street = _street_key(key)
        if street is None:
            if key == "enter":
                self._say(_("Type the round's two street cards: a row 1-6 or a column A-F each."),
                          True)
            else:
                self._unknown(key)
            return
        if self.view.pending is None:
            self._push(pending=street)
            self._say(_("Street card {street}; the second one?").format(street=street))
            return
        from ..core.turns.moves import RoundStart, Street

        streets = (Street.from_token(self.view.pending), Street.from_token(street))
        self._record(RoundStart(self.position.cycle, self.position.round, streets))

    def _fresh_click(self, what) -> bool:
        """False for the second report of one click: the application passes on both the
        press and the release, and a click here takes a tile or answers a question."""
        import time

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

    # --- Taking tiles ---------------------------------------------------------------------

    def streets(self) -> tuple[Street, ...] | None:
        return self.position.streets

    def offers(self, taken: Sequence[Square] | None = None) -> list[Square]:
        """Covered spaces the round's streets still offer the current player."""
        from ..core.turns.assist import street_offers

        sheet = self.sheet()
        if sheet is None:
            return []
        return street_offers(sheet, self.streets(), self.view.draft.take if taken is None else taken)

    def _first_offer(self, taken) -> Square | None:
        offers = self.offers(taken)
        return offers[0] if offers else None

    def _take_key(self, key: str) -> None:
        view = self.view
        if key in MOVES or key in ("up", "down", "left", "right"):
            self._set(cursor=_moved(view.cursor, key), pending=None)
            return
        if key == " ":
            self._toggle_take(view.cursor)
            return
        if key == "enter":
            self._push(mode=Mode.USE, pending=None, gain=0)
            self._say(self.use_hint())
            return
        self._typed(key, self.offers(), self._toggle_take)

    def _typed(self, key: str, offers: Sequence[Square], act, parse=None) -> None:
        """A key of a cell's name (``parse``: a column letter or a row digit of the colonia,
        or of the forum), then ``act`` on the cell. A whole name completes the cell; one
        coordinate alone does when a single space on offer fits it (the key that would have
        finished its name, typed next, is then swallowed: ``press``). Else it waits."""
        coordinate = (parse or _coordinate)(key)
        if coordinate is None:
            self._unknown(key)
            return
        kind, value = coordinate
        pending = self.view.pending
        if pending is not None and pending[0] != kind and pending[0] in "cr":
            column = value if kind == "c" else int(pending[1:])
            row = value if kind == "r" else int(pending[1:])
            self._set(pending=None)
            act((column, row))
            return
        fits = [sq for sq in offers if (sq[0] if kind == "c" else sq[1]) == value]
        if len(fits) == 1:
            self._set(pending=None)
            act(fits[0])
            self._completing = _name_rest(fits[0], kind)
            return
        self._push(pending=f"{kind}{value}")
        name = square_name(value, 0)[:-1] if kind == "c" else str(value + 1)
        self._say(_("{name}... : the rest of the cell's name").format(name=name))

    def _toggle_take(self, square: Square) -> None:
        sheet = self.sheet()
        draft = self.view.draft
        if square in draft.take:
            take = tuple(sq for sq in draft.take if sq != square)
            self._push(draft=dataclasses.replace(draft, take=take), cursor=square, pending=None)
            self._say(_("{cell} put back.").format(cell=square_name(*square)))
            return
        cell = sheet.colonia.at(square)
        if cell.kind is not CellKind.COVERED:
            self._say(_("{cell} holds no Colonia tile any more: only a covered space gives one.")
                      .format(cell=square_name(*square)), True)
            self._set(pending=None)
            return
        take = (*draft.take, square)
        self._push(draft=dataclasses.replace(draft, take=take), cursor=square, pending=None)
        if len(take) >= 2:
            self._set(mode=Mode.USE, gain=0)
            self._say(self.use_hint())
        else:
            following = self._first_offer(take)
            if following is not None:
                self._set(cursor=following)
            self._say(_("{cell} taken; the second tile (Enter: no more).").format(
                cell=square_name(*square)))

    # --- Using a tile ---------------------------------------------------------------------

    def use_hint(self) -> str:
        return _("What does the used tile show? Keys below; Enter when done.")

    def _palette_key(self, key: str, gain: GainDraft) -> GainDraft | str | None:
        """A palette key applied to ``gain``: the new gain, "done" for a citizen (a tile
        showing one shows nothing else), or None when the key is not the palette's."""
        if self.view.pending == WORKER_KEY:
            colour = COLOUR_KEYS.get(key)
            self._set(pending=None)
            if colour is None:
                self._say(_("A worker's colour: b g o y."), True)
                return gain
            return gain.plus(f"worker:{colour.value}")
        if key == WORKER_KEY:
            if gain.citizen is not None:
                return self._citizen_alone(gain)
            self._push(pending=WORKER_KEY)
            self._say(_("The worker's colour: b g o y."))
            return gain
        if key in PALETTE:
            if gain.citizen is not None:
                return self._citizen_alone(gain)
            return gain.plus(PALETTE[key])
        if key in CITIZEN_ROWS and len(key) == 1:
            if gain.resources:
                return self._citizen_alone(gain)
            return GainDraft(citizen=int(key))
        return None

    def _citizen_alone(self, gain: GainDraft) -> GainDraft:
        self._say(_("A tile shows resources or a citizen, not both; Backspace takes back."), True)
        return gain

    def _use_key(self, key: str) -> None:
        view = self.view
        draft = view.draft
        gain = draft.gains[view.gain]
        if view.pending != WORKER_KEY and key in (OWN_KEY, RECEIVED_KEY):
            kind = UseKind.OWN if key == OWN_KEY else UseKind.RECEIVED
            self._push(draft=dataclasses.replace(draft, kind=kind, gains=draft.gains[:1]), gain=0)
            self._say(_("Uses the tile kept this round.") if kind is UseKind.OWN else
                      _("Uses the tile received from the left."))
            return
        if key == BOTH_KEY:
            if gain.empty or view.gain == 1:
                self._say(_("First what the own tile shows, then / and what the received one "
                            "shows."), True)
                return
            self._push(draft=dataclasses.replace(draft, kind=UseKind.BOTH,
                                                 gains=(gain, GainDraft())), gain=1)
            self._say(_("Both tiles (2 tribunes): now what the received tile shows."))
            return
        if key == "enter":
            self._end_gain()
            return
        changed = self._palette_key(key, gain)
        if changed is None:
            self._unknown(key)
            return
        if changed is not gain:
            gains = list(draft.gains)
            gains[view.gain] = changed
            self._push(draft=dataclasses.replace(draft, gains=tuple(gains)))
            if changed.citizen is not None:
                self._end_gain()
            else:
                self._say(self.use_hint())

    def _end_gain(self) -> None:
        view = self.view
        if view.draft.gains[view.gain].empty:
            self._say(_("Say what the tile shows first (a palette key), then Enter."), True)
            return
        if view.draft.kind is UseKind.BOTH and view.gain == 0:
            self._set(gain=1)
            return
        self._settle()

    # --- Building -------------------------------------------------------------------------

    def _build_key(self, key: str) -> None:
        if key == "enter":
            self.record_turn()
            return
        if key == EXCHANGE_KEY:
            self._ask_exchange()
            return
        if key in PART_KEYS:
            draft = self.view.draft
            if draft.builds and not draft.builds[-1].placed:
                draft = dataclasses.replace(draft, builds=draft.builds[:-1])
            build = BuildDraft((PART_KEYS[key],))
            self._push(draft=dataclasses.replace(draft, builds=(*draft.builds, build)),
                       mode=Mode.CELL, pending=None)
            self._set(cursor=self._suggested_cell())
            self._say(self.cell_hint())
            return
        self._unknown(key)

    def _ask_exchange(self) -> None:
        """The exchanges the referee accepts as the turn's next part, in a menu: made on
        one's turn, e.g. to hold a Trajan card's resources at the scoring (p. 28), within
        the citizens' limits per turn, a payment's exchanges counted too (p. 26)."""
        from ..core.turns.assist import open_exchanges
        from ..render.table_words import exchange_words

        draft = self.view.draft
        if draft.builds and not draft.builds[-1].placed:
            draft = dataclasses.replace(draft, builds=draft.builds[:-1])
            self._set(draft=draft)
        turn = draft.turn(self.player, trial=True)
        found = open_exchanges(self.table, turn, self.session.rules)
        if not found:
            self._say(_("No exchange can be made now: none that the supply and the active "
                        "citizens allow is left this turn ({pages}).").format(
                pages=", ".join((self._page("workers_to_builder"), self._page("citizens")))), True)
            return
        choices = tuple(Choice(key, exchange_words(exchange, self.session.rules), exchange)
                        for key, exchange in zip(MENU_KEYS, found, strict=False))
        self._push()  # Backspace goes back from the menu to the building step
        self._ask(Menu("exchange", _("Which exchange ({page})?").format(
            page=self._page("trajan_scoring")), choices, target="exchange"))

    def current_build(self) -> BuildDraft | None:
        builds = self.view.draft.builds
        return builds[-1] if builds else None

    def _replace_build(self, build: BuildDraft, push: bool = True, **changes) -> None:
        draft = self.view.draft
        draft = dataclasses.replace(draft, builds=(*draft.builds[:-1], build))
        (self._push if push else self._set)(draft=draft, **changes)

    def display_sheet(self) -> PlayerSheet | None:
        """The current player's colonia as the turn so far leaves it: the tiles taken
        vacated (a corner's crane uncovered), the building tiles placed."""
        sheet = self.sheet()
        if sheet is None:
            return None
        colonia = sheet.colonia
        for square in self.view.draft.take:
            if colonia.at(square).kind is CellKind.COVERED:
                hidden = sheet.crane_colours.get(square) if is_corner(square) else None
                colonia = colonia.replace(square, crane(hidden) if is_corner(square) else VACATED_CELL)
        for build in self.view.draft.builds:
            for token, square in zip(build.parts, build.squares, strict=False):
                colonia = colonia.replace(square, PART_WORDS[token])
        return dataclasses.replace(sheet, colonia=colonia)

    def open_cells(self) -> list[Square]:
        """Where the building tile's next part may go (pp. 22-23), the spaces taken this
        turn first."""
        from ..core.turns.assist import open_for_building

        sheet = self.display_sheet()
        build = self.current_build()
        if sheet is None or build is None:
            return []
        cells = [sq for sq, _cell in sheet.colonia.squares() if open_for_building(sheet, sq)]
        if build.squares:  # the second part of a double tile: beside the first
            first = build.squares[0]
            cells = [sq for sq in cells if abs(sq[0] - first[0]) + abs(sq[1] - first[1]) == 1]
        elif len(build.parts) == 2:
            cells = [sq for sq in cells if any(_beside(sq, other) for other in cells)]
        taken = [sq for sq in self.view.draft.take if sq in cells]
        return taken + [sq for sq in cells if sq not in taken]

    def _suggested_cell(self) -> Square:
        cells = self.open_cells()
        return cells[0] if cells else self.view.cursor

    def cell_hint(self) -> str:
        build = self.current_build()
        if build is not None and len(build.parts) == 2 and len(build.squares) == 1:
            return _("The second part's space: an arrow picks the neighbour, Enter the one marked.")
        return _("Its space: type the cell (C4), or Enter for the one marked; + makes a double tile.")

    def _cell_key(self, key: str) -> None:
        build = self.current_build()
        view = self.view
        if view.pending == DOUBLE_KEY:
            self._set(pending=None)
            if key not in PART_KEYS:
                self._say(_("A double tile's second part: c i s m or b g o y."), True)
                return
            parts = (*build.parts, PART_KEYS[key])
            try:
                parse_tile("+".join(parts))
            except TileError:
                self._say(_("No tile shows {tile}: a double tile is a gray building and a "
                            "structure, or two structures of one colour ({page}).").format(
                    tile="+".join(parts), page=self._page("placement_double")), True)
                return
            self._replace_build(dataclasses.replace(build, parts=parts))
            self._set(cursor=self._suggested_cell())
            self._say(self.cell_hint())
            return
        if key == DOUBLE_KEY and len(build.parts) == 1 and not build.squares:
            self._push(pending=DOUBLE_KEY)
            self._say(_("The double tile's second part: c i s m or b g o y."))
            return
        second = len(build.parts) == 2 and len(build.squares) == 1
        if key in ("up", "down", "left", "right") or key in MOVES:
            moved = _moved(view.cursor if not second else build.squares[0], key)
            if second:
                self._choose_cell(moved)
            else:
                self._set(cursor=moved, pending=None)
            return
        if key in ("enter", " "):
            self._choose_cell(view.cursor)
            return
        if key == "tab":
            cells = self.open_cells()
            if cells:
                at = cells.index(view.cursor) + 1 if view.cursor in cells else 0
                self._set(cursor=cells[at % len(cells)])
            return
        self._typed(key, self.open_cells(), self._choose_cell)

    def _choose_cell(self, square: Square) -> None:
        build = self.current_build()
        if not (0 <= square[0] < BOARD_SIZE and 0 <= square[1] < BOARD_SIZE):
            return
        if square not in self.open_cells():
            self._say(self._placement_reason(build, square), True)
            self._set(pending=None)
            return
        build = dataclasses.replace(build, squares=(*build.squares, square))
        self._replace_build(build, cursor=square, pending=None)
        if not build.placed:
            following = self.open_cells()
            self._set(cursor=following[0] if following else square)
            self._say(self.cell_hint())
            return
        self._settle()

    def _placement_reason(self, build: BuildDraft, square: Square) -> str:
        from ..core.referee.build import placement_violations
        from ..render.referee import reason_text

        sheet = self.display_sheet()
        part = parse_tile(build.parts[len(build.squares)])
        found = placement_violations(sheet, part, (square,), self.session.rules)
        if found:
            return reason_text(found[0], self.session.rules)
        page = self._page("placement_double")
        if not build.squares:
            return _("{cell}: no open space beside it for the double tile's other part ({page}).") \
                .format(cell=square_name(*square), page=page)
        return _("{cell} is not beside {first}: the parts of a double tile lie side by side or "
                 "one above the other ({page}).").format(cell=square_name(*square), page=page,
                                                         first=square_name(*build.squares[0]))

    # --- What the rules leave open: asked in the referee's order ---------------------------

    def _trial(self, builds: int | None = None):
        turn = self.view.draft.turn(self.player, trial=True, builds=builds)
        return self.session.state.open_choices(turn)

    def _settle(self) -> None:
        """Ask what the turn so far still leaves open, or get ready to record it."""
        for _round in range(12):  # each pass answers one envoy slot at most
            if self._settle_once():
                return
        self._ready()

    def _settle_once(self) -> bool:
        """One look at the turn so far. True when a question is put (or the settling is
        over), False to look again."""
        from ..core.turns.problems import TurnRule

        build = self.current_build()
        building = build is not None and build.placed
        if building and not build.step_asked:
            menu = self._step_menu(build)
            self._replace_build(dataclasses.replace(build, step_asked=True), push=False)
            if menu is not None:
                self._ask(menu)
                return True
            build = self.current_build()
        trial = self._trial(builds=None if building else 0)
        rules = {p.rule for p in trial.problems}
        for problem in trial.choices:
            rule = problem.rule
            if rule is TurnRule.BONUS_UNSAID:
                self._ask(self._citizen_menu(problem))
                return True
            if rule is TurnRule.PAY_UNSAID and building:
                self._ask(self._pay_menu(problem))
                return True
            if rule is TurnRule.WORKER_UNSAID and building:
                self._ask(_worker_menu(_("The library's worker: which colour?"), "worker"))
                return True
            if rule is TurnRule.TILE_UNSAID and building:
                self._set(mode=Mode.TILE_CELL, menu=None, envoy=None)
                self._say(_("The fourth space gives a Colonia tile: type the covered space it "
                            "comes from."))
                return True
            if rule is TurnRule.ENVOY_UNSAID:
                target = self._envoy_target(problem)
                if target is not None:
                    self._ask_envoy(problem, target)
                    return True
        if building and not build.envoys_done:
            if TurnRule.ENVOY_TOO_MANY in rules or TurnRule.BUILD_ILLEGAL in rules:
                self._replace_build(dataclasses.replace(build, envoys_done=True), push=False)
                return False
            if not trial.refusals or rules <= {TurnRule.AREA_BONUS_COUNT}:
                # A slot with no square on offer (or an empty ship): no envoy goes.
                self._replace_build(dataclasses.replace(
                    build, envoys=(*build.envoys, Envoy(None))), push=False)
                return False
        for problem in trial.choices:
            if problem.rule is TurnRule.AREA_BONUS_COUNT:
                self._ask(self._area_menu(problem, building))
                return True
        self._ready(trial)
        return True

    def _ready(self, trial=None) -> None:
        self._set(mode=Mode.BUILD, menu=None, envoy=None, pending=None)
        if trial is not None and trial.refusals:
            self._show_problems(trial.refusals)
        elif any(b.placed for b in self.view.draft.builds):
            self._say(_("Enter records the turn (x: an exchange; a building key: another build, "
                        "after a fourth basilica)."))
        else:
            self._say(_("Build: a tile's key (c i s m, b g o y), x an exchange; Enter records "
                        "the turn without a build."))

    def _show_problems(self, problems) -> None:
        from ..render.turns import problem_text

        text = problem_text(problems[0])
        if len(problems) > 1:
            text = ngettext("{problem} (and {n} more)", "{problem} (and {n} more)",
                            len(problems) - 1).format(problem=text, n=len(problems) - 1)
        self._say(text, True)

    def _ask(self, menu: Menu) -> None:
        default = next((c for c in menu.choices if c.value == menu.default), None) \
            if menu.default is not None else None
        if default is not None and menu.count == 1:
            menu = dataclasses.replace(menu, at=menu.choices.index(default))
        self._set(mode=Mode.MENU, menu=menu, envoy=None, pending=None)
        if default is not None:
            self._say(_("{title} Enter: {choice}.").format(title=menu.title, choice=default.label))
        else:
            self._say(menu.title)

    def _step_menu(self, build: BuildDraft) -> Menu | None:
        """The benefit-track space used, where the build leaves a choice (p. 24)."""
        from ..core.referee.build import TrackBenefit, check_build

        trial = self._trial(builds=len(self.view.draft.builds) - 1)
        if trial.done is None:
            return None
        sheet = trial.table.board(self.player)
        verdict = check_build(sheet, parse_tile(build.tile), build.squares, self.session.rules,
                              cycle=self.position.cycle)
        for benefit in verdict.benefits:
            if isinstance(benefit, TrackBenefit) and len(benefit.choices) > 1:
                from ..render.table_words import step_words

                choices = [Choice(str(s.step), step_words(benefit.track, s), s.step)
                           for s in benefit.choices]
                choices.append(Choice("0", _("none"), 0))
                return Menu("step", _("Which benefit-track space does the build use?"),
                            tuple(choices), default=benefit.to_step)
        return None

    def _pay_menu(self, problem) -> Menu:
        from ..render.referee import bag_text

        choices = []
        for key, way in zip(MENU_KEYS, problem.details["ways"], strict=False):
            spent = tuple((r.value, k) for r, k in way)
            choices.append(Choice(key, bag_text(way), spent))
        return Menu("pay", _("How is it paid?"), tuple(choices), default=choices[0].value)

    def _citizen_menu(self, problem) -> Menu:
        row = problem.details["row"]
        offered = problem.details["choices"].split(" / ")
        if offered == ["worker"]:
            menu = _worker_menu(_("The second citizen's bonus: a worker of which colour?"), "bonus")
            return dataclasses.replace(menu, target=self._gain_target(row))
        keys = {word: key for key, word in {**PALETTE, **BONUS_KEYS}.items()}
        choices = tuple(Choice(keys.get(word, str(i)), _resource_word(word), word)
                        for i, word in enumerate(offered, start=1))
        return Menu("bonus", _("The second citizen's bonus ({page}):").format(
            page=self._page("second_bonus")), choices,
                    target=self._gain_target(row))

    def _gain_target(self, row: int):
        for index, gain in enumerate(self.view.draft.gains):
            if gain.citizen == row and not gain.bonus:
                return ("gain", index)
        return ("tile",)

    def _area_menu(self, problem, building: bool) -> Menu:
        n = problem.details["n"]
        least = min(problem.details.get("least", n), n)
        choices = tuple(Choice(key, _resource_word(word), word) for key, word in BONUS_KEYS.items())
        page = self._page("area_bonus")
        if least < n:  # Patrician II: one or two different ones an area (p. 26)
            page = self._page("citizens")
            title = (_("One or two different area bonuses (Patrician II, {page}):").format(
                page=page) if least == 1 and n == 2 else
                _("{least} to {n} area bonuses, one or two different ones for an area "
                  "(Patrician II, {page}):").format(least=least, n=n, page=page))
            label = _("no second bonus") if n == 2 else _("no more bonuses")
            choices += (Choice(ENTER, label, None),)
        elif n == 1:
            title = _("An area bonus ({page}):").format(page=page)
        else:
            title = _("{n} area bonuses, two different ones for an area ({page}):").format(
                n=n, page=page)
        target = "build" if building else self._gain_target(1)
        return Menu("area", title, choices, count=n, least=least, target=target)

    def _envoy_target(self, problem):
        if self.view.mode in (Mode.TILE_GAIN, Mode.TILE_CELL):
            return None
        build = self.current_build()
        if build is not None and build.placed:
            return "build"
        for index, gain in enumerate(self.view.draft.gains):
            if gain.citizen == 1 and gain.envoy is None:
                return ("gain", index)
        return None

    def _ask_envoy(self, problem, target) -> None:
        squares = tuple(problem.details.get("squares", ()))
        ask = EnvoyAsk(squares, str(problem.details.get("via", "")), target)
        self._set(mode=Mode.ENVOY, envoy=ask, menu=None, pending=None,
                  forum_cursor=squares[0] if squares else self.view.forum_cursor)
        self._say(self.envoy_hint())

    def envoy_hint(self) -> str:
        return _("An envoy may go on a marked square: type it (C3), Enter for the one under the "
                 "cursor, n for none.")

    # --- Answering a question ---------------------------------------------------------------

    def _menu_key(self, key: str) -> None:
        menu = self.view.menu
        if key in ("up", "down", "left", "right") and menu.count == 1:
            # Along the entries (a long menu scrolls with them); Enter takes the one marked.
            step = -1 if key in ("up", "left") else 1
            at = menu.at if menu.at is not None else (-1 if step > 0 else len(menu.choices))
            at = min(max(at + step, 0), len(menu.choices) - 1)
            self._set(menu=dataclasses.replace(menu, at=at))
            self._say(_("{title} Enter: {choice}.").format(title=menu.title,
                                                           choice=menu.choices[at].label))
            return
        if key == ENTER:
            if menu.count == 1 and menu.at is not None:
                self._answer(menu.choices[menu.at].value)
            elif menu.count == 1 and menu.default is not None:
                self._answer(menu.default)
            elif menu.count > 1 and menu.picked and len(menu.picked) >= menu.fewest:
                self._answer(menu.picked)  # no more: fewer than may be taken (Patrician II)
            else:
                self._say(menu.title + " " + _("Choose with its key."), True)
            return
        choice = next((c for c in menu.choices if c.key == key), None)
        if choice is None:
            self._unknown(key)
            return
        if menu.count > 1:
            picked = (*menu.picked, choice.value)
            if len(picked) < menu.count:
                self._push(menu=dataclasses.replace(menu, picked=picked))
                if len(picked) >= menu.fewest:
                    self._say(_("{title} Another one, or Enter: no more.").format(
                        title=menu.title))
                else:
                    self._say(_("{title} {n} more.").format(title=menu.title,
                                                           n=menu.count - len(picked)))
                return
            self._answer(picked)
            return
        self._answer(choice.value if menu.kind != "area" else (choice.value,))

    def click_option(self, index: int) -> None:
        self._completing = frozenset()  # a click is no key of a cell's name
        menu = self.view.menu
        if not self._fresh_click(("option", index)):
            return
        if self.view.mode is Mode.MENU and menu is not None and 0 <= index < len(menu.choices):
            self.press(menu.choices[index].key)

    def _answer(self, value) -> None:
        """The menu's answer, put where it belongs; then on to what is still open."""
        menu = self.view.menu
        draft = self.view.draft
        if menu.kind == "exchange":
            self._push(draft=dataclasses.replace(
                draft, exchanges=(*draft.exchanges, value._replace(after=draft.placed))))
            self._set(menu=None)
            self._settle()
            return
        if menu.target == "build":
            build = self.current_build()
            field_name = {"pay": "pay", "worker": "worker", "area": "bonus", "step": "take"}[menu.kind]
            if menu.kind == "step":
                value = None if value == menu.default else value
            self._replace_build(dataclasses.replace(build, **{field_name: value}))
        else:
            bonus = tuple(value) if menu.kind == "area" else (_bonus_word(value),)
            if menu.target == ("tile",):
                build = self.current_build()
                tile = dataclasses.replace(build.tile_gain, bonus=bonus)
                self._replace_build(dataclasses.replace(build, tile_gain=tile))
            else:
                index = menu.target[1]
                gains = list(draft.gains)
                gains[index] = dataclasses.replace(gains[index], bonus=bonus)
                self._push(draft=dataclasses.replace(draft, gains=tuple(gains)))
        self._set(menu=None)
        self._settle()

    # --- Envoys -----------------------------------------------------------------------------

    def forum(self):
        return self.table.forum

    def _envoy_key(self, key: str) -> None:
        view = self.view
        ask = view.envoy
        if key in NONE_KEYS and view.pending is None:
            self._place_envoy(None)
            return
        if key in ("up", "down", "left", "right") or key in MOVES:
            forum = self.forum()
            moved = _moved(view.forum_cursor, key, forum.width, forum.height)
            self._set(forum_cursor=moved, pending=None)
            return
        if key in ("enter", " "):
            self._place_envoy(view.forum_cursor)
            return
        if key == "tab" and ask.squares:
            at = ask.squares.index(view.forum_cursor) + 1 if view.forum_cursor in ask.squares else 0
            self._set(forum_cursor=ask.squares[at % len(ask.squares)])
            return
        forum = self.forum()
        self._typed(key, ask.squares, self._place_envoy, lambda k: _forum_coordinate(k, forum))

    def click_square(self, square: Square) -> None:
        self._completing = frozenset()  # a click is no key of a cell's name
        if self.view.mode is Mode.ENVOY and self._fresh_click(("square", square)):
            self._set(pending=None)
            self._place_envoy(square)

    def _place_envoy(self, square: Square | None) -> None:
        ask = self.view.envoy
        if square is not None and square not in ask.squares:
            self._set(pending=None, forum_cursor=square if self.forum().at(square) else
                      self.view.forum_cursor)
            cells = ", ".join(square_name(*sq) for sq in ask.squares)
            self._say(_("{cell}: no envoy may go there now; the squares on offer: {cells} ({page})")
                      .format(cell=square_name(*square), cells=cells, page=self._page("envoys")),
                      True)
            return
        envoy = Envoy(square)
        draft = self.view.draft
        if ask.target == "build":
            build = self.current_build()
            self._replace_build(dataclasses.replace(build, envoys=(*build.envoys, envoy),
                                                    envoys_asked=True), pending=None)
        else:
            gains = list(draft.gains)
            gains[ask.target[1]] = dataclasses.replace(gains[ask.target[1]], envoy=envoy)
            self._push(draft=dataclasses.replace(draft, gains=tuple(gains)), pending=None)
        self._set(envoy=None)
        self._settle()

    # --- The fourth library or market space: a tile taken and used at once ----------------

    def _tile_cell_key(self, key: str) -> None:
        view = self.view
        if key in ("up", "down", "left", "right") or key in MOVES:
            self._set(cursor=_moved(view.cursor, key), pending=None)
            return
        if key in ("enter", " "):
            self._take_tile(view.cursor)
            return
        self._typed(key, (), self._take_tile)

    def _take_tile(self, square: Square) -> None:
        sheet = self.display_sheet()
        if sheet.colonia.at(square).kind is not CellKind.COVERED:
            self._say(_("{cell} holds no Colonia tile any more: only a covered space gives one.")
                      .format(cell=square_name(*square)), True)
            return
        build = self.current_build()
        self._replace_build(dataclasses.replace(build, tile_square=square, tile_gain=GainDraft()),
                            mode=Mode.TILE_GAIN, cursor=square, pending=None)
        self._say(_("What does the tile from {cell} show? Enter when done.").format(
            cell=square_name(*square)))

    def _tile_gain_key(self, key: str) -> None:
        build = self.current_build()
        gain = build.tile_gain
        if key == "enter":
            if gain.empty:
                self._say(_("Say what the tile shows first (a palette key), then Enter."), True)
                return
            self._settle()
            return
        changed = self._palette_key(key, gain)
        if changed is None:
            self._unknown(key)
            return
        if changed is not gain:
            self._replace_build(dataclasses.replace(build, tile_gain=changed))
            if changed.citizen is not None:
                self._settle()

    # --- Recording --------------------------------------------------------------------------

    def line_text(self, passed: bool = False) -> str:
        """The turn's notation line as far as it is built (what Enter records)."""
        from ..parsing.notation import format_line

        if self.view.mode is Mode.STREETS:
            pending = self.view.pending or ""
            if self.position.cycle is None:
                return ""
            return f"round {self.position.cycle.numeral}.{self.position.round}: streets {pending}".rstrip()
        if self.player is None or self.view.mode in (Mode.SCORING, Mode.OVER):
            return ""
        turn = self.view.draft.turn(self.player, passed=passed)
        text = format_line(turn)
        build = self.current_build()
        if build is not None and not build.placed:
            text += "; build " + build.tile + "".join(" " + square_name(*sq) for sq in build.squares)
        if self.view.draft.empty:
            return f"{self.player}:"
        return text

    def line_value(self, passed: bool = False):
        """What Enter records: the round's street cards, or the turn as far as it is built."""
        from ..core.turns.moves import RoundStart, Street

        if self.view.mode is Mode.STREETS:
            streets = tuple(Street.from_token(t) for t in (self.view.pending or "").split())
            return RoundStart(self.position.cycle, self.position.round, streets or None)
        return self.view.draft.turn(self.player, passed=passed)

    def record_turn(self) -> None:
        self._record(self.line_value(passed=True))

    def _record(self, line) -> None:
        from ..render.turns import turn_line_text

        before = self.session.game
        recorded, refusal = self.session.record(line)
        if refusal is not None:
            reasons = "; ".join(p.message for p in _worded(refusal).problems)
            if self.session.game != before:  # recorded meanwhile in another window
                self._follow()
                reasons = _("The game changed in another window; it stands here now. {reasons}") \
                    .format(reasons=reasons)
            elif self.view.mode is Mode.STREETS:
                self._set(pending=None)
            self._say(reasons, True)
            return
        self._follow()
        said = turn_line_text(recorded).replace("\n ", ";") if recorded is not None else ""
        self._say(said + self._next_words())

    def _next_words(self) -> str:
        mode = self.view.mode
        if mode is Mode.STREETS:
            return " · " + _("Round {cycle}.{round}: its street cards?").format(
                cycle=self.position.cycle.numeral, round=self.position.round)
        if mode is Mode.TAKE:
            return " · " + _("{player}'s turn.").format(player=self.player)
        if mode is Mode.SCORING:
            return " · " + _("The scoring phase of cycle {cycle}.").format(
                cycle=self.position.cycle.numeral)
        return ""

    def _over_key(self, key: str) -> None:
        if key == "enter":
            self.done = True


# --- Helpers -------------------------------------------------------------------------------


def _worded(refusal):
    """A refusal as the screen says it: a line that does not read is words already; a line
    the rules refuse (core.state.LineRefused) is worded here."""
    from ..parsing.errors import InputError

    if isinstance(refusal, InputError):
        return refusal
    from ..render.problems import refusal_error

    return refusal_error(refusal)


def _record_words(answer) -> str:
    from ..render.board_text import record_text

    return record_text(answer)


def _street_key(key: str) -> str | None:
    if len(key) == 1 and key in ROW_DIGITS:
        return key
    if len(key) == 1 and key.upper() in COLUMN_LETTERS:
        return key.upper()
    return None


def _coordinate(key: str) -> tuple[str, int] | None:
    """A colonia coordinate typed: ("c", column) for A-F (either case), ("r", row) for 1-6."""
    if len(key) != 1:
        return None
    if key in ROW_DIGITS:
        return "r", int(key) - 1
    if key.upper() in COLUMN_LETTERS and key.upper() != key.lower():
        return "c", COLUMN_LETTERS.index(key.upper())
    return None


def _forum_coordinate(key: str, forum) -> tuple[str, int] | None:
    if len(key) != 1 or forum is None:
        return None
    if key in "0123456789" and 1 <= int(key) <= forum.height:  # str.isdigit() takes '²' too
        return "r", int(key) - 1
    if key.isalpha() and key.isascii():
        column = ord(key.upper()) - ord("A")
        if 0 <= column < forum.width:
            return "c", column
    return None


def _name_rest(square: Square, typed: str) -> frozenset[str]:
    """The keys that finish a cell's name after its column (``typed`` "c") or its row ("r")."""
    if typed == "c":
        return frozenset({str(square[1] + 1)})
    letter = square_name(square[0], 0)[:-1]
    return frozenset({letter.upper(), letter.lower()})


def _moved(square: Square, key: str, width: int = BOARD_SIZE, height: int = BOARD_SIZE) -> Square:
    dc, dr = MOVES.get(key, (0, 0))
    return (min(max(square[0] + dc, 0), width - 1), min(max(square[1] + dr, 0), height - 1))


def _beside(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1


def _worker_menu(title: str, kind: str) -> Menu:
    from ..render.names import colour_name

    return Menu(kind, title, tuple(Choice(c.letter, colour_name(c), c) for c in Colour))


def _bonus_word(value) -> str:
    """A second citizen's bonus as the notation writes it: a worker by its colour."""
    if isinstance(value, Colour):
        return f"worker:{value.value}"
    return value


def _resource_word(word: str) -> str:
    from ..render.table_words import resource_word

    return resource_word(word)
