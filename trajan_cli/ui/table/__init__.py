"""The table screen, `trajan play GAME`: the game followed turn by turn, each turn built with
keys on the pictures and recorded as a value of the notation, each cycle's scoring phase
asked question by question.

    app.py        the prompt_toolkit application: ``play_table(path)``, ``table_app`` (tests)
    screen.py     ``TableScreen``: its state, where the game stands, keys and clicks
                  dispatched to the step the screen is at, the undo stack
    draft.py      the screen's values: the turn as far as it is built, a menu, a view
    streets.py    the round's two street cards
    tiles.py      the tiles taken, what the used tile shows, the fourth space's tile
    palette.py    the keys of what a Colonia tile shows
    builds.py     a building tile and its space, an exchange
    choices.py    what the rules leave open, asked in the referee's order
                  (``GameState.open_choices``)
    menus.py      a menu asked and answered
    envoys.py     an envoy's square on the forum
    cells.py      a cell's name typed, the cursor moved (shared by the steps above)
    recording.py  the notation line, Enter's record, a recorded line taken back
    scoring.py    the scoring phase's questions answered with keys
    draw.py       the screen drawn at 80 x 24 (``draw_boards.py``: the pictures;
                  ``draw_scoring.py``: the standings)

Each step of a turn is a mixin of ``TableScreen``, on its view (``draft.View``) and the
session (``games.table_session.TableSession``); none of it imports a terminal library but
``app.py`` (through ``ui/app.py``, which loads prompt_toolkit when the application is
built). Only `trajan play` imports this package, once it has found the game, so every
module imports what it needs at its top.
"""
