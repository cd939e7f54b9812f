"""`trajan rules [TOPIC|QUESTION]`: short rulings with their rulebook pages."""

import textwrap
from typing import Annotated

import typer

from ..i18n import _
from .options import JsonFlag, emit

#: Readable answers fit an 80-column terminal.
WIDTH = 78
#: A question's answer: this many rulings in full, then the titles of up to this many more.
IN_FULL, TITLES = 3, 5
#: A ruling far below the best answers little of the question: only its title, if that.
KEEP_SHARE = 0.2
#: A question no ruling answers names up to this many topics this close to what was typed.
CLOSE_TOPICS, CLOSE_CUTOFF = 3, 0.6
#: The topic that also lists the readings a game may play the other way (house rules).
READINGS = "readings"


def rules(
    topic: Annotated[list[str] | None, typer.Argument(
        metavar="TOPIC|QUESTION",
        help="A topic name, or a question in your own words (quotes are not needed).")] = None,
    game: Annotated[str | None, typer.Option(
        "--game", "-g", metavar="GAME",
        help="Answer with the rules of this saved game's kind (Forum Trajanum or Trajan).")] = None,
    variant: Annotated[str | None, typer.Option(
        "--variant", metavar="forum-trajanum|trajan",
        help="Answer with the rules of this game: forum-trajanum, or trajan for Trajan (2011).")] = None,
    json: JsonFlag = False,
):
    """Rulings in brief, with the rulebook page: list the topics, show one, or ask a question.

    With no game named, a question is answered with Forum Trajanum's rulings unless it is
    one about Trajan (2011): it names it ("2011", "classic") or its words (senate, consul,
    legionaries, ...) are Trajan's."""
    from ..core.vocabulary import FORUM_TRAJANUM, TRAJAN
    from ..i18n import language
    from ..rulesdata import load_topics

    # A question typed without quotes arrives as several words: it is the same question.
    topic = " ".join(topic) if topic else None
    chosen_game = _game_named(game, variant)
    topics = load_topics(language(), chosen_game or FORUM_TRAJANUM)
    if topic is None:
        listing = [{"id": t.id, "title": t.title, "pages": list(t.pages), "sections": list(t.sections)}
                   for t in topics.values()]
        width = max(len(t.id) for t in topics.values())
        head = (_("Trajan (2011) rules topics (trajan rules TOPIC --variant trajan shows one; a "
                  "question finds them):") if chosen_game == TRAJAN else
                _("Rules topics (trajan rules TOPIC shows one; a question finds them):"))
        lines = [*textwrap.wrap(head, WIDTH), ""] + [f"  {t.id:<{width}}  {t.title}" for t in topics.values()]
        if chosen_game is None:
            lines += ["", _("Trajan (2011): trajan rules --variant trajan")]
        emit({"topics": listing, "game": chosen_game or FORUM_TRAJANUM}, "\n".join(lines), json)
        return
    named = topic.strip().casefold()
    if named not in topics and chosen_game is None:
        trajan_topics = load_topics(language(), TRAJAN)  # a topic only Trajan (2011) has
        if named in trajan_topics:
            topics = trajan_topics
    if named in topics:
        chosen = topics[named]
        related = ", ".join(f"{t} ({topics[t].title})" for t in chosen.related)
        answer = _answer(chosen) | {"related": list(chosen.related), "language": language()}
        lines = [*_game_heading(chosen), chosen.title, "", *_ruling(chosen, "")]
        if named == READINGS and chosen.game == TRAJAN:
            answer["committed"] = _classic_readings(lines)
        elif named == READINGS:
            answer["readings"] = _house_rules(lines)
            answer["committed"] = _committed(lines)
        report = "\n".join([*lines, *textwrap.wrap(_("See also: {topics}").format(topics=related), WIDTH)])
        emit(answer, report, json)
        return
    _question(topic, chosen_game, json)


def _game_named(game: str | None, variant: str | None) -> str | None:
    """The game whose rules are asked for: --variant's, or that of the saved game --game
    names; None when neither is given."""
    from ..core.vocabulary import FORUM_TRAJANUM, TRAJAN
    from ..parsing.errors import InputError, Problem

    chosen = None
    if variant is not None:
        chosen = variant.strip().lower()
        if chosen not in (FORUM_TRAJANUM, TRAJAN):
            raise typer.BadParameter(_("use one of {games}").format(games=", ".join((FORUM_TRAJANUM, TRAJAN))),
                                     param_hint="--variant")
    if game is not None:
        from ..games import store

        stored = store.load(game)
        if chosen is not None and stored.game.variant != chosen:
            raise InputError([Problem(str(stored.path), None, game, _(
                "this is a game of {game}, not of the one --variant names; give one of the two"
            ).format(game=TITLE_OF[stored.game.variant]))])
        chosen = stored.game.variant
    return chosen


