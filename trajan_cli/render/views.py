"""What the standings tables need to know of a game: its columns, the names of its steps and
periods, how its ranking was decided.

Each game's renderer builds its :class:`View` (Forum Trajanum's in :mod:`.standings`,
Trajan's in :mod:`.classic`); the tables in :mod:`.standings` serve both. Kept apart so
that neither renderer imports the other's module for it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class View(NamedTuple):  # not a frozen dataclass: about 1 ms less to import
    """How one game's standings are laid out and named."""

    categories: tuple[Any, ...]  # the columns, in order
    category_name: Callable[[Any], str]
    step_name: Callable[[Any], str]
    step_columns: Mapping[Any, tuple[Any, ...]]  # the columns a step fills
    period_label: Callable[[], str]  # column heading template: "Cycle {cycle}"
    period_text: Callable[[], str]  # in a sentence: "cycle {cycle}"
    period_key: str  # "cycle" or "quarter" in JSON and CSV
    ranking_reason: Callable[[str], str]
