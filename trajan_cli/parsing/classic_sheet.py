"""The Trajan (2011) player sheet (TOML) -> :class:`ClassicSheet`.

Every key but ``name`` may be left out and counts as 0 or empty. Limits that the
components set (15 figures, 20 construction tiles, 60 commodity cards, 5 of a kind, 70
forum tiles, senate tiles of 2 to 5 votes, 6 places for Trajan tiles, 12 bonus tiles)
catch typing mistakes; every other count stops at the tool's MAX_COUNT (parsing/limits.py).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.classic.models import BonusTile, ClassicRules, ClassicSheet
from ..core.classic.vocabulary import BonusKind, BonusSide, Demand
from ..i18n import _
from .errors import ProblemList, with_suggestion
from .limits import MAX_COUNT
from .tomlfile import TomlSource, read_text, unknown_keys, whole_number

COUNTS = ("hand_cards", "workers_in_camp", "legionaries_in_camp", "trajan_tiles_on_circle",
          "workers_in_city", "legionaries_in_provinces", "building_jokers", "commodity_jokers",
          "demand_jokers", "senate_votes", "senate_space")
FIGURES = ("workers_in_camp", "legionaries_in_camp", "workers_in_city", "legionaries_in_provinces")
TABLES = ("buildings", "display", "forum_needs")
LISTS = ("trajan_needs", "senate_tiles", "bonus_tiles")
TOP_KEYS = ("name", *COUNTS, *TABLES, *LISTS)
TILE_KEYS = ("kind", "side", "type")
JOKER = "joker"  # a word the jokers' own keys use; never a kind of card or building


def load_classic_sheet(path: str | Path) -> ClassicSheet:
    return parse_classic_sheet(read_text(path), str(path))


def parse_classic_sheet(text: str, file: str = "<sheet>") -> ClassicSheet:
    """Parse a Trajan player sheet; raises InputError listing every problem found."""
    from ..rulesdata import load_classic_rules

    rules = load_classic_rules()
    src = TomlSource(text, file)
    problems = src.problems()
    data = src.data

    unknown_keys(src, problems, data, TOP_KEYS)
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        problems.add(src.line_of("name"), None if name is None else str(name),
                     _('every sheet needs a player name: name = "Ann"'))

    counts = {key: whole_number(src, problems, data[key], key) for key in COUNTS if key in data}
    if counts.get("trajan_tiles_on_circle", 0) > rules.trajan_tile_places:
        problems.add(src.line_of("trajan_tiles_on_circle"), str(counts["trajan_tiles_on_circle"]),
                     _("the circle has {n} places for Trajan tiles (Spielmaterial)").format(
                         n=rules.trajan_tile_places))
    figures = sum(counts.get(key, 0) for key in FIGURES)
    if figures > rules.figures:
        last = max((k for k in FIGURES if k in data), key=lambda k: src.line_of(k) or 0)
        problems.add(src.line_of(last), str(figures),
                     _("workers and legionaries add up to {figures}; a player has {n} figures in all "
                       "(Spielmaterial)").format(figures=figures, n=rules.figures))

    buildings = _named_counts(src, problems, data, "buildings", _("construction tiles by symbol"),
                              '{ bath = 3, villa = 1 }', "building_jokers")
    if sum(buildings.values()) > rules.construction_tiles:
        problems.add(src.line_of("buildings"), str(sum(buildings.values())),
                     _("there are {n} construction tiles in the game (Spielmaterial)").format(
                         n=rules.construction_tiles))
    display = _named_counts(src, problems, data, "display", _("commodity cards by kind"),
                            '{ wine = 2, oil = 1 }', "commodity_jokers")
    for kind, n in display.items():
        if n > rules.cards_per_commodity:
            problems.add(src.line_of(kind, "display") or src.line_of("display"), f"{kind} = {n}",
                         _("there are {n} cards of each kind (Spielmaterial)").format(
                             n=rules.cards_per_commodity))
    if len(display) > rules.commodity_kinds:
        problems.add(src.line_of("display"), str(len(display)),
                     _("there are {n} kinds of commodity cards (Spielmaterial)").format(
                         n=rules.commodity_kinds))
    cards = counts.get("hand_cards", 0) + sum(display.values())
    if cards > rules.commodity_kinds * rules.cards_per_commodity:
        problems.add(src.line_of("hand_cards") or src.line_of("display"), cards,
                     _("commodity cards in hand and display add up to {cards}; the game has {n} "
                       "(Spielmaterial)").format(cards=cards,
                                                 n=rules.commodity_kinds * rules.cards_per_commodity))

    forum_needs = _forum_needs(src, problems, data)
    trajan_needs = _trajan_needs(src, problems, data.get("trajan_needs", []))
    senate_tiles = _senate_tiles(src, problems, data.get("senate_tiles", []), rules)
    _forum_tiles(src, problems, counts, forum_needs, senate_tiles, rules)
    if len(trajan_needs) > MAX_COUNT:
        problems.add(src.line_of("trajan_needs"), len(trajan_needs),
                     _("{n} Trajan tiles; a list holds {most} at most").format(n=len(trajan_needs),
                                                                             most=MAX_COUNT))
    bonus_tiles = _bonus_tiles(src, problems, data.get("bonus_tiles", []), rules)

    problems.raise_if_any()
    return ClassicSheet(
        name=name.strip(),
        **{key: value for key, value in counts.items() if key != "senate_space"},
        senate_space=counts.get("senate_space"),
        buildings=buildings,
        display=display,
        forum_needs=forum_needs,
        trajan_needs=trajan_needs,
        senate_tiles=senate_tiles,
        bonus_tiles=bonus_tiles,
    )


def _forum_tiles(src, problems, counts: dict[str, int], forum_needs: dict, senate_tiles: tuple,
                 rules: ClassicRules) -> None:
    """Needs tiles, senate tiles and jokers are all forum tiles: at most the game's 70."""
    jokers = ("building_jokers", "commodity_jokers", "demand_jokers")
    held = sum(counts.get(key, 0) for key in jokers) + sum(forum_needs.values()) + len(senate_tiles)
    if held > rules.forum_tiles:
        keys = [key for key in (*jokers, "forum_needs", "senate_tiles") if key in src.data]
        last = max(keys, key=lambda k: src.line_of(k) or 0)
        problems.add(src.line_of(last), held, _(
            "forum tiles (jokers, needs and senate tiles) add up to {held}; the game has {n} "
            "(Spielmaterial)").format(held=held, n=rules.forum_tiles))


