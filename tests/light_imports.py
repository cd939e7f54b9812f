"""Which heavy modules a command loads: the --json answers must load no prompt or table library."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = ("questionary", "tabulate", "prompt_toolkit", "rich")


def heavy_modules_after(*commands: list[str]) -> list[str]:
    """Run the commands in one fresh interpreter; the heavy modules loaded by then."""
    code = (
        "import json, sys\nfrom trajan_cli.cli import main\n"
        f"for args in {json.dumps([list(c) for c in commands])}:\n"
        "    try:\n        main(args)\n    except SystemExit:\n        pass\n"
        f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]), file=sys.stderr)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    return json.loads(done.stderr.strip().splitlines()[-1])
