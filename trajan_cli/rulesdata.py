"""Loads rules_data/*.toml into the typed :class:`~trajan_cli.core.ruleset.Rules`, and
rules_data/classic.toml into Trajan (2011)'s :class:`~trajan_cli.core.classic.models.ClassicRules`.

The data ships inside the wheel as ``trajan_cli/rules_data``; in a source checkout it is
the repository's top-level ``rules_data/``.
"""

from __future__ import annotations

import functools
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from .core.vocabulary import CARD_IDS, FORUM_TRAJANUM, TRAJAN  # the cards' names are vocabulary

if TYPE_CHECKING:  # each game's models load with its rules, not with every command
    from collections.abc import Mapping

    from .core.cards import Need, TrajanCard
    from .core.classic.actions import ActionRules
    from .core.classic.models import ClassicRules, SourceRef
    from .core.ruleset import BuildingRules, PageRef, Rules
    from .core.vocabulary import Cycle


class RulesDataError(Exception):
    """rules_data/ is broken: a packaging or editing mistake, never the player's input."""


def data_dir() -> Path:
    here = Path(__file__).resolve().parent
    for candidate in (here / "rules_data", here.parent / "rules_data"):
        if (candidate / "scoring.toml").is_file():
            return candidate
    raise RulesDataError(f"rules_data/ not found beside {here}")


@functools.cache
def load_rules() -> Rules:
    folder = data_dir()
    docs = {stem: _read_toml(folder / f"{stem}.toml")
            for stem in ("editions", "scoring", "citizens", "tracks", "cards", "building", "play", "setup")}
    try:
        return _build(docs)
    except (KeyError, ValueError, TypeError) as exc:
        raise RulesDataError(f"rules_data/ is inconsistent: {exc!r}") from exc


def _read_toml(path: Path) -> dict[str, Any]:
    import tomllib  # on first use: `trajan rules TOPIC` reads the shipped index instead

    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise RulesDataError(f"{path}: {exc}") from exc


def _page(entry: dict[str, Any]) -> PageRef:
    from .core.ruleset import PageRef

    return PageRef(int(entry["page"]), bool(entry.get("page_inferred", False)))


def _by_cycle(table: dict[str, int]) -> dict[Cycle, int]:
    from .core.vocabulary import Cycle

    return {Cycle(int(k)): int(v) for k, v in table.items()}