def _token(value: Any) -> str | None:
    return None if value is None else str(value)


def _table(src: TomlSource, problems: ProblemList, data: dict, key: str, example: str) -> dict:
    value = data.get(key, {})
    if isinstance(value, dict):
        return value
    problems.add(src.line_of(key), str(value),
                 _("{key} is a table of counts: {key} = {example}").format(key=key, example=example))
    return {}


def _named_counts(src, problems, data, key: str, what: str, example: str, joker_key: str) -> dict[str, int]:
    """A table of free names (symbols, kinds of card) to counts; the names are the
    players' own, as printed on their components."""
    result = {}
    for name, value in _table(src, problems, data, key, example).items():
        label = name.strip().lower()
        if label == JOKER:
            problems.add(src.line_of(name, key) or src.line_of(key), name,
                         _("jokers are counted apart: {key} = 1").format(key=joker_key))
            continue
        if not label:
            problems.add(src.line_of(key), name, _("{key} names {what}: {key} = {example}").format(
                key=key, what=what, example=example))
            continue
        result[label] = result.get(label, 0) + whole_number(src, problems, value, name, key)
    return {k: v for k, v in result.items() if v}


def _demand(src, problems, line, token: Any, what: str) -> Demand | None:
    try:
        return Demand(str(token).strip().lower())
    except ValueError:
        kinds = [d.value for d in Demand]
        problems.add(line, str(token), with_suggestion(
            _("{what} is bread, games or religion{suggestion}"), str(token), kinds, what=what))
        return None


def _forum_needs(src, problems, data) -> dict[Demand, int]:
    result: dict[Demand, int] = {}
    for key, value in _table(src, problems, data, "forum_needs", "{ bread = 1, games = 0, religion = 0 }").items():
        demand = _demand(src, problems, src.line_of(key, "forum_needs") or src.line_of("forum_needs"), key,
                         _("a forum tile for the people's needs"))
        if demand is not None:
            result[demand] = result.get(demand, 0) + whole_number(src, problems, value, key, "forum_needs")
    return {k: v for k, v in result.items() if v}


def _trajan_needs(src, problems, value) -> tuple[Demand, ...]:
    line = src.line_of("trajan_needs")
    if not isinstance(value, list):
        problems.add(line, str(value), _('trajan_needs lists the tiles: trajan_needs = ["bread", "religion"]'))
        return ()
    found = [_demand(src, problems, line, item, _("a Trajan tile for the people's needs")) for item in value]
    return tuple(d for d in found if d is not None)