#: The games' names as shown beside their rulings.
TITLE_OF = {"forum-trajanum": "Forum Trajanum", "trajan": "Trajan (2011)"}


def _game_heading(chosen) -> list[str]:
    """A line naming Trajan (2011) above its rulings (Forum Trajanum's need none)."""
    return [_("Trajan (2011), German rulebook:"), ""] if chosen.game == "trajan" else []


def _question(question: str, chosen_game: str | None, json: bool) -> None:
    from ..core.vocabulary import FORUM_TRAJANUM, TRAJAN
    from ..i18n import language
    from ..parsing.errors import InputError, Problem
    from ..rulesdata import load_search_index, load_topics

    lang = language()
    game = chosen_game
    if game is None:
        from ..core.topic_search import asks_the_other_game

        game = (TRAJAN if asks_the_other_game(question, load_search_index(lang),
                                              lambda: load_search_index(lang, TRAJAN))
                else FORUM_TRAJANUM)
    topics = load_topics(lang, game)
    ranked = load_search_index(lang, game).rank(question)
    if not ranked:
        close = _close_topics(question, topics)
        if close:
            message = _("no ruling answers these words; did you mean {topics}? ('trajan rules' "
                        "lists the topics)").format(topics=", ".join(close))
        else:
            message = _("no ruling answers these words; 'trajan rules' lists the topics")
        raise InputError([Problem("trajan rules", None, question, message)])
    kept = [m for m in ranked if m.score >= KEEP_SHARE * ranked[0].score][:IN_FULL + TITLES]
    found = [topics[m.topic] for m in kept]
    asked = " ".join(question.split())
    heading = (_("Trajan (2011) rulings for \"{question}\", best first:").format(question=asked)
               if game == TRAJAN else _("Rulings for \"{question}\", best first:").format(question=asked))
    lines = [*textwrap.wrap(heading, WIDTH), ""]
    for number, chosen in enumerate(found[:IN_FULL], 1):
        head = f"{number}. {chosen.title}  [{chosen.id}]"
        if len(head) > WIDTH:
            head = f"{number}. {chosen.title}\n   [{chosen.id}]"
        lines += [head, *_ruling(chosen, "   ")]
    if found[IN_FULL:]:
        lines += [_("Also about it:")] + [f"  {t.id}  {t.title}" for t in found[IN_FULL:]] + [""]
    lines.append(_("trajan rules TOPIC shows one ruling with its related topics."))
    emit({"query": question, "language": lang, "game": game, "topics": [_answer(t) for t in found]},
         "\n".join(lines), json)


def _close_topics(typed: str, topics: dict) -> list[str]:
    """The topic names closest to ``typed``, best first: a mistyped name ("eagels-x")."""
    import difflib

    return difflib.get_close_matches(typed.strip().casefold(), list(topics), n=CLOSE_TOPICS,
                                     cutoff=CLOSE_CUTOFF)


def _ruling(chosen, indent: str) -> list[str]:
    """A ruling's text, its pages and how the tool checks it, wrapped to WIDTH."""
    from ..i18n import page_label

    if chosen.game == "trajan" and (chosen.pages or chosen.sections):
        source = _("Rulebook of Trajan (2011), German edition: {where}").format(
            where=_classic_source(chosen.pages, chosen.sections))
    elif chosen.pages:
        source = _("Rulebook: {pages}").format(pages=", ".join(page_label(p) for p in chosen.pages))
    else:
        source = _("Not in the rulebook: this is how the tool decides cases the rulebook leaves open.")
    lines = textwrap.wrap(chosen.text, WIDTH, initial_indent=indent, subsequent_indent=indent)
    lines += [""] + textwrap.wrap(source, WIDTH, initial_indent=indent, subsequent_indent=indent)
    if chosen.check:
        lines.append(indent + _("The tool checks it:"))
        lines += [f"{indent}  {command}" for command in chosen.check]
    return lines + [""]


