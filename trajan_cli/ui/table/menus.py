"""A menu on the table screen: a choice the rules leave (``choices.py`` puts it), one key
an entry, the arrows along them and Enter for the one marked (the suggestion first), a
click on an entry; the answer is put where it belongs in the turn being built."""

from __future__ import annotations

import dataclasses

from ...core.vocabulary import Colour
from ...i18n import _
from .draft import Menu, Mode

ENTER = "enter"
#: A menu's keys, in order: digits, then letters (not u, the key that takes back).
MENU_KEYS = "123456789abcdefghijklmnopqrstvwxyz"


class MenuKeys:
    """A mixin of ``screen.TableScreen``: a menu asked and answered."""

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


def _bonus_word(value) -> str:
    """A second citizen's bonus as the notation writes it: a worker by its colour."""
    if isinstance(value, Colour):
        return f"worker:{value.value}"
    return value
