"""A child process for the concurrency test: one more walkthrough window on a saved game.

It saves COUNT answers into the game NAME the way the walkthrough does: read the game, work
out the current question, answer it (quick counts, each question's default where it fits)
and save through ``walk.store_saver``, which refuses when another process changed the game
in between (unless the same question is still asked there: then the answer goes on top);
then it reads the game again and answers the new current question.
Prints "saved N changed M" at the end. Usage: python answer_writer.py NAME COUNT
"""

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from trajan_cli.core.scoring_phase.questions import Kind, answer_for  # noqa: E402
from trajan_cli.games import store  # noqa: E402
from trajan_cli.games.walk import store_saver  # noqa: E402


def an_answer(question):
    """A value the question accepts: its default, else the smallest one."""
    candidates = [question.default]
    if question.kind is Kind.CHOICE:
        candidates += [o.value for o in question.options]
    elif question.kind is Kind.MULTI:
        candidates += [[]]
    elif question.kind is Kind.INT:
        candidates += [question.minimum]
    elif question.kind is Kind.ROWS:
        candidates += [[question.minimum] * 6]
    for value in candidates:
        normal, problem = question.validate(value)
        if problem is None:
            return normal
    raise SystemExit(f"no answer for {question.key}")


def main() -> None:
    name, count = sys.argv[1], int(sys.argv[2])
    saved = changed = 0
    while saved < count:
        stored = store.load(name)
        state = store.replay(stored)
        question = state.question
        if question is None:
            break
        try:
            store_saver(stored.path)(answer_for(question, an_answer(question)), state)
        except store.GameChanged:
            changed += 1
            continue
        saved += 1
    print(f"saved {saved} changed {changed}", flush=True)


if __name__ == "__main__":
    main()
