"""The game as it is played: rounds and turns, kept as a game record (docs/notation.md).

- :mod:`.moves`: the values a record line stands for (a round's street cards, a turn and
  its parts, a board or forum set-up, a scoring answer), as python-chess has its Move;
  ``parsing/notation.py`` reads and writes them as text.
- :mod:`.state`: where play stands (cycle, round, whose turn, the street cards) and what
  the boards alone do not hold (tiles beside each colonia, points scored during play).
- :mod:`.referee`: a turn judged whole on the table and applied, or refused with every
  reason and its page (:mod:`.problems`). Pure: no I/O, no prompts; the referee for builds
  and envoys (``core/referee``) does the judging it already knows. Each part of a turn is
  judged in its own module: :mod:`.rounds`, :mod:`.taking`, :mod:`.citizens` (using a
  tile), :mod:`.building`, :mod:`.envoys` (and area bonuses), :mod:`.exchanges`,
  :mod:`.passing`, on the turn being judged (:mod:`.judging`).
- :mod:`.assist`: a turn being built tried on a copy, and the choices it leaves open.
"""