def _senate_tiles(src, problems, value, rules: ClassicRules) -> tuple[int, ...]:
    line = src.line_of("senate_tiles")
    low, high = rules.senate_tile_votes
    if not isinstance(value, list):
        problems.add(line, str(value), _("senate_tiles lists each tile's votes: senate_tiles = [3, 2]"))
        return ()
    tiles = []
    for item in value:
        if isinstance(item, bool) or not isinstance(item, int) or not low <= item <= high:
            problems.add(line, str(item), _("a senate tile shows {low} to {high} votes ({ref})").format(
                low=low, high=high, ref=rules.ref("senate_tiles")))
            continue
        tiles.append(item)
    return tuple(tiles)


def _bonus_tiles(src, problems, value, rules: ClassicRules) -> tuple[BonusTile, ...]:
    example = '[[bonus_tiles]] kind = "commodity", type = "wine", side = "yellow"'
    if not isinstance(value, list) or not all(isinstance(t, dict) for t in value):
        problems.add(src.line_of("bonus_tiles"), str(value),
                     _("bonus tiles are tables: {example}").format(example=example))
        return ()
    headers = src.table_array_lines("bonus_tiles")
    kinds, sides = [k.value for k in BonusKind], [s.value for s in BonusSide]
    tiles = []
    for index, entry in enumerate(value):
        start = headers[index] if index < len(headers) else None

        def line(key: str, start=start) -> int | None:
            found = src.line_in_block(start, key) if start is not None else None
            return found or start or src.line_of("bonus_tiles")

        for key in entry:
            if key not in TILE_KEYS:
                problems.add(line(key), key, with_suggestion(
                    _("unknown key in {where}{suggestion}; known keys: {keys}"), key, TILE_KEYS,
                    where=_("a bonus tile"), keys=", ".join(TILE_KEYS)))
        raw_kind, raw_side = str(entry.get("kind", "")).strip().lower(), str(entry.get("side", "")).strip().lower()
        if raw_kind not in kinds:
            problems.add(line("kind"), _token(entry.get("kind")), with_suggestion(
                _("a bonus tile's kind is one of {kinds}{suggestion}"), raw_kind, kinds,
                kinds=", ".join(kinds)))
        if raw_side not in sides:
            problems.add(line("side"), _token(entry.get("side")), with_suggestion(
                _('a bonus tile lies side = "yellow" or side = "gray"{suggestion}'), raw_side, sides))
        commodity = entry.get("type")
        if raw_kind == BonusKind.COMMODITY:
            if not isinstance(commodity, str) or not commodity.strip() or commodity.strip().lower() == JOKER:
                problems.add(line("type") if "type" in entry else line("kind"),
                             _token(commodity),
                             _('a commodity bonus tile names its kind of card: type = "wine"'))
                continue
            commodity = commodity.strip().lower()
        elif commodity is not None:
            problems.add(line("type"), str(commodity), _("only a commodity bonus tile has a type"))
        if raw_kind in kinds and raw_side in sides:
            tiles.append(BonusTile(BonusKind(raw_kind), BonusSide(raw_side),
                                   commodity if raw_kind == BonusKind.COMMODITY else None))
    if len(value) > rules.bonus_tile_count:
        problems.add(src.line_of("bonus_tiles") or (headers[-1] if headers else None), str(len(value)),
                     _("there are {n} bonus tiles in the game (Spielmaterial)").format(n=rules.bonus_tile_count))
    return tuple(tiles)


def classic_sheet_toml(sheet: ClassicSheet) -> str:
    """``sheet`` as the sheet file it reads back from (:func:`parse_classic_sheet`): every
    count written, the empty tables and lists too, so that the file shows what there is."""
    import json

    def table(counts) -> str:
        return "{ " + ", ".join(f"{json.dumps(str(k))} = {n}" for k, n in counts.items()) + " }" if counts else "{}"

    lines = [f"name = {json.dumps(sheet.name)}"]
    lines += [f"{key} = {getattr(sheet, key)}" for key in COUNTS
              if key != "senate_space" or sheet.senate_space is not None]
    lines += [f"buildings = {table(sheet.buildings)}", f"display = {table(sheet.display)}",
              f"forum_needs = {table({d.value: n for d, n in sheet.forum_needs.items()})}",
              f"trajan_needs = {json.dumps([d.value for d in sheet.trajan_needs])}",
              f"senate_tiles = {json.dumps(list(sheet.senate_tiles))}"]
    for tile in sheet.bonus_tiles:
        lines += ["", "[[bonus_tiles]]", f"kind = {json.dumps(tile.kind.value)}"]
        if tile.commodity is not None:
            lines.append(f"type = {json.dumps(tile.commodity)}")
        lines.append(f"side = {json.dumps(tile.side.value)}")
    return "\n".join(lines) + "\n"
