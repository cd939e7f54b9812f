"""Problems found in a player's input, reported all at once (the first ones, at least)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .limits import MAX_PROBLEMS_SHOWN, MAX_TOKEN_SHOWN


class Problem(NamedTuple):
    """One thing wrong with an input file, and what to do about it."""

    file: str
    line: int | None
    token: str | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        token = self.token
        if token is not None and len(token) > MAX_TOKEN_SHOWN:
            token = token[:MAX_TOKEN_SHOWN] + "..."
        token = "" if token is None else f" {token!r}:"
        return f"{where}:{token} {self.message}"


class Unshown(Problem):
    """The last line of a long list: how many more problems were found (``count``)."""

    count: int = 0

    @classmethod
    def of(cls, file: str, count: int) -> Unshown:
        from ..i18n import ngettext

        message = ngettext("{n} more problem not shown; correct the ones above and try again",
                           "{n} more problems not shown; correct the ones above and try again",
                           count).format(n=count)
        unshown = cls(file, None, None, message)
        unshown.count = count
        return unshown


def _order(problem: Problem) -> tuple[str, int]:
    return problem.file, problem.line or 0


class InputError(Exception):
    """Raised with every problem a parser found; the CLI prints one line per problem.

    At most ``MAX_PROBLEMS_SHOWN`` problems are kept, the first ones found, and a last
    line says how many more there are (``more`` counts problems found but never made).
    """

    def __init__(self, problems: Iterable[Problem], more: int = 0):
        listed = []
        for problem in problems:
            if isinstance(problem, Unshown):  # an earlier error's summary, merged in
                more += problem.count
            else:
                listed.append(problem)
        more += max(0, len(listed) - MAX_PROBLEMS_SHOWN)
        # In file order, problems about the whole file first: the way a player reads it.
        shown: list[Problem] = sorted(listed[:MAX_PROBLEMS_SHOWN], key=_order)
        if more:
            shown.append(Unshown.of(shown[-1].file if shown else "trajan", more))
        self.problems = tuple(shown)
        self.more = more
        super().__init__("\n".join(str(p) for p in self.problems))


def shown(value: Any) -> str | None:
    """A value of the input as a problem's token: short, and safe for any value."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        from ..i18n import _

        # str() of a very long number is slow, and refused past 4300 digits.
        return _("a number of about {n} digits").format(n=int(value.bit_length() * 0.30103) + 1)
    if isinstance(value, (list, dict, tuple)):
        import reprlib

        return reprlib.repr(value)
    return str(value)


class ProblemList(list):
    """Collects problems for one file; ``raise_if_any`` ends a parse that found some.

    Past ``MAX_PROBLEMS_SHOWN`` problems are only counted (``more``): a message given as a
    function (one that looks for a suggestion, say) is then never made.
    """

    def __init__(self, file: str):
        super().__init__()
        self.file = file
        self.more = 0

    @property
    def found(self) -> int:
        """Every problem added, shown or not."""
        return len(self) + self.more

    def add(self, line: int | None, token: Any, message: str | Callable[[], str]) -> None:
        if len(self) >= MAX_PROBLEMS_SHOWN:
            self.more += 1
            return
        if callable(message):
            message = message()
        self.append(Problem(self.file, line, shown(token), message))

    def raise_if_any(self) -> None:
        if self.found:
            raise InputError(self, self.more)


#: Words longer than this get no suggestion: none of the known words is that long.
_LONGEST_GUESS = 40


def suggest(word: str, choices) -> str:
    """' (did you mean ...?)' for a near miss, else ''. Only called on the error path."""
    import difflib

    if not 3 <= len(word) <= _LONGEST_GUESS:  # one- and two-letter tokens are too short to guess from
        return ""
    from ..i18n import _

    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return _(" (did you mean {word!r}?)").format(word=close[0]) if close else ""


def with_suggestion(template: str, word: str, choices, **fields: Any) -> Callable[[], str]:
    """``template`` with its ``{suggestion}`` for ``word`` filled in, made only when shown."""
    return lambda: template.format(suggestion=suggest(word, choices), **fields)
