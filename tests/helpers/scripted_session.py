"""A child process for the crash test: walks a scripted session, saving after each answer.

Prints "saved N" (flushed) after the N-th answer is on disk, so the parent knows what must
survive a kill. Usage: python scripted_session.py NAME ANSWERS_JSON
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from walk_helpers import tom_game  # noqa: E402

from trajan_cli.games import store  # noqa: E402
from trajan_cli.ui.prompts import ScriptedPrompter  # noqa: E402
from trajan_cli.rulesdata import load_rules  # noqa: E402
from trajan_cli.games.walk import walk  # noqa: E402


def main() -> None:
    name, answers = sys.argv[1], json.loads(sys.argv[2])
    game = store.load_game(name) if store.exists(name) else tom_game(name=name)
    done = len(game.lines)

    def save(g):
        store.save_game(g)
        print(f"saved {len(g.lines)}", flush=True)

    walk(game, ScriptedPrompter(answers[done:], echo=lambda _line: None), load_rules(), save)
    print("finished", flush=True)


if __name__ == "__main__":
    main()
