"""Saved games on disk: the record file (:mod:`.record_file`), its lock and writes
(:mod:`.store`), what is recorded into it (:mod:`.recording`), the scoring walk over a game
(:mod:`.walk`), the table screen's game (:mod:`.table_session`), and the snapshots that
spare readers a replay (:mod:`.snapshot`). The rules themselves live in ``core``: a game
read from its file is ``core.state.GameState.replay`` of its lines."""
