"""The prompt_toolkit side of the editors: one full-screen window, keys in, canvas out.

The editor state (``colonia_state``, ``forum_state``) does all the work; this module only
turns terminal keys into key names, mouse clicks into cursor moves, and the state into a
screen (``screen.py``) at the terminal's current size, every time it changes.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

from ..core.vocabulary import Colour

#: How long a lone Esc waits for the rest of an escape sequence (prompt_toolkit's default
#: is half a second, which makes Esc feel broken).
ESCAPE_TIMEOUT = 0.03

_SPECIAL = {
    "c-m": "enter", "c-j": "enter", "escape": "escape", "c-i": "tab", "s-tab": "s-tab",
    "c-h": "backspace", "delete": "delete", "up": "up", "down": "down", "left": "left",
    "right": "right", "home": "home", "end": "end", "c-z": "c-z", "c-c": "c-c", "c-q": "c-q",
}


def key_name(key: Any) -> str:
    """A prompt_toolkit key (a Keys member or the typed character) -> the editor's name."""
    value = getattr(key, "value", key)
    return _SPECIAL.get(value, value)


def _hex(colour_name: str) -> str:
    from prompt_toolkit.styles.named_colors import NAMED_COLORS

    lookup = {k.lower(): v for k, v in NAMED_COLORS.items()}
    return lookup.get(colour_name.lower(), "#808080")


def _ink_on(colour: Colour) -> str:
    """Black or white text, whichever reads better on the colour."""
    value = _hex(colour.value).lstrip("#")
    r, g, b = (int(value[i:i + 2], 16) for i in (0, 2, 4))
    return "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 140 else "#ffffff"


def style_rules(plain: bool) -> dict[str, str]:
    """Style classes used by the screens. ``plain``: NO_COLOR, attributes only."""
    from prompt_toolkit.styles.base import ANSI_COLOR_NAMES

    rules = {
        "title": "reverse bold", "cursor": "reverse bold", "key": "bold", "heading": "bold underline",
        "changed": "bold", "refusal": "bold", "ok": "", "dim": "", "covered": "",
        "info": "", "field": "underline", "here": "bold", "frame": "", "temple": "bold",
    }
    if plain:
        return rules
    rules |= {"refusal": "bold fg:#ff8787", "ok": "fg:#87d787", "dim": "fg:#8a8a8a",
              "covered": "fg:#8a8a8a", "frame": "fg:#6c6c6c", "temple": "bold fg:#d787d7",
              "gray": "bg:#bcbcbc fg:#000000", "eagle": "bg:#ffffff fg:#000000 bold",
              "info": "fg:#afd7ff", "changed": "bold fg:#ffd75f"}
    for colour in Colour:
        ansi = f"ansi{colour.value}"
        shade = ansi if ansi in ANSI_COLOR_NAMES else colour.value
        rules[f"tile-{colour.value}"] = f"bg:{shade} fg:{_ink_on(colour)} bold"
        rules[f"crane-{colour.value}"] = f"fg:{shade} bold"
    return rules


def no_color() -> bool:
    """https://no-color.org: any non-empty NO_COLOR turns colours off."""
    return bool(os.environ.get("NO_COLOR"))


def build_app(editor, draw: Callable, clicks: dict[str, Callable], *, input: Any = None,
              output: Any = None):
    """A full-screen Application that runs ``editor`` and returns its result."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.application.current import get_app
    from prompt_toolkit.key_binding import KeyBindings
    from prompt_toolkit.keys import Keys
    from prompt_toolkit.layout import Layout, Window
    from prompt_toolkit.layout.controls import FormattedTextControl
    from prompt_toolkit.mouse_events import MouseEventType
    from prompt_toolkit.output import ColorDepth
    from prompt_toolkit.styles import Style

    from .colonia_state import LEAVE_KEYS
    from .screen import MIN_HEIGHT, MIN_WIDTH
    from .terminal_input import install

    plain = no_color()

    def on_mouse(callback: Callable[[], None]):
        def handler(event):
            if event.event_type in (MouseEventType.MOUSE_DOWN, MouseEventType.MOUSE_UP):
                callback()
                return None
            return NotImplemented

        return handler

    def fragments():
        size = get_app().output.get_size()
        canvas = draw(editor, size.columns, size.rows, **clicks)
        return canvas.fragments(on_mouse)

    bindings = KeyBindings()

    def handle(event) -> None:
        size = event.app.output.get_size()
        fits = size.columns >= MIN_WIDTH and size.rows >= MIN_HEIGHT
        for press in event.key_sequence:
            key = key_name(press.key)
            if fits or key in LEAVE_KEYS:  # a window too small shows only "Enlarge, or Esc"
                editor.press(key)
        if editor.done:
            event.app.exit(result=editor.result)

    for key in (Keys.Any, "up", "down", "left", "right", "home", "end", "delete", "c-m", "c-j",
                "c-i", "s-tab", "c-h", "c-z", "c-c", "c-q"):
        bindings.add(key)(handle)
    bindings.add("escape", eager=True)(handle)

    control = FormattedTextControl(fragments, focusable=True, show_cursor=False)
    app = Application(
        layout=Layout(Window(control, wrap_lines=False, always_hide_cursor=True)),
        key_bindings=bindings, style=Style.from_dict(style_rules(plain)), full_screen=True,
        mouse_support=True, enable_page_navigation_bindings=False,
        color_depth=ColorDepth.DEPTH_1_BIT if plain else None,
        **{k: v for k, v in {"input": input, "output": output}.items() if v is not None},
    )
    app.ttimeoutlen = ESCAPE_TIMEOUT
    app.timeoutlen = 0.3
    install(app.input)  # only whole, known keys and reports reach the editor
    return app


def run(app) -> Any:
    """Run the editor; a closed input (EOF) leaves without saving."""
    try:
        return app.run()
    except EOFError:
        return None
