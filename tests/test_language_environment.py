"""TRAJAN_LANG names the players' language; one the tool does not speak is said once, as
--lang refuses it (a silent fallback leaves a group wondering why its language is gone)."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("value", ["xx", "klingon", "es_ES.UTF-8"])
def test_an_unknown_trajan_lang_is_said_once_and_the_command_goes_on(cli, monkeypatch, value):
    monkeypatch.setenv("TRAJAN_LANG", value)
    for variable in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE"):
        monkeypatch.delenv(variable, raising=False)
    result = cli("rules", "readings")
    assert result.code == 0
    assert result.err.count(f"TRAJAN_LANG={value} is not a language trajan speaks (en, de, fr)") == 1
    assert "it goes on in English" in result.err
    assert result.out  # the readings are still shown


def test_the_fallback_named_is_the_language_used(cli, monkeypatch):
    """The system's locale picks the language after an unknown TRAJAN_LANG: the warning
    says which one, in it."""
    monkeypatch.setenv("TRAJAN_LANG", "xx")
    monkeypatch.setenv("LC_ALL", "de_DE.UTF-8")
    result = cli("rules", "readings")
    assert result.code == 0
    assert "TRAJAN_LANG=xx" in result.err and "Deutsch" in result.err


@pytest.mark.parametrize("value", ["de", "fr_FR.UTF-8", "EN", ""])
def test_a_known_or_empty_trajan_lang_says_nothing(cli, monkeypatch, value):
    monkeypatch.setenv("TRAJAN_LANG", value)
    assert "TRAJAN_LANG" not in cli("rules", "readings").err


def test_lang_overrides_the_environment_without_a_word(cli, monkeypatch):
    monkeypatch.setenv("TRAJAN_LANG", "xx")
    assert "TRAJAN_LANG" not in cli("--lang", "fr", "rules", "readings").err
