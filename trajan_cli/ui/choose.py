"""Small questions in the terminal for commands outside the walkthrough: one choice among
a few, or a line of text."""

from __future__ import annotations

from collections.abc import Sequence


def choose(question: str, labels: Sequence[str], default: int = 0) -> int:
    """The index of the label chosen; Ctrl-C raises KeyboardInterrupt."""
    import questionary

    from .prompts import select_hint

    choices = [questionary.Choice(label, value=i) for i, label in enumerate(labels)]
    return questionary.select(question, choices=choices, default=choices[default],
                              instruction=select_hint()).unsafe_ask()


def ask_text(question: str, default: str = "") -> str:
    """The line typed, as typed (``default`` already typed, to change); Ctrl-C raises
    KeyboardInterrupt."""
    import questionary

    return questionary.text(question, default=default).unsafe_ask()
