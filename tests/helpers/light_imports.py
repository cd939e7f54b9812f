"""Which modules a command loads: the --json answers must load no prompt or table library, and
each command only the models of what it answers."""

from __future__ import annotations

import ast
import subprocess
import sys

HEAVY = ("questionary", "tabulate", "prompt_toolkit", "rich")


def heavy_modules_after(*commands: list[str]) -> list[str]:
    """Run the commands in one fresh interpreter; the heavy modules loaded by then."""
    return modules_after(HEAVY, *commands)


def modules_after(names: tuple[str, ...], *commands: list[str]) -> list[str]:
    """Run the commands in one fresh interpreter; those of ``names`` loaded by then."""
    code = (  # imports nothing of its own beyond sys, so that json can be asked about too
        "import sys\nfrom trajan_cli.cli import main\n"
        f"for args in {[list(c) for c in commands]!r}:\n"
        "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
        f"print(repr([m for m in {tuple(names)!r} if m in sys.modules]), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    return ast.literal_eval(done.stderr.strip().splitlines()[-1])