def _house_rules(lines: list[str]) -> list[dict]:
    """The open readings a game may play the other way: added to ``lines``, and as JSON."""
    from ..i18n import page_label
    from ..rulesdata import load_readings

    lines += [*textwrap.wrap(_("House rules: a game started with trajan game new GAME ... "
                               "--house NAME=VALUE reads these cases the other way; every "
                               "scoring and referee command then follows it, and trajan game "
                               "show says so."), WIDTH), ""]
    answer = []
    for info in load_readings().values():
        pages = ", ".join(page_label(p) for p in info.pages)
        lines += textwrap.wrap(f"{info.name} ({pages}): {_(info.case)}", WIDTH, subsequent_indent="  ")
        lines += textwrap.wrap(_("Source: {source}").format(source=_(info.source)), WIDTH,
                               initial_indent="  ", subsequent_indent="  ")
        ordered = [info.default] + [v for v in info.values if v != info.default]
        for value in ordered:
            label = _("{value} (the tool's)").format(value=value) if value == info.default else value
            lines += textwrap.wrap(f"{label}: {_(info.values[value])}", WIDTH,
                                   initial_indent="  - ", subsequent_indent="    ")
        lines.append("")
        answer.append({"name": info.name, "case": _(info.case), "pages": list(info.pages),
                       "source": _(info.source), "default": info.default,
                       "values": {v: _(info.values[v]) for v in ordered}})
    return answer


def _committed(lines: list[str]) -> list[dict]:
    """The readings the tool commits to with no other value to choose: added to ``lines``,
    and as JSON."""
    from ..i18n import page_label
    from ..rulesdata import load_committed_readings

    lines += [*textwrap.wrap(_("Readings the tool commits to, with no other value to choose "
                               "(no house rule switches them):"), WIDTH), ""]
    answer = []
    for info in load_committed_readings().values():
        pages = ", ".join(page_label(p) for p in info.pages)
        lines += textwrap.wrap(f"{info.name} ({pages}): {_(info.case)}", WIDTH, subsequent_indent="  ")
        lines += textwrap.wrap(_("Source: {source}").format(source=_(info.source)), WIDTH,
                               initial_indent="  ", subsequent_indent="  ")
        lines += textwrap.wrap(_("The tool: {reading}").format(reading=_(info.reading)), WIDTH,
                               initial_indent="  ", subsequent_indent="  ")
        lines.append("")
        answer.append({"name": info.name, "case": _(info.case), "pages": list(info.pages),
                       "source": _(info.source), "reading": _(info.reading)})
    return answer


def _classic_source(pages, sections) -> str:
    """Where a Trajan (2011) ruling stands: its pages (S. 9), then the rulebook's headings."""
    return ", ".join([f"S. {p}" for p in pages] + [f"„{s}“" for s in sections])


def _classic_readings(lines: list[str]) -> list[dict]:
    """The readings of the Trajan (2011) rulebook the tool commits to, and for the switchable
    ones the other value a Trajan game may play (--house NAME=VALUE): added to ``lines``, and
    as JSON."""
    from ..rulesdata import load_classic_readings

    readings = load_classic_readings()
    switchable = [info for info in readings.values() if info.values]
    lines += [*textwrap.wrap(_("House rules: a Trajan game started with trajan game new NAME "
                               "--variant trajan ... --house NAME=VALUE reads {names} the other "
                               "way; its scoring follows it, and trajan classic move and final "
                               "take --house too. The others no house rule switches.").format(
                                   names=", ".join(info.name for info in switchable)), WIDTH), ""]
    answer = []
    for info in readings.values():
        lines += textwrap.wrap(f"{info.name} ({_classic_source(info.pages, [info.section])}): {_(info.case)}",
                               WIDTH, subsequent_indent="  ")
        lines += textwrap.wrap(_("Source: {source}").format(source=_(info.source)), WIDTH,
                               initial_indent="  ", subsequent_indent="  ")
        lines += textwrap.wrap(_("The tool: {reading}").format(reading=_(info.reading)), WIDTH,
                               initial_indent="  ", subsequent_indent="  ")
        entry = {"name": info.name, "case": _(info.case), "pages": list(info.pages),
                 "section": info.section, "source": _(info.source), "reading": _(info.reading),
                 "switchable": bool(info.values)}
        if info.values:
            ordered = [info.default] + [v for v in info.values if v != info.default]
            for value in ordered:
                label = (_("{value} (the tool's)").format(value=value) if value == info.default
                         else _("--house {name}={value}").format(name=info.name, value=value))
                lines += textwrap.wrap(f"{label}: {_(info.values[value])}", WIDTH,
                                       initial_indent="  - ", subsequent_indent="    ")
            entry |= {"default": info.default, "values": {v: _(info.values[v]) for v in ordered}}
        lines.append("")
        answer.append(entry)
    return answer


def _answer(chosen) -> dict:
    from ..i18n import page_label

    if chosen.game == "trajan":  # the German rulebook's own pages
        edition_pages = [f"S. {p}" for p in chosen.pages]
    else:
        edition_pages = [page_label(p) for p in chosen.pages]
    return {"topic": chosen.id, "title": chosen.title, "text": chosen.text, "game": chosen.game,
            "pages": list(chosen.pages), "edition_pages": edition_pages,
            "sections": list(chosen.sections), "check": list(chosen.check)}