def _build(docs: dict[str, dict[str, Any]]) -> Rules:
    from .core.ruleset import CitizenRule, Exchange, Rules, TrackRule, TrackStep
    from .core.vocabulary import Citizen, Cycle, SocialClass, Track

    scoring, citizens, tracks, cards = (
        docs["scoring"],
        docs["citizens"],
        docs["tracks"],
        docs["cards"],
    )
    pages = {key: _page(value) for key, value in scoring.items()}
    pages["citizens"] = _page(citizens["inactive"])
    pages["tracks"] = _page(tracks)
    pages["trajan_cards"] = _page(cards)
    building, building_pages = _building(docs["building"])
    pages |= building_pages
    play, play_pages = _play(docs["play"], citizens)
    pages |= play_pages
    setup, setup_pages = _setup(docs["setup"])
    pages |= setup_pages

    citizen_rules = {}
    for entry in citizens["citizen"]:
        citizen = Citizen(entry["id"])
        if int(entry["row"]) != citizen.row:
            raise ValueError(f"{citizen} is in row {citizen.row}, not {entry['row']}")
        ex = entry.get("exchange")
        citizen_rules[citizen] = CitizenRule(
            citizen=citizen,
            row=citizen.row,
            social_class=SocialClass(entry["class"]),
            ability=entry["ability"],
            second_bonus=entry["second_bonus"],
            exchange=Exchange(
                tuple(ex["give"]),
                tuple(ex["get"]),
                int(ex["times"]),
                bool(ex.get("building_phase_only", False)),
            )
            if ex
            else None,
            page=_page(entry),
        )
    if set(citizen_rules) != set(Citizen):
        raise ValueError("citizens.toml must list all six citizens")

    track_rules = {}
    for entry in tracks["track"]:
        track = Track(entry["id"])
        steps = tuple(
            TrackStep(int(s["step"]), dict(s.get("gain", {})), s.get("action"))
            for s in entry["steps"]
        )
        if [s.step for s in steps] != list(range(1, int(tracks["last_step"]) + 1)):
            raise ValueError(f"track {track} must list steps 1..{tracks['last_step']}")
        track_rules[track] = TrackRule(track, steps)

    card_models = {c["id"]: _card(c, int(cards["page"])) for c in cards["card"]}
    if tuple(card_models) != CARD_IDS:
        raise ValueError(f"cards.toml must list {', '.join(CARD_IDS)} in order")

    return Rules(
        crane_points=_by_cycle(scoring["construction_cranes"]["points_per_structure"]),
        column_values=_by_cycle(scoring["column_fragments"]["value"]),
        row_multiplier={int(k): int(v) for k, v in scoring["colonia_rows"]["multiplier"].items()},
        max_gray_types=int(scoring["colonia_rows"]["max_gray_types"]),
        coins_per_citizen_row=int(scoring["citizen_payment"]["coins_per_row"]),
        trajan_values=tuple(scoring["trajan_scoring"]["values"]),
        eagle_points=(
            int(scoring["forum_scoring"]["eagle_on"]),
            int(scoring["forum_scoring"]["eagle_beside"]),
            int(scoring["forum_scoring"]["eagle_diagonal"]),
        ),
        area_bonus_choices=tuple(scoring["area_bonus"]["choices"]),
        area_bonus_points=int(scoring["area_bonus"]["points"]),
        tie_break=tuple(scoring["tie_break"]["order"]),
        tie_break_resources=tuple(scoring["tie_break"]["resources"]),
        introductory_trajan_scorings=tuple(
            Cycle(c) for c in scoring["introductory_game"]["trajan_scorings"]
        ),
        citizens=citizen_rules,
        second_bonus_text={k: v for k, v in citizens["second_bonuses"].items() if k != "page"},
        tracks=track_rules,
        track_actions=dict(tracks["actions"]),
        track_choose_earlier_from=int(tracks["choose_earlier_from"]),
        track_last_step=int(tracks["last_step"]),
        cards=card_models,
        pages=pages,
        edition_offsets={k: int(v["offset"]) for k, v in docs["editions"]["editions"].items()},
        building=building,
        play=play,
        setup=setup,
    )


def _building(doc: dict[str, Any]) -> tuple[BuildingRules, dict[str, PageRef]]:
    """building.toml -> the costs and the pages of every placement and envoy rule.

    Page topics: placement_vacated, placement_temple, placement_crane, placement_double,
    building_cost, building_cost_double, workers_to_builder, assistant_colour, building_supply, envoys,
    envoy_started_area, envoy_eagle, envoy_ship.
    """
    from .core.ruleset import BuildingRules

    pages = {f"placement_{key}": _page(entry) for key, entry in doc["placement"].items()}
    envoys = doc["envoys"]
    pages |= {
        "building_cost": _page(doc["cost"]),
        "building_cost_double": _page(doc["cost_double"]),
        "workers_to_builder": _page(doc["exchange"]["workers_to_builder"]),
        "assistant_colour": _page(doc["exchange"]["assistant_colour"]),
        "building_supply": _page(doc["supply"]),
        "envoys": _page(envoys),
        **{f"envoy_{key}": _page(envoys[key]) for key in ("started_area", "eagle", "ship")},
    }
    rules = BuildingRules(
        builders_per_gray=int(doc["cost"]["builders_per_gray"]),
        workers_per_structure=int(doc["cost"]["workers_per_structure"]),
        workers_per_builder=int(doc["exchange"]["workers_to_builder"]["workers"]),
        assistants_per_colour_change=int(doc["exchange"]["assistant_colour"]["assistants"]),
        envoys_per_structure=int(envoys["per_structure"]),
        unlimited_tiles=bool(doc["supply"]["unlimited_tiles"]),
    )
    counts = (rules.builders_per_gray, rules.workers_per_structure, rules.workers_per_builder,
              rules.assistants_per_colour_change, rules.envoys_per_structure)
    if min(counts) < 1:
        raise ValueError("building.toml: every count must be at least 1")
    return rules, pages


