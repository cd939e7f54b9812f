"""Three languages everywhere: every message and rules topic exists in English, German and
French, with the same placeholders and each edition's page numbers."""

import gettext
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import trajan_cli
from trajan_cli.i18n import LANGUAGES, page_label, resolve_language, set_language

babel = pytest.importorskip("babel")
from babel.messages.pofile import read_po  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "trajan_cli" / "locale"
TRANSLATED = [lang for lang in LANGUAGES if lang != "en"]
PLACEHOLDER = re.compile(r"\{[a-z_]*(?:![rs])?(?::[^}]*)?\}")
PAGE = re.compile(r"\b(?:p|pp)\. (\d+)")


def catalog(lang: str):
    with (LOCALE / lang / "LC_MESSAGES" / "trajan.po").open("rb") as handle:
        return read_po(handle, locale=lang)


def messages(lang: str):
    return [m for m in catalog(lang) if m.id]


def forms(m) -> list[tuple[str, str]]:
    """(English, translation) pairs of a message; a counted message (ngettext, Plural) pairs
    its first form with the singular and every other with the plural."""
    if not isinstance(m.id, tuple):
        return [(m.id, m.string)]
    strings = m.string if isinstance(m.string, tuple) else (m.string,)
    return [(m.id[0] if i == 0 else m.id[1], s) for i, s in enumerate(strings)]


