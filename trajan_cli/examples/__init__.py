"""Example files shipped with the tool (the rulebook's p. 28 scoring example)."""