def _play(doc: dict[str, Any], citizens: dict[str, Any]):
    """play.toml -> the round and turn facts, and their pages (topics round, round_end,
    taking, using, placing, building_turn, second_bonus)."""
    from .core.ruleset import PlayRules

    bonus = doc["second_bonus"]
    gains = {code: tuple(v) for code, v in bonus.items() if code != "page"}
    codes = {entry["second_bonus"] for entry in citizens["citizen"]}
    if not set(gains) <= codes or codes - set(gains) - {"envoy", "area_bonus"}:
        raise ValueError("play.toml [second_bonus] must cover the citizens' bonus codes")
    rules = PlayRules(
        rounds_per_cycle=int(doc["round"]["rounds_per_cycle"]),
        street_cards=int(doc["round"]["street_cards"]),
        tiles_per_round=int(doc["taking"]["tiles"]),
        tribunes_per_tile_elsewhere=int(doc["taking"]["tribunes_per_tile_elsewhere"]),
        tribunes_for_both=int(doc["using"]["tribunes_for_both"]),
        row_spaces=int(doc["placing"]["row_spaces"]),
        builds_per_turn=int(doc["building"]["builds_per_turn"]),
        second_bonus_gains=gains,
    )
    pages = {"round": _page(doc["round"]), "round_end": _page(doc["round_end"]),
             "taking": _page(doc["taking"]), "taking_fewer": _page(doc["taking_fewer"]),
             "using": _page(doc["using"]), "placing": _page(doc["placing"]),
             "building_turn": _page(doc["building"]), "second_bonus": _page(bonus)}
    return rules, pages


def _setup(doc: dict[str, Any]):
    """setup.toml -> what the set-up fixes, and its pages (topics setup_supply, setup_worker,
    setup_ship, setup_colonia, setup_cranes, setup_citizen, setup_side, setup_slide_bar,
    setup_forum, setup_start)."""
    from .core.ruleset import SetUpRules
    from .core.vocabulary import CellKind

    supply = doc["supply"]
    rules = SetUpRules(
        supply={"tribune": int(supply["tribunes"]), "builder": int(supply["builders"]),
                "assistant": int(supply["assistants"]), "coin": int(supply["coins"])},
        workers_dealt=int(doc["worker"]["dealt"]),
        ship=int(doc["ship"]["envoys"]),
        open_spaces=tuple(CellKind(kind).value for kind in doc["colonia"]["open"]),
        cranes_per_colour=int(doc["cranes"]["per_colour"]),
        citizens_drawn=int(doc["citizen"]["drawn"]),
        bar_side=str(doc["slide_bar"]["side"]),
        bar_upgrades=int(doc["slide_bar"]["upgrades"]),
        forum_faces={int(k): int(v) for k, v in doc["forum"]["faces"].items()},
    )
    if min(rules.supply.values()) < 0 or rules.ship < 0 or min(rules.forum_faces.values()) < 1:
        raise ValueError("setup.toml: counts are never negative, and a forum has a face")
    if rules.bar_side not in ("basic", "turned"):
        raise ValueError("setup.toml: the slide bar's side is basic or turned")
    pages = {f"setup_{key}": _page(doc[key]) for key in (
        "supply", "worker", "ship", "colonia", "cranes", "citizen", "side", "slide_bar", "forum", "start")}
    return rules, pages


def _needs(raw: list[dict[str, Any]]) -> tuple[Need, ...]:
    from .core.cards import ITEM_DISTINCT, Distinct, Item, Need

    needs = []
    for entry in raw:
        item = Item(entry["item"])
        distinct = Distinct(entry["distinct"]) if "distinct" in entry else None
        if distinct is not None and ITEM_DISTINCT.get(item) is not distinct:
            raise ValueError(f"{item} cannot be distinct by {distinct}")
        count = int(entry["count"])
        if count < 1:
            raise ValueError(f"{item}: count must be at least 1")
        needs.append(Need(item, count, distinct))
    return tuple(needs)


def _card(raw: dict[str, Any], page: int) -> TrajanCard:
    from .core.cards import BuildingTask, CollectingTask, Distinct, PatternCell, PatternKind, TrajanCard
    from .core.vocabulary import Cycle

    b, c = raw["building"], raw["collecting"]
    shapes = tuple(
        tuple(PatternCell(int(cell["at"][0]), int(cell["at"][1]), PatternKind(cell["is"])) for cell in shape)
        for shape in b.get("shapes", [])
    )
    building = BuildingTask(
        text=b["text"],
        shapes=shapes,
        distinct=Distinct(b["distinct"]) if "distinct" in b else None,
        needs=_needs(b.get("needs", [])),
    )
    if bool(building.shapes) == bool(building.needs):
        raise ValueError(f"card {raw['id']}: a building task has either shapes or needs")
    return TrajanCard(
        id=raw["id"],
        cycle=Cycle(int(raw["cycle"])),
        building=building,
        collecting=CollectingTask(c["text"], _needs(c["needs"]), dict(c.get("edition_note", {}))),
        page=page,
    )


