"""The set-up screen, `trajan play GAME` on a game whose boards are not set up yet: per
player what chance or choice decides at set-up (pp. 18-19), then the forum's faces, typed
with keys and recorded as the record's ``box`` and ``set-up`` lines (values, no text in
between); then the table screen takes over.

    state.py  ``SetupScreen``: the steps, key by key, and the lines they make
    draw.py   the screen drawn at 80 x 24, in the table screen's look
    app.py    the prompt_toolkit application: ``play_setup(path)``, ``setup_app`` (tests)

Like ``ui/table/``, only `trajan play` imports this package, once it has found the game.
"""
