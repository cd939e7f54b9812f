"""Write docs/readings.md, the readings page, from rules_data/readings.toml (Forum Trajanum)
and rules_data/classic.toml's [readings.*] (Trajan, 2011).

    .venv/bin/python scripts/readings_doc.py           # write docs/readings.md
    .venv/bin/python scripts/readings_doc.py --check   # fail if the page is out of date

The page is never edited by hand: the readings live in rules_data/readings.toml (with their
pages and sources), and tests/test_docs.py fails until this script has been run after a
change there.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

# The checkout's trajan_cli and rules_data, never an installed copy.
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trajan_cli.rulesdata import load_classic_readings, load_committed_readings, load_readings  # noqa: E402

PAGE = ROOT / "docs" / "readings.md"

INTRO = """\
# The readings: where the rulebook leaves a case open

<!-- Written by scripts/readings_doc.py from rules_data/readings.toml and rules_data/classic.toml:
edit those, not this page. -->

Where the rulebook leaves a case open, the referee reads it one way and says so where it
matters. In {switchable} of these cases a group may play the other reading, for a whole game,
as a house rule; {committed} have no other reading implemented. `trajan rules readings` lists them all
in the terminal, in your language. Cases the referee settles without a choice are in
[referee.md](referee.md#where-the-rulebook-is-open). Pages are the English rulebook's.

## House rules

```sh
trajan rules readings                                    # each case, its pages, source and readings
trajan game new friday -p Ann -p Bob --house eagle-envoy=add --house reactivation=per-class
```

The game keeps them (`"house"` in its file) and every command that scores or referees it
follows them: `trajan score`, `trajan build`, `check build --game`, `check envoy --game`.
`trajan game show` names them above the standings (`"house"` in its JSON). The commands
that judge files take `--house NAME=VALUE` too (`check build`, `check envoy`, `score
forum`, `card check`); with `--game` the game's own house rules apply.
"""


def _pages(pages: tuple[int, ...]) -> str:
    return ("p. " if len(pages) == 1 else "pp. ") + ", ".join(str(p) for p in pages)


def _count(n: int) -> str:
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
    return words[n] if n < len(words) else str(n)


def render() -> str:
    """The whole page, as the data says it now."""
    readings = load_readings()
    committed = load_committed_readings()
    out = [INTRO.format(switchable=_count(len(readings)), committed=_count(len(committed)))]
    for name, info in readings.items():
        out.append(f"### {name}\n")
        out.append(f"{info.case} Rulebook: {_pages(info.pages)}.\n")
        out.append(f"- The tool's reading, `{name}={info.default}`: {info.values[info.default]}")
        for value, text in info.values.items():
            if value != info.default:
                out.append(f"- As a house rule, `--house {name}={value}`: {text}")
        out.append(f"- Source: {info.source}\n")
    out.append("## Readings with no house rule\n")
    out.append("The tool commits to these readings; no `--house` switches them.\n")
    for name, c in committed.items():
        out.append(f"### {name}\n")
        out.append(f"{c.case} Rulebook: {_pages(c.pages)}.\n")
        out.append(f"- The tool's reading: {c.reading}")
        out.append(f"- Source: {c.source}\n")
    out += _classic()
    return "\n".join(out).rstrip() + "\n"


CLASSIC_INTRO = """\
## Trajan (2011)

The readings of the German Trajan rulebook (pages „S.“, else its section). {switchable} of
them a group may play the other way, for a whole game, as a house rule; the others the tool
commits to. `trajan rules readings --variant trajan` lists them in the terminal.

```sh
trajan game new rome --variant trajan -p Ann -p Bob --house start-bowl=skip
```

The game keeps them and `trajan classic score` follows them; `trajan game show` names them.
The file commands take `--house NAME=VALUE` too: `classic move` (start-bowl) and `classic
final` (yellow-tiles, building-jokers).
"""


def _classic() -> list[str]:
    readings = load_classic_readings()
    switchable = [info for info in readings.values() if info.values]
    out = [CLASSIC_INTRO.format(switchable=_count(len(switchable)).capitalize())]
    for name, info in readings.items():
        where = ", ".join([f"S. {p}" for p in info.pages] + [f"„{info.section}“"])
        out.append(f"### {name} (Trajan)\n")
        out.append(f"{info.case} Rulebook: {where}.\n")
        if info.values:
            out.append(f"- The tool's reading, `{name}={info.default}`: {info.values[info.default]}")
            for value, text in info.values.items():
                if value != info.default:
                    out.append(f"- As a house rule, `--house {name}={value}`: {text}")
        else:
            out.append(f"- The tool's reading (no house rule): {info.reading}")
        out.append(f"- Source: {info.source}\n")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if docs/readings.md is stale")
    args = parser.parse_args()
    page = render()
    if args.check:
        if not PAGE.exists() or PAGE.read_text(encoding="utf-8") != page:
            print("docs/readings.md is out of date: run scripts/readings_doc.py", file=sys.stderr)
            return 1
        return 0
    PAGE.write_text(page, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