#: Where each game's rules topics are kept under rules_data/rules/ (Trajan (2011) apart, so
#: that neither game's question finds the other's rulings), and its index's file name prefix.
RULES_FOLDERS = {FORUM_TRAJANUM: "", TRAJAN: "classic"}


@functools.cache
def load_topics(lang: str, game: str = FORUM_TRAJANUM) -> dict:
    """The rules topics of ``game`` in ``lang`` (rules_data/rules/[classic/]LANG.toml) with
    pages and links: from the shipped search index when it was made from the data as it is
    now (JSON reads faster than TOML), else from the TOML files."""
    from .core.topics import Topic

    shipped = _shipped_index(lang, game)
    entries = shipped["topics"] if shipped is not None else _topic_entries(lang, game)
    try:
        return {topic_id: Topic(id=topic_id, title=e["title"], text=e["text"], words=tuple(e["words"]),
                                pages=tuple(e["pages"]), related=tuple(e["related"]),
                                check=tuple(e["check"]), sections=tuple(e.get("sections", ())),
                                game=game)
                for topic_id, e in entries.items()}
    except (KeyError, TypeError, ValueError) as exc:
        raise RulesDataError(f"rules topics for {lang!r} are incomplete: {exc!r}") from exc


def _rules_folder(game: str) -> Path:
    try:
        return data_dir() / "rules" / RULES_FOLDERS[game]
    except KeyError:
        raise RulesDataError(f"no rules topics for the game {game!r}") from None


def _topic_entries(lang: str, game: str = FORUM_TRAJANUM) -> dict[str, dict[str, Any]]:
    """topics.toml and LANG.toml of ``game``, one plain entry per topic (JSON-ready)."""
    folder = _rules_folder(game)
    structure = _read_toml(folder / "topics.toml")
    texts = _read_toml(folder / f"{lang}.toml")
    try:
        return {
            topic_id: {
                "title": texts[topic_id]["title"],
                "text": " ".join(texts[topic_id]["text"].split()),
                "words": list(texts[topic_id].get("words", ())),
                "pages": [int(p) for p in entry["pages"]],
                "related": list(entry["related"]),
                "check": list(entry.get("check", ())),
                **({"sections": [str(s) for s in entry["sections"]]} if "sections" in entry else {}),
            }
            for topic_id, entry in structure.items()
        }
    except (KeyError, TypeError, ValueError) as exc:
        raise RulesDataError(f"rules topics for {lang!r} are incomplete: {exc!r}") from exc


class ReadingInfo(NamedTuple):
    """One open reading as rules_data/readings.toml explains it (English texts)."""

    name: str  # as typed after --house
    pages: tuple[int, ...]
    default: str  # the reading the tool commits to
    case: str  # what the rulebook leaves open
    values: dict[str, str]  # value -> what it means
    source: str = ""  # where the tool's reading comes from


class CommittedReading(NamedTuple):
    """A reading the tool commits to with no other value implemented (no house rule):
    rules_data/readings.toml's ``[committed.NAME]`` (English texts)."""

    name: str
    pages: tuple[int, ...]
    case: str  # what the rulebook leaves open
    source: str  # where the reading comes from
    reading: str  # what the tool does


def _text(value: str) -> str:
    return " ".join(value.split())


@functools.cache
def load_readings() -> dict[str, ReadingInfo]:
    """rules_data/readings.toml's house-rule readings, checked against those the code knows."""
    from .core.readings import DEFAULT, FIELDS, KINDS

    path, doc = _readings_doc()
    try:
        found = {name: ReadingInfo(name, tuple(int(p) for p in entry["pages"]), entry["default"],
                                   _text(entry["case"]),
                                   {v: _text(t) for v, t in entry["values"].items()},
                                   _text(entry["source"]))
                 for name, entry in doc.items() if name != "committed"}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RulesDataError(f"{path} is inconsistent: {exc!r}") from exc
    for name, kind in KINDS.items():
        info = found.get(name)
        if (info is None or set(info.values) != {k.value for k in kind}
                or info.default != getattr(DEFAULT, FIELDS[name]).value):
            raise RulesDataError(f"{path}: {name!r} must list the values {[k.value for k in kind]} "
                                 f"and the tool's default")
    if set(found) != set(KINDS):
        raise RulesDataError(f"{path}: unknown readings {sorted(set(found) - set(KINDS))}")
    return found


