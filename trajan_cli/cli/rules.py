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
    topic: Annotated[str | None, typer.Argument(
        metavar="TOPIC|QUESTION",
        help="A topic name, or a question in your own words (quote it).")] = None,
    json: JsonFlag = False,
):
    """Rulings in brief, with the rulebook page: list the topics, show one, or ask a question."""
    from ..i18n import language
    from ..rulesdata import load_topics

    topics = load_topics(language())
    if topic is None:
        listing = [{"id": t.id, "title": t.title, "pages": list(t.pages)} for t in topics.values()]
        width = max(len(t.id) for t in topics.values())
        report = "\n".join([_("Rules topics (trajan rules TOPIC shows one; a question finds them):"), ""]
                           + [f"  {t.id:<{width}}  {t.title}" for t in topics.values()])
        emit({"topics": listing}, report, json)
        return
    named = topic.strip().casefold()
    if named in topics:
        chosen = topics[named]
        related = ", ".join(f"{t} ({topics[t].title})" for t in chosen.related)
        answer = _answer(chosen) | {"related": list(chosen.related), "language": language()}
        lines = [chosen.title, "", *_ruling(chosen, "")]
        if named == READINGS:
            answer["readings"] = _house_rules(lines)
            answer["committed"] = _committed(lines)
        report = "\n".join([*lines, *textwrap.wrap(_("See also: {topics}").format(topics=related), WIDTH)])
        emit(answer, report, json)
        return
    _question(topic, topics, json)


def _question(question: str, topics: dict, json: bool) -> None:
    from ..i18n import language
    from ..parsing.errors import InputError, Problem
    from ..rulesdata import load_search_index

    ranked = load_search_index(language()).rank(question)
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
    heading = _("Rulings for \"{question}\", best first:").format(question=" ".join(question.split()))
    lines = [*textwrap.wrap(heading, WIDTH), ""]
    for number, chosen in enumerate(found[:IN_FULL], 1):
        head = f"{number}. {chosen.title}  [{chosen.id}]"
        if len(head) > WIDTH:
            head = f"{number}. {chosen.title}\n   [{chosen.id}]"
        lines += [head, *_ruling(chosen, "   ")]
    if found[IN_FULL:]:
        lines += [_("Also about it:")] + [f"  {t.id}  {t.title}" for t in found[IN_FULL:]] + [""]
    lines.append(_("trajan rules TOPIC shows one ruling with its related topics."))
    emit({"query": question, "language": language(), "topics": [_answer(t) for t in found]},
         "\n".join(lines), json)


def _close_topics(typed: str, topics: dict) -> list[str]:
    """The topic names closest to ``typed``, best first: a mistyped name ("eagels-x")."""
    import difflib

    return difflib.get_close_matches(typed.strip().casefold(), list(topics), n=CLOSE_TOPICS,
                                     cutoff=CLOSE_CUTOFF)


def _ruling(chosen, indent: str) -> list[str]:
    """A ruling's text, its pages and how the tool checks it, wrapped to WIDTH."""
    from ..i18n import page_label

    if chosen.pages:
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

    lines += [*textwrap.wrap(_("House rules: a game started with trajan game new NAME ... "
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


def _answer(chosen) -> dict:
    from ..i18n import page_label

    return {"topic": chosen.id, "title": chosen.title, "text": chosen.text,
            "pages": list(chosen.pages), "edition_pages": [page_label(p) for p in chosen.pages],
            "check": list(chosen.check)}
