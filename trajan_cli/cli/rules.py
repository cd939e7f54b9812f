"""`trajan rules [TOPIC|WORD]`: short rulings with their rulebook pages."""

from typing import Annotated

import typer

from ..i18n import _
from .options import JsonFlag, emit


def rules(
    topic: Annotated[str | None, typer.Argument(metavar="TOPIC|WORD",
                                                help="A topic name, or a word to search for.")] = None,
    json: JsonFlag = False,
):
    """Rulings in brief, with the rulebook page: list the topics, show one, or search."""
    from ..core.topics import search
    from ..i18n import language, page_label
    from ..parsing.errors import InputError, Problem
    from ..render.text import wrap
    from ..rulesdata import load_topics

    topics = load_topics(language())
    if topic is None:
        listing = [{"id": t.id, "title": t.title, "pages": list(t.pages)} for t in topics.values()]
        width = max(len(t.id) for t in topics.values())
        report = "\n".join([_("Rules topics (trajan rules TOPIC shows one; a word searches):"), ""]
                           + [f"  {t.id:<{width}}  {t.title}" for t in topics.values()])
        emit({"topics": listing}, report, json)
        return
    found = search(topics, topic)
    if not found:
        raise InputError([Problem("trajan rules", None, topic, _(
            "no topic matches; 'trajan rules' lists them all"))])
    if len(found) > 1:
        listing = [{"id": t.id, "title": t.title, "pages": list(t.pages)} for t in found]
        report = "\n".join([_("Topics about {word!r}:").format(word=topic), ""]
                           + [f"  {t.id:<20}  {t.title}" for t in found])
        emit({"matches": listing}, report, json)
        return
    chosen = found[0]
    if chosen.pages:
        source = _("Rulebook: {pages}").format(pages=", ".join(page_label(p) for p in chosen.pages))
    else:
        source = _("Not in the rulebook: this is how the tool decides cases the rulebook leaves open.")
    related = ", ".join(f"{t} ({topics[t].title})" for t in chosen.related)
    report = "\n".join([
        chosen.title,
        "",
        *wrap(chosen.text),
        "",
        source,
        _("See also: {topics}").format(topics=related),
    ])
    emit({"topic": chosen.id, "title": chosen.title, "text": chosen.text, "pages": list(chosen.pages),
          "edition_pages": [page_label(p) for p in chosen.pages], "related": list(chosen.related),
          "language": language()}, report, json)