@functools.cache
def _readings_doc() -> tuple[Path, dict[str, Any]]:
    """rules_data/readings.toml as read, once for both kinds of reading."""
    path = data_dir() / "readings.toml"
    return path, _read_toml(path)


@functools.cache
def load_committed_readings() -> dict[str, CommittedReading]:
    """rules_data/readings.toml's ``[committed.*]``: readings no house rule switches."""
    path, whole = _readings_doc()
    doc = whole.get("committed", {})
    try:
        return {name: CommittedReading(name, tuple(int(p) for p in entry["pages"]),
                                       _text(entry["case"]), _text(entry["source"]),
                                       _text(entry["reading"]))
                for name, entry in doc.items()}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RulesDataError(f"{path} is inconsistent: {exc!r}") from exc


class ClassicReading(NamedTuple):
    """A reading of the Trajan (2011) rulebook the tool commits to: rules_data/classic.toml's
    ``[readings.NAME]`` (English texts; pages of the German rulebook, else the section)."""

    name: str
    pages: tuple[int, ...]
    section: str
    case: str
    source: str
    reading: str
    default: str = ""  # switchable: the tool's value (--house NAME=VALUE plays another)
    values: Mapping[str, str] = MappingProxyType({})  # switchable: value -> what it means


@functools.cache
def load_classic_readings() -> dict[str, ClassicReading]:
    """rules_data/classic.toml's ``[readings.*]``, for `trajan rules readings --variant trajan`;
    the switchable ones checked against those the code knows."""
    from .core.readings import CLASSIC_FIELDS, CLASSIC_KINDS, DEFAULT

    path = data_dir() / "classic.toml"
    doc = _read_toml(path).get("readings", {})
    try:
        found = {name: ClassicReading(name, tuple(int(p) for p in entry["pages"]), str(entry["section"]),
                                      _text(entry["case"]), _text(entry["source"]), _text(entry["reading"]),
                                      str(entry.get("default", "")),
                                      {v: _text(t) for v, t in entry.get("values", {}).items()})
                 for name, entry in doc.items()}
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise RulesDataError(f"{path} is inconsistent: {exc!r}") from exc
    switchable = {name for name, info in found.items() if info.values}
    if switchable != set(CLASSIC_KINDS):
        raise RulesDataError(f"{path}: the readings with values must be {sorted(CLASSIC_KINDS)}")
    for name, kind in CLASSIC_KINDS.items():
        info = found[name]
        if set(info.values) != {k.value for k in kind} or info.default != getattr(DEFAULT, CLASSIC_FIELDS[name]).value:
            raise RulesDataError(f"{path}: {name!r} must list the values {[k.value for k in kind]} "
                                 f"and the tool's default")
    return found


def search_sources(lang: str, game: str = FORUM_TRAJANUM) -> list[Path]:
    """The files that `trajan rules QUESTION`'s index of ``game`` in ``lang`` is made from:
    the topics, their texts, the players' vocabulary (Forum Trajanum's, and the game's own)."""
    folder = _rules_folder(game)
    common = data_dir() / "rules" / "search.toml"
    own = [] if game == FORUM_TRAJANUM else [folder / "search.toml"]
    return [folder / "topics.toml", folder / f"{lang}.toml", common, *own]


def search_index_path(lang: str, game: str = FORUM_TRAJANUM) -> Path:
    """Where the precomputed index ships (scripts/rules_index.py writes it)."""
    prefix = RULES_FOLDERS[game]
    return Path(__file__).resolve().parent / "rules_index" / (f"{prefix}-{lang}.json" if prefix else f"{lang}.json")


def search_fingerprint(lang: str, game: str = FORUM_TRAJANUM) -> str:
    """What the index was made from: the index format and its source files."""
    import zlib

    from .core.topics import INDEX_FORMAT as FORMAT  # light: no import of the search itself

    crc = zlib.crc32(f"format {FORMAT}".encode())
    for path in search_sources(lang, game):
        try:
            crc = zlib.crc32(path.read_bytes(), crc)
        except OSError as exc:
            raise RulesDataError(f"{path}: {exc}") from exc
    return f"{crc:08x}"


