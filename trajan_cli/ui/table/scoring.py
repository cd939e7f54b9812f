"""The scoring phase on the table screen (`trajan play`): after round 4 the walkthrough's
questions come one by one, each answered with a key or two (Enter takes the suggestion)
and recorded through the same path as a `score` line of `trajan turn`, so the phase is
checked, saved and taken back like every other line. A mixin of ``screen.TableScreen``.
"""

from __future__ import annotations

from pathlib import Path

from ...core.scoring_phase.questions import Kind
from ...i18n import _
from ...parsing.errors import InputError
from ...parsing.tomlfile import read_text
from ...render.standings import event_line
from ..prompts import message, option_label, parse_numbers, parse_rows
from .draft import Choice, Mode, View
from .recording import worded
from .streets import _street_key


class ScoringKeys:
    """The keys of a scoring question: a choice's key, a row toggled, a number typed."""

    def _begin_question(self) -> None:
        question = self.position.question
        picked = tuple(question.default or ()) if question.kind is Kind.MULTI else ()
        self.view = View(Mode.SCORING, picked=picked, field="")

    def question_keys(self) -> list[Choice]:
        """A CHOICE question's options, each with the key that picks it."""
        question = self.position.question
        labels = [option_label(o) for o in question.options]
        own = len(set(labels)) == len(labels) and all(len(label) == 1 for label in labels)
        return [Choice(label if own else str(n), label, o.value)
                for n, (label, o) in enumerate(zip(labels, question.options, strict=True), start=1)]

    def _scoring_key(self, key: str) -> None:
        question = self.position.question
        view = self.view
        kind = question.kind
        if key == "enter":
            self._submit_answer()
            return
        if kind is Kind.CHOICE:
            choice = next((c for c in self.question_keys() if c.key == key), None)
            if choice is None:
                self._unknown(key)
                return
            self._record_answer(choice.value)
            return
        if kind is Kind.MULTI:
            choice = next((c for c in self.question_keys() if str(c.value) == key or c.key == key),
                          None)
            if choice is None:
                self._unknown(key)
                return
            values = [o.value for o in question.options]
            picked = set(view.picked) ^ {choice.value}
            self._set(picked=tuple(v for v in values if v in picked))
            return
        if key in ("backspace", "delete"):
            self._set(field=view.field[:-1])
            return
        allowed = "0123456789" if kind is Kind.INT else "0123456789 ,"
        if kind in (Kind.FILE, Kind.BOARD) or key in allowed and len(key) == 1:
            if len(key) == 1 and key.isprintable():
                self._set(field=view.field + key)
                return
        self._unknown(key)

    def _submit_answer(self) -> None:
        question = self.position.question
        view = self.view
        kind = question.kind
        text = (view.field or "").strip()
        if kind is Kind.CHOICE:
            value = question.default
        elif kind is Kind.MULTI:
            value = list(view.picked)
        elif kind is Kind.INT:
            if not text and question.default is None:
                self._say(_("Type the number, then Enter."), True)
                return
            value = int(text) if text else question.default
        elif kind is Kind.ROWS:
            value = parse_rows(text) if text else question.default
        elif kind is Kind.NUMBERS:
            value = parse_numbers(text) if text else question.default
        elif kind is Kind.BOARD:
            value = None  # kept as recorded: the board editor is `trajan score`'s
        else:
            if not text:
                self._say(_("Type the file's path, then Enter."), True)
                return
            try:
                value = {"path": text, "text": read_text(Path(text).expanduser())}
            except InputError as exc:
                self._say("; ".join(p.message for p in exc.problems), True)
                return
        if isinstance(value, str):  # a parser's message
            self._say(value, True)
            return
        self._record_answer(value)

    def _record_answer(self, value) -> None:
        question = self.position.question
        before = len(self.session.state.events)
        recorded, refusal = self.session.record(question.answer(value))
        if refusal is not None:
            self._say("; ".join(p.message for p in worded(refusal).problems), True)
            return
        events = self.session.state.events[before:]
        self._follow()
        said = " ".join(event_line(e).strip() for e in events if e.category is not None)
        if self.view.mode is not Mode.SCORING:
            said = (said + " · " if said else "") + (
                _("The scoring phase is done.") + self._next_words() if self.view.mode is not Mode.OVER
                else _("The game is over."))
            if self.view.mode is not Mode.OVER:
                # The phase's final standings stay on the screen until a key.
                self.scored_cycle = question.cycle
                self.view = View(Mode.SCORED)
        self._say(said or _("Answered."))

    def _scored_key(self, key: str) -> None:
        """A key after a scoring phase's final standings: on to the next round's street
        cards; a street card's key is taken as the first one too."""
        self._follow()
        if self.view.mode is Mode.STREETS and _street_key(key) is not None:
            self._streets_key(key)

    def answer_taken_back(self, answer) -> str:
        """What `u` took back of the scoring phase, as a person reads it: the answer in
        words, then the question it answered (asked again now, as the phase asks it)."""
        question = self.position.question  # asked again: the answer's own question
        if (self.view.mode is not Mode.SCORING or question is None
                or question.key != answer.key or question.player != answer.player):
            return _("Took back: {line}").format(
                line=f"{answer.player or '-'}: {answer.key} = {answer.value}")
        return _("Took back {player}'s answer “{answer}” to: {question}").format(
            player=answer.player, answer=answer_words(question, answer.value),
            question=message(question))


def answer_words(question, value) -> str:
    """A scoring answer as the question's own words put it: the options chosen by their
    labels, numbers as numbers, "none" for no row."""
    labels = {repr(o.value): option_label(o) for o in question.options or ()}
    if question.kind is Kind.CHOICE:
        return labels.get(repr(value), str(value))
    if question.kind is Kind.MULTI:
        chosen = [labels.get(repr(v), str(v)) for v in value or ()]
        return "; ".join(chosen) if chosen else _("none")
    if question.kind is Kind.BOARD:
        return _("kept as recorded")
    if isinstance(value, dict) and "path" in value:
        return str(value["path"])
    if isinstance(value, (list, tuple)):
        return " ".join(str(v) for v in value) or _("none")
    return str(value)
