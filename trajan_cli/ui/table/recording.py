"""Recording from the table screen: the turn's notation line as it is built, the value
Enter records (the round's street cards or the turn, through the game's table session, as
`trajan turn` records a line), what the screen says then, and ``u`` with nothing typed:
the last recorded line taken back, as `trajan game undo` does."""

from __future__ import annotations

from ...core.game import PLAY_RECORD, Answer
from ...core.records import is_record
from ...core.turns.moves import RoundStart, Street, Turn
from ...core.vocabulary import square_name
from ...i18n import _
from ...parsing.errors import InputError
from ...parsing.notation import format_line
from ...render.board_text import record_text
from ...render.problems import refusal_error
from ...render.turns import turn_line_text
from .draft import Mode


class Recording:
    """A mixin of ``screen.TableScreen``: lines recorded and taken back."""

    def line_text(self, passed: bool = False) -> str:
        """The turn's notation line as far as it is built (what Enter records)."""
        if self.view.mode is Mode.STREETS:
            pending = self.view.pending or ""
            if self.position.cycle is None:
                return ""
            return f"round {self.position.cycle.numeral}.{self.position.round}: streets {pending}".rstrip()
        if self.player is None or self.view.mode in (Mode.SCORING, Mode.SCORED, Mode.OVER):
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
        if self.view.mode is Mode.STREETS:
            streets = tuple(Street.from_token(t) for t in (self.view.pending or "").split())
            return RoundStart(self.position.cycle, self.position.round, streets or None)
        return self.view.draft.turn(self.player, passed=passed)

    def record_turn(self) -> None:
        self._record(self.line_value(passed=True))

    def _record(self, line) -> None:
        before = self.session.game
        recorded, refusal = self.session.record(line)
        if refusal is not None:
            reasons = "; ".join(p.message for p in worded(refusal).problems)
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

    def take_back_line(self) -> None:
        """`u` with nothing typed: the last recorded line or answer taken back (as `trajan
        game undo`)."""
        lines = self.session.game.lines
        last = lines[-1] if lines else None
        if last is not None and not isinstance(last, (RoundStart, Turn)) and not (
                isinstance(last, Answer) and (not is_record(last.key) or last.key == PLAY_RECORD)):
            # A board, the forum or a build recorded by another command: not the screen's.
            self._say(_("The last record is not a line of play ({record}); take it back with: "
                        "trajan game undo \"{game}\"").format(
                record=record_text(last), game=self.session.name), True)
            return
        last = self.session.take_back()
        self._follow(ask_known=True)
        if last is None:
            self._say(_("Nothing to take back: no line is recorded yet."))
        elif isinstance(last, (RoundStart, Turn)):
            self._say(_("Took back: {line}").format(line=format_line(last)))
        elif last.key == PLAY_RECORD and isinstance(last.value, dict):
            self._say(_("Took back: {line}").format(line=last.value.get("line", "")))
        else:
            self._say(self.answer_taken_back(last))


def worded(refusal):
    """A refusal as the screen says it: a line that does not read is words already; a line
    the rules refuse (core.state.LineRefused) is worded here."""
    if isinstance(refusal, InputError):
        return refusal
    return refusal_error(refusal)