def _vocabulary(lang: str, game: str) -> dict[str, Any]:
    """The players' vocabulary of ``game``: Forum Trajanum's, with the game's own concepts
    added (a concept of the same name replaced)."""
    sources = search_sources(lang, game)
    vocabulary = _read_toml(sources[2])
    for extra in sources[3:]:
        own = _read_toml(extra)
        vocabulary = vocabulary | {"concepts": vocabulary.get("concepts", {}) | own.get("concepts", {})}
    return vocabulary


def build_search_index(lang: str, game: str = FORUM_TRAJANUM) -> dict[str, Any]:
    """The index of ``game`` in ``lang``, made from rules_data/rules/ (needs the stemmer:
    slow), with the topics themselves, which `trajan rules TOPIC` reads from it."""
    from .core.topic_search import build_index

    vocabulary = _vocabulary(lang, game)
    topics = _topic_entries(lang, game)
    try:
        index = build_index({topic_id: {"title": e["title"], "words": e["words"], "text": e["text"]}
                             for topic_id, e in topics.items()}, vocabulary, lang,
                            search_fingerprint(lang, game))
    except (KeyError, TypeError, ValueError) as exc:
        raise RulesDataError(f"the search index for {lang!r} cannot be made: {exc!r}") from exc
    return index | {"topics": topics}


