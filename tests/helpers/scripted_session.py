"""A child process for the crash test: walks a scripted session, saving after each answer.

Prints "saved N" (flushed) after the N-th answer is on disk, so the parent knows what must
survive a kill. Usage: python scripted_session.py NAME ANSWERS_JSON
"""

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trajan_cli.games import store  # noqa: E402
from trajan_cli.games.walk import store_saver, walk  # noqa: E402
from trajan_cli.ui.prompts import ScriptedPrompter  # noqa: E402

from helpers.walkthrough import tom_game  # noqa: E402


def main() -> None:
    name, answers = sys.argv[1], json.loads(sys.argv[2])
    if not store.exists(name):
        store.save_game(tom_game(name=name))
    stored = store.load(name)
    state = store.replay(stored)
    done = len(state.lines)
    saver = store_saver(stored.path)

    def save(answer, current):
        after = saver(answer, current)
        print(f"saved {len(after.lines)}", flush=True)
        return after

    walk(state, ScriptedPrompter(answers[done:], echo=lambda _line: None), save)
    print("finished", flush=True)


if __name__ == "__main__":
    main()
