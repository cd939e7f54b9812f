"""Sending a legionary into a province („Militär-Aktion“)."""

from __future__ import annotations

from .models import ClassicRules


def province_points(printed: int, foreign: int, rules: ClassicRules) -> int:
    """The province's printed points less 3 for each other player's legionary already
    there, never below 0."""
    return max(rules.province_minimum, printed - rules.province_deduction * foreign)