@functools.cache
def _shipped_index(lang: str, game: str = FORUM_TRAJANUM) -> dict[str, Any] | None:
    """The shipped index when it was made from the data as it is now, else None."""
    import json

    try:
        data = json.loads(search_index_path(lang, game).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(data, dict) or data.get("fingerprint") != search_fingerprint(lang, game):
        return None
    return data


@functools.cache
def load_search_index(lang: str, game: str = FORUM_TRAJANUM):
    """The index of ``game`` in ``lang`` for `trajan rules QUESTION`: the one shipped when it
    was made from the data as it is now, else made afresh (same answers, more time)."""
    from .core.topic_search import Index

    return Index(_shipped_index(lang, game) or build_search_index(lang, game))


@functools.cache
def load_classic_rules() -> ClassicRules:
    """Trajan (2011)'s facts from rules_data/classic.toml (kept apart from Forum Trajanum's)."""
    path = data_dir() / "classic.toml"
    try:
        return _build_classic(_read_toml(path))
    except (KeyError, ValueError, TypeError) as exc:
        raise RulesDataError(f"{path} is inconsistent: {exc!r}") from exc


def _ref(entry: dict[str, Any]) -> SourceRef:
    from .core.classic.models import SourceRef

    page = entry.get("page")
    return SourceRef(str(entry["section"]), None if page is None else int(page),
                     bool(entry.get("page_inferred", False)))


def _build_classic(doc: dict[str, Any]) -> ClassicRules:
    from .core.classic.models import BonusRule, BonusValue, ClassicRules
    from .core.classic.vocabulary import BonusKind, BonusSide, Demand, ShipSide, ShipTile

    components, needs, senate, final = doc["components"], doc["needs"], doc["senate"], doc["final"]
    if [Demand(k) for k in needs["kinds"]] != list(Demand):
        raise ValueError("needs.kinds must be bread, games, religion")
    penalty = {int(k): int(v) for k, v in needs["penalty"].items()}
    if sorted(penalty) != list(range(int(needs["per_quarter"]) + 1)) or penalty[0] != 0:
        raise ValueError("needs.penalty must give 0 .. per_quarter unmet demands, 0 for none")
    if any(penalty[n + 1] > penalty[n] for n in range(len(penalty) - 1)):
        raise ValueError("needs.penalty must not shrink as more demands go unmet")
    low, high = (int(v) for v in doc["senate_tiles"]["votes"])
    bonus = {}
    for kind in BonusKind:
        entry = doc["bonus_tiles"][kind.value]
        bonus[kind] = BonusRule(kind, {
            side: BonusValue(int(entry[side.value]["points"]), int(entry[side.value].get("per", 1)),
                             bool(entry[side.value].get("once", False)))
            for side in BonusSide
        })
    ship = {}
    for tile in ShipTile:
        sides = {side: tuple(int(v) for v in doc["ship"][tile.value][side.value]) for side in ShipSide}
        if len(set(map(len, sides.values()))) != 1:
            raise ValueError(f"ship.{tile}: both sides must list the same number of values")
        ship[tile] = sides
    sets = {int(k): int(v) for k, v in final["construction_sets"].items()}
    if any(size < 1 or points < 0 for size, points in sets.items()):
        raise ValueError("final.construction_sets: sizes from 1, points from 0")
    refs = {key: _ref(doc[key]) for key in ("components", "needs", "senate", "senate_tiles", "final",
                                            "jokers", "bonus_tiles", "ship", "action_circle",
                                            "province")}
    return ClassicRules(
        stones_per_colour=int(components["stones_per_colour"]),
        bowls=int(components["bowls"]),
        figures=int(components["figures"]),
        construction_tiles=int(components["construction_tiles"]),
        commodity_kinds=int(components["commodity_kinds"]),
        cards_per_commodity=int(components["cards_per_commodity"]),
        bonus_tile_count=int(components["bonus_tiles"]),
        trajan_tile_places=int(components["trajan_tile_places"]),
        forum_tiles=int(components["forum_tiles"]),
        demands_per_quarter=int(needs["per_quarter"]),
        needs_penalty=penalty,
        trajan_tile_uses=int(needs["trajan_tile_uses"]),
        senate_tile_votes=(low, high),
        consul_side=BonusSide(senate["consul_side"]),
        deputy_side=BonusSide(senate["deputy_side"]),
        final_points={k: int(final[k]) for k in ("hand_card", "worker_in_camp", "legionary_in_camp",
                                                   "trajan_tile_on_circle")},
        construction_sets=sets,
        bonus=bonus,
        ship=ship,
        time_steps_per_stone=int(doc["action_circle"]["time_steps_per_stone"]),
        province_deduction=int(doc["province"]["deduction_per_foreign_legionary"]),
        province_minimum=int(doc["province"]["minimum"]),
        province_most_foreign=int(doc["province"]["legionaries_per_player"])
        * (int(components["players"][1]) - 1),
        refs=refs,
    )


@functools.cache
def load_classic_actions() -> ActionRules:
    """What Trajan (2011)'s six actions allow, from rules_data/classic_actions.toml."""
    path = data_dir() / "classic_actions.toml"
    try:
        return _build_classic_actions(_read_toml(path))
    except (KeyError, ValueError, TypeError) as exc:
        raise RulesDataError(f"{path} is inconsistent: {exc!r}") from exc


def _build_classic_actions(doc: dict[str, Any]) -> ActionRules:
    from .core.classic.actions import Action, ActionRules

    circle, harbour, extra, senate = doc["circle"], doc["harbour"], doc["extra_action"], doc["senate"]
    if sorted(Action(a) for a in circle["actions"]) != sorted(Action):
        raise ValueError("circle.actions must name each of the six actions once")
    least, most = int(harbour["display_least"]), int(harbour["display_most"])
    if not 1 <= least <= most:
        raise ValueError("harbour: 1 <= display_least <= display_most")
    topics = ("circle", "harbour", "forum", "forum_tiles", "extra_action", "military", "trajan",
              "trajan_tile", "special_actions", "senate", "construction")
    refs = {key: _ref(doc[key]) for key in topics}
    classic = load_classic_rules()
    refs.update(ship=classic.ref("ship"), province=classic.ref("province"))
    example = circle["example"]
    return ActionRules(
        example_from=Action(example["from"]),
        example_stones=int(example["stones"]),
        example_reaches=Action(example["reaches"]),
        draw_from_stack=int(harbour["draw_from_stack"]),
        discard_after_drawing=int(harbour["discard_after_drawing"]),
        display_least=least,
        display_most=most,
        extra_repeats=int(extra["repeats"]),
        extra_repeats_with_marker=int(extra["repeats_with_marker"]),
        extra_per_turn=int(extra["per_turn"]),
        senate_steps=int(senate["steps"]),
        senate_closing_points=int(senate["closing_points"]),
        special_cards=int(doc["special_actions"]["cards"]),
        special_points=int(doc["special_actions"]["points"]),
        special_figures_most=int(doc["special_actions"]["figures_most"]),
        refs=refs,
    )
