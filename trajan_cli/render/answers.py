"""The ``--json`` answers, with the keys docs/json.md lists (keys may only be added)."""

from __future__ import annotations

from ..core.colonia import name as colonia_name
from ..core.forum import name as forum_name
from ..core.scoring import ColoniaScore, CranesScore, ForumScore


def colonia_answer(score: ColoniaScore) -> dict:
    return {
        "rows": [
            {
                "row": r.row,
                "gray_types": len(r.gray_types),
                "active_citizens": r.active_citizens,
                "points": r.points,
                "citizen": r.citizen.value,
                "multiplier": r.multiplier,
                "gray_buildings": [t.value for t in r.gray_types],
            }
            for r in score.rows
        ],
        "total": score.total,
    }


def cranes_answer(score: CranesScore) -> dict:
    return {
        "cranes": [
            {
                "cell": colonia_name(c.square),
                "colour": c.colour.value,
                "structures": len(c.structures),
                "points": c.points,
                "points_each": c.points_each,
                "structure_cells": [colonia_name(sq) for sq in c.structures],
            }
            for c in score.cranes
        ],
        "total": score.total,
        "cycle": int(score.cycle),
    }


def forum_answer(score: ForumScore) -> dict:
    eagles = score.eagles
    answer = {
        "eagles": {
            "on": len(eagles.on),
            "orthogonal": len(eagles.orthogonal),
            "diagonal": len(eagles.diagonal),
            "points": eagles.points,
        },
        "largest_area": len(score.largest_area),
        "player": score.player,
        "largest_area_cells": [forum_name(sq) for sq in score.largest_area],
    }
    if score.area_points is not None:
        answer["area_points"] = score.area_points
        answer["total"] = score.total
    return answer