def test_catalogs_hold_every_message_of_the_code():
    done = subprocess.run([sys.executable, str(ROOT / "scripts" / "messages.py"), "--check"],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    missing = [m.id for m in messages(lang) if not all(s for _, s in forms(m)) or m.fuzzy]
    assert not missing, f"{len(missing)} messages lack a {lang} translation, e.g. {missing[:3]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_placeholders(lang):
    for m in messages(lang):
        for english, string in forms(m):
            if not string:
                continue
            if isinstance(m.id, tuple):  # a language may say "one coin" without the number
                assert (set(PLACEHOLDER.findall(english)) - {"{n}"}
                        == set(PLACEHOLDER.findall(string)) - {"{n}"}), m.id
            else:
                assert sorted(PLACEHOLDER.findall(english)) == sorted(PLACEHOLDER.findall(string)), m.id


@pytest.mark.parametrize("lang", TRANSLATED)
def test_page_numbers_follow_the_edition(lang):
    """German pages are 16 lower and written 'S.', French 16 higher (rules_data/editions.toml)."""
    offset = {"de": -16, "fr": 16}[lang]
    word = {"de": "S.", "fr": "p."}[lang]
    for m in messages(lang):
        for english, string in forms(m):
            for page in PAGE.findall(english):
                expected = f"{word} {int(page) + offset}"
                assert expected in string or f"{word}\u00a0{int(page) + offset}" in string, (m.id, string)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_installed_catalog_is_compiled_from_the_po_file(lang):
    installed = Path(trajan_cli.__file__).parent / "locale"
    compiled = gettext.translation("trajan", localedir=installed, languages=[lang])
    for m in messages(lang):
        if m.fuzzy or not all(s for _, s in forms(m)):
            continue
        if isinstance(m.id, tuple):  # de and fr: one form for 1, the other for many
            assert compiled.ngettext(*m.id, 1) == m.string[0], m.id
            assert compiled.ngettext(*m.id, 5) == m.string[-1], m.id
        else:
            assert compiled.gettext(m.id) == m.string, m.id


def test_rules_topics_exist_in_every_language():
    folder = ROOT / "rules_data" / "rules"
    ids = set(tomllib.loads((folder / "topics.toml").read_text()))
    assert len(ids) >= 20
    for lang in LANGUAGES:
        texts = tomllib.loads((folder / f"{lang}.toml").read_text())
        assert set(texts) == ids, lang
        for topic_id, entry in texts.items():
            assert entry["title"].strip() and entry["text"].strip(), (lang, topic_id)


@pytest.mark.parametrize("lang, title", [("en", "Eagle spaces"), ("de", "Adler"), ("fr", "aigle")])
def test_rules_eagles_answers_in_each_language(cli, lang, title):
    result = cli("--lang", lang, "rules", "eagles")
    assert result.code == 0 and title.casefold() in result.out.casefold()
    assert page_label(25) in result.out or {"de": "S. 9", "fr": "p. 41", "en": "p. 25"}[lang] in result.out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_json_answers_are_the_same_in_every_language(cli, lang):
    english = cli("score", "colonia", "--example", "tom", "--json").json()
    assert cli("--lang", lang, "score", "colonia", "--example", "tom", "--json").json() == english


def test_reports_are_translated(cli):
    english = cli("score", "colonia", "--example", "tom").out
    german = cli("--lang", "de", "score", "colonia", "--example", "tom").out
    french = cli("--lang", "fr", "score", "colonia", "--example", "tom").out
    assert len({english, german, french}) == 3
    assert "S. 11" in german and "p. 43" in french


def test_errors_are_translated(cli, write):
    path = write("bad.toml", 'name = "X"\ncolonia = "? ?"\n')
    english = cli("score", "colonia", path).err
    german = cli("--lang", "de", "score", "colonia", path).err
    assert english != german and str(path) in german


def test_language_comes_from_option_then_environment_then_locale(monkeypatch):
    monkeypatch.setenv("TRAJAN_LANG", "fr")
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert resolve_language("de") == "de"
    assert resolve_language(None) == "fr"
    monkeypatch.delenv("TRAJAN_LANG")
    assert resolve_language(None) == "de"
    monkeypatch.setenv("LANG", "C.UTF-8")
    for variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    assert resolve_language(None) == "en"


def test_page_labels_per_edition():
    set_language("de")
    assert page_label(26) == "S. 10"
    set_language("fr")
    assert page_label(26) == "p. 42"
    set_language("en")
    assert page_label(26) == "p. 26"


def _bare_messages(tree) -> list[int]:
    """Lines where a problem or usage message is a plain or f-string, not run through _()."""
    import ast

    def bare(node) -> bool:
        if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            return True
        return isinstance(node, ast.BinOp) and (bare(node.left) or bare(node.right))

    lines = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        func, message = node.func, None
        if isinstance(func, ast.Attribute) and func.attr == "add" and getattr(func.value, "id", "") == "problems":
            message = node.args[2] if len(node.args) > 2 else None
        elif getattr(func, "id", None) == "Problem" or getattr(func, "attr", None) == "Problem":
            message = node.args[3] if len(node.args) > 3 else None
        elif getattr(func, "attr", None) == "BadParameter":
            message = node.args[0] if node.args else None
        if message is not None and bare(message):
            lines.append(node.lineno)
    return lines


def test_every_problem_message_goes_through_the_catalog():
    """Parsers and commands must build player-facing messages with _() (else they stay English)."""
    import ast

    # The one message shown before a language is known: an unknown --lang value.
    allowed = {("cli/__init__.py", "use one of")}
    found = []
    for path in sorted((ROOT / "trajan_cli").rglob("*.py")):
        source = path.read_text()
        for line in _bare_messages(ast.parse(source)):
            text = source.splitlines()[line - 1]
            rel = str(path.relative_to(ROOT / "trajan_cli"))
            if not any(rel == f and marker in source.splitlines()[line - 1 + offset]
                       for f, marker in allowed for offset in (0, 1)):
                found.append(f"{rel}:{line}: {text.strip()}")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_counted_message_has_as_many_forms_as_its_catalog_rule(lang):
    """The catalog's own Plural-Forms decide: a counted message with fewer forms than the rule
    counts shows English for the missing ones (Babel 2.19 defaults French to three forms)."""
    book = catalog(lang)
    short = [m.id for m in messages(lang)
             if isinstance(m.id, tuple) and len(m.string) != book.num_plurals]
    assert book.num_plurals == 2 and not short, (book.plural_forms, short[:3])


def test_french_names_the_keys_one_way():
    """The French help said "Enter" in some places and "Entrée" in others: a French keyboard
    labels them Entrée and Échap, so every French text does."""
    mixed = [s for m in messages("fr") for _, s in forms(m) if re.search(r"\bEnter\b|\bEsc\b", s)]
    assert not mixed, mixed[:3]
