"""Problems found in a player's input, reported all at once."""

from __future__ import annotations

from typing import NamedTuple



class Problem(NamedTuple):
    """One thing wrong with an input file, and what to do about it."""

    file: str
    line: int | None
    token: str | None
    message: str

    def __str__(self) -> str:
        where = self.file if self.line is None else f"{self.file}:{self.line}"
        token = "" if self.token is None else f" {self.token!r}:"
        return f"{where}:{token} {self.message}"


class InputError(Exception):
    """Raised with every problem a parser found; the CLI prints one line per problem."""

    def __init__(self, problems: list[Problem] | tuple[Problem, ...]):
        # In file order, problems about the whole file first: the way a player reads it.
        self.problems = tuple(sorted(problems, key=lambda p: (p.file, p.line or 0)))
        super().__init__("\n".join(str(p) for p in self.problems))


class ProblemList(list):
    """Collects problems for one file; ``raise_if_any`` ends a parse that found some."""

    def __init__(self, file: str):
        super().__init__()
        self.file = file

    def add(self, line: int | None, token: str | None, message: str) -> None:
        self.append(Problem(self.file, line, token, message))

    def raise_if_any(self) -> None:
        if self:
            raise InputError(self)


def suggest(word: str, choices) -> str:
    """' (did you mean ...?)' for a near miss, else ''. Only called on the error path."""
    import difflib

    if len(word) < 3:  # one- and two-letter tokens are too short to guess from
        return ""
    from ..i18n import _

    close = difflib.get_close_matches(word.lower(), list(choices), n=1, cutoff=0.6)
    return _(" (did you mean {word!r}?)").format(word=close[0]) if close else ""
