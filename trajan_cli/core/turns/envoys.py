"""Envoys and area bonuses (pp. 24-26): the envoys a build sends from the ship, matched
with what its line says; each placed where the referee of ``core/referee/envoy.py``
allows; an area completed earns its bonus, two different ones with Patrician II.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from ..forum import Forum
from ..referee.envoy import (
    Placement,
    completes_area,
    legal_squares,
    place,
    violations_at,
)
from ..vocabulary import Citizen, square_name
from .judging import Judging
from .moves import AREA_BONUSES, VP, Envoy
from .problems import TurnProblem, TurnRule


class Envoys:
    """The envoys a build may send, in the order its parts and benefits send them, matched
    with what the build line says (``envoy CELL ...``, ``-`` for none, ``envoy none``)."""

    def __init__(self, said: tuple[Envoy, ...] | None):
        self.said = said
        self.slots = 0
        self.placed: list[str] = []
        self.filled: list[Envoy] = []  # one per slot, for the recorded line

    def slot(self, work: Judging, placement: Placement, bonus_sources: list[int],
             before: Forum | None) -> None:
        index = self.slots
        self.slots += 1
        if self.said == ():
            target = Envoy(None)  # "envoy none": none of them
        elif self.said is None or index >= len(self.said):
            target = None  # not said: refused below if this envoy could go anywhere
        else:
            target = self.said[index]
        completed = place_envoy(work, placement, target, before, work.page("envoys"),
                                 placed=self.placed)
        self.filled.append(target if target is not None else Envoy(None))
        if completed:
            bonus_sources.append(bonuses_per_area(work))

    def finish(self, work: Judging) -> None:
        if self.said is not None and len(self.said) > self.slots:
            work.refuse(TurnRule.ENVOY_TOO_MANY, work.page("envoys"), n=self.slots,
                        given=len(self.said))

    def recorded(self, said):
        """The envoys as the record keeps them: as said, one entry per envoy the build sent
        or could have sent (``-`` where none went); ``envoy none`` kept as said, a choice
        made (an envoy is optional, p. 25); unsaid when the line said nothing (then no
        envoy could go anywhere, the line was read back as recorded where only this turn's
        own tile could have gone, or the line was refused)."""
        if said is None or said == ():
            return said
        return tuple(self.filled)


def place_envoy(work: Judging, placement: Placement, target: Envoy | None, before: Forum | None,
                 page, placed: list | None = None) -> bool:
    """One envoy from the ship to ``target``; True when it completed a colour area.

    ``target`` None: the line did not say, which is refused when the envoy could go
    somewhere (an envoy is optional, but the record says so: ``envoy none``, p. 25)."""
    if work.forum is None:
        if target is not None and target.square is not None:
            work.refuse(TurnRule.NO_FORUM, page)
        return False
    forum, mark = work.forum.with_mark_for(work.player)
    if target is None or target.square is None:
        # Read back as recorded: with no envoy but this turn's own ones, an earlier reading
        # put none on the ship yet, and the line said nothing (see referee.apply_turn).
        earlier_none = work.as_recorded and placement.ship is not None \
            and placement.ship <= work.fresh
        if target is None and placement.ship and not earlier_none:
            legal = legal_squares(forum, placement, work.rules, before=before)
            if legal:
                work.refuse(TurnRule.ENVOY_UNSAID, page, via=placement.via,
                            cells=", ".join(square_name(*sq) for sq in legal),
                            squares=tuple(legal))
        return False
    square = target.square
    if forum.at(square) is None:
        work.refuse(TurnRule.ENVOY_ILLEGAL, page, cell=square_name(*square), outside=True)
        return False
    violations = violations_at(forum, square, placement, work.rules, before=before)
    if violations:
        cells = ", ".join(square_name(*sq) for sq in
                          legal_squares(forum, placement, work.rules, before=before)) or "-"
        for violation in violations:
            work.problems.append(TurnProblem(TurnRule.ENVOY_ILLEGAL, violation.page,
                                             {"cell": square_name(*square), "legal": cells},
                                             violation))
        return False
    completed = bool(completes_area(forum, square))
    work.forum = place(forum, square, mark)
    work.ship(-1)
    if placed is not None:
        placed.append(square_name(*square))
    return completed


def bonuses_per_area(work: Judging) -> int:
    """Area bonuses per completed area: one, two different ones with Patrician II (p. 26)."""
    return 2 if work.sheet.has_active(Citizen.PATRICIAN_II) else 1


def area_bonuses(work: Judging, sources: list[int], given: Sequence[str] | None,
                  page) -> Counter:
    """The area bonuses earned (p. 25), each source giving one, or with Patrician II one or
    two different ones ("not only 1, but 2 different", p. 26), taken in the order ``given``
    names them (None: not said). Returns what went into the supply; ``vp`` scores its
    points during play."""
    most = sum(sources)
    if given is not None and not given:  # "bonus none": the player takes none of them
        return Counter()
    words = tuple(given or ())
    least = len(sources)
    if not least <= len(words) <= most:
        # ``n``: as many as may be taken (what a prompt asks); ``least``: one per source.
        work.refuse(TurnRule.AREA_BONUS_COUNT, page, n=most, least=least, given=len(words),
                    choices=", ".join(AREA_BONUSES))
        return Counter()
    wrong = [w for w in words if w not in AREA_BONUSES]
    if wrong:
        work.refuse(TurnRule.BONUS_WRONG, page, given=" ".join(wrong), choices=" / ".join(AREA_BONUSES))
        return Counter()
    if _bonus_split(words, sources) is None:  # a source's two are the same
        work.refuse(TurnRule.AREA_BONUS_SAME, work.page("citizens"), given=" ".join(words))
    gained = Counter(w for w in words if w != VP)
    work.points += work.rules.area_bonus_points * words.count(VP)
    work.add(dict(gained))
    return gained


def _bonus_split(words: Sequence[str], sources: Sequence[int]) -> list[tuple[str, ...]] | None:
    """``words`` shared out in order among ``sources``, one to as many as each gives, all
    different within a source (p. 26); None when no such sharing exists."""
    if not sources:
        return [] if not words else None
    first, rest = sources[0], sources[1:]
    for size in range(1, first + 1):
        chunk = tuple(words[:size])
        if len(chunk) < size or len(set(chunk)) != size:
            break
        after = _bonus_split(words[size:], rest)
        if after is not None:
            return [chunk, *after]
    return None
