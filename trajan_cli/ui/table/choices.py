"""What the rules leave open in a turn, settled in the referee's order: after each part of
the turn the state is asked what the turn so far still needs (``GameState.open_choices``,
``core/turns/assist.py``; the one list of what is open) and the screen asks exactly that:
a payment (p. 22), a benefit-track space (p. 24), a worker's colour, the fourth space's
tile (p. 24), an envoy's square (p. 25), a second citizen's bonus (p. 26), area bonuses
(p. 25). Anything else the referee finds is shown as it words it; the screen decides no
rule. The menus themselves are ``menus.py``'s."""

from __future__ import annotations

import dataclasses

from ...core.turns.assist import track_choice
from ...core.turns.moves import ASSISTANT, COIN, TRIBUNE, UPGRADE, VP, Envoy
from ...core.turns.problems import TurnRule
from ...core.vocabulary import Colour
from ...i18n import _, ngettext
from ...render.names import colour_name
from ...render.referee import bag_text
from ...render.table_words import resource_word, step_words
from ...render.turns import problem_text
from .draft import BuildDraft, Choice, Menu, Mode
from .menus import ENTER, MENU_KEYS
from .palette import PALETTE

#: The area bonuses (p. 25), one key each.
BONUS_KEYS: dict[str, str] = {"t": TRIBUNE, "a": ASSISTANT, "c": COIN, "p": UPGRADE, "v": VP}


class Settling:
    """A mixin of ``screen.TableScreen``: the open choices of the turn so far, asked."""

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
        build = self.current_build()
        building = build is not None and build.placed
        if building and not build.step_asked:
            # How to pay comes first (p. 22), then the benefit-track space (p. 24): the
            # payment does not depend on the space, and the player pays before moving on.
            pay = next((p for p in self._trial().choices if p.rule is TurnRule.PAY_UNSAID
                        and build.pay is None), None)
            if pay is not None:
                self._ask(self._pay_menu(pay))
                return True
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
        text = problem_text(problems[0])
        if len(problems) > 1:
            text = ngettext("{problem} (and {n} more)", "{problem} (and {n} more)",
                            len(problems) - 1).format(problem=text, n=len(problems) - 1)
        self._say(text, True)

    def _step_menu(self, build: BuildDraft) -> Menu | None:
        """The benefit-track space used, where the build leaves a choice (p. 24)."""
        trial = self._trial(builds=len(self.view.draft.builds) - 1)
        if trial.done is None:
            return None
        sheet = trial.table.board(self.player)
        benefit = track_choice(sheet, build.tile, build.squares, self.session.rules, self.position.cycle)
        if benefit is None:
            return None
        choices = [Choice(str(s.step), step_words(benefit.track, s), s.step) for s in benefit.choices]
        choices.append(Choice("0", _("none"), 0))
        return Menu("step", _("Which benefit-track space does the build use?"), tuple(choices),
                    default=benefit.to_step)

    def _pay_menu(self, problem) -> Menu:
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
        choices = tuple(Choice(keys.get(word, str(i)), resource_word(word), word)
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
        choices = tuple(Choice(key, resource_word(word), word) for key, word in BONUS_KEYS.items())
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


def _worker_menu(title: str, kind: str) -> Menu:
    return Menu(kind, title, tuple(Choice(c.letter, colour_name(c), c) for c in Colour))
