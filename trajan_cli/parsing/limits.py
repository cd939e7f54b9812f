"""The largest inputs the tool reads, in one place (issue 13, items 6-10).

No table comes near them: a sheet is a few hundred bytes, a player holds a handful of each
resource, a forum is 3 to 5 mosaic boards (set-up, p. 18). They are there so that a slip
(a number typed twice, the wrong file) is refused with a clear message, and so that no
input, however it was made, costs more than about a second. Every refusal names the limit.

Limits that the printed components set (15 figures, 20 construction tiles, 60 commodity
cards, 70 forum tiles of Trajan) are rules facts and live in ``rules_data/``.
"""

from __future__ import annotations

#: Bytes read from one file. A sheet or a forum is a few hundred bytes; past this size the
#: TOML reader alone takes over half a second (measured: bench/adversarial.py).
MAX_FILE_BYTES = 256 * 1024

#: Tables and lists inside each other. The formats nest 3 deep at most (a sheet's
#: [supply] holds workers = { ... }); Python's TOML reader fails past about 330.
MAX_NESTING = 10

#: Any count a sheet gives without a limit printed on the components: coins, tribunes,
#: builders, assistants, workers of a colour, envoys on the ship (the publisher rules these
#: unlimited), and Trajan's senate votes and spaces.
MAX_COUNT = 999

#: Spaces of a forum (squares and gaps, as typed). Five mosaic boards hold well under 100
#: (the example forum, 3 boards: 32); judging two envoys of a double tile (check
#: envoy --count 2) grows with the square of this number: 400 takes about half a second.
MAX_FORUM_SPACES = 400

#: Player marks in one forum (the game is for 2 to 4 players).
MAX_FORUM_PLAYERS = 8

#: Problems listed for one input; the rest are counted. A file full of mistakes is
#: usually the wrong file, and each suggestion ("did you mean ...?") takes time to find.
MAX_PROBLEMS_SHOWN = 20

#: Characters of a token shown in a problem; a longer one is cut.
MAX_TOKEN_SHOWN = 60
