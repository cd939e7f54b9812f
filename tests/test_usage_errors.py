"""Issue 22: Click's own usage errors (an unknown option, a missing argument, a value a
parameter refuses) are shown as the project's errors are: wrapped at the terminal's width,
in the chosen language, the usage line and the hint to ask for help kept, exit status 2."""

import subprocess
import sys

import pytest

WIDTH = 50


@pytest.fixture
def narrow(monkeypatch, tmp_path):
    monkeypatch.setenv("COLUMNS", str(WIDTH))
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def fits(text: str) -> bool:
    return all(len(line) <= WIDTH for line in text.splitlines())


@pytest.mark.parametrize("lang,usage,hint,error", [
    ("en", "Usage: trajan score cranes", "Try 'trajan score cranes --help' for help.",
     "Error: Invalid value for '--cycle': '9' is not a cycle; use 1, 2 or 3"),
    ("de", "Aufruf: trajan score cranes", "Hilfe: 'trajan score cranes --help'.",
     "Fehler: Ungültiger Wert für '--cycle': '9' ist kein Durchgang"),
    ("fr", "Usage : trajan score cranes", "Aide : 'trajan score cranes --help'.",
     "Erreur : valeur invalide pour '--cycle' :"),
])
def test_a_value_a_parameter_refuses(cli, narrow, lang, usage, hint, error):
    result = cli("--lang", lang, "score", "cranes", "--example", "tom", "--cycle", "9")
    assert result.code == 2
    assert fits(result.err), result.err
    lines = result.err.splitlines()
    assert lines[0].startswith(usage) and lines[1] == hint, result.err
    assert error in " ".join(result.err.split()), result.err
    assert "Error:" not in result.err or lang == "en"


@pytest.mark.parametrize("lang,error", [
    ("en", "Error: No such option: --bogus"),
    ("de", "Fehler: Unbekannte Option: --bogus"),
    ("fr", "Erreur : option inconnue : --bogus"),
])
def test_an_unknown_option(cli, narrow, lang, error):
    result = cli("--lang", lang, "score", "colonia", "--example", "tom", "--bogus")
    assert result.code == 2 and fits(result.err) and error in result.err, result.err


@pytest.mark.parametrize("lang,error", [
    ("en", "Error: Missing argument 'CARD'."),
    ("de", "Fehler: Argument 'CARD' fehlt."),
    ("fr", "Erreur : argument 'CARD' manquant."),
])
def test_a_missing_argument(cli, narrow, lang, error):
    result = cli("--lang", lang, "card", "show")
    assert result.code == 2 and error in result.err, result.err


@pytest.mark.parametrize("lang,error", [
    ("en", "Error: No such command 'nosuch'."),
    ("de", "Fehler: Unbekannter Befehl 'nosuch'."),
    ("fr", "Erreur : commande inconnue : 'nosuch'."),
])
def test_an_unknown_command(cli, narrow, lang, error):
    result = cli("--lang", lang, "nosuch")
    assert result.code == 2 and error in result.err, result.err


def test_an_option_without_its_value(cli, narrow):
    result = cli("--lang", "de", "score", "colonia", "--example")
    assert result.code == 2 and "Fehler: Option '--example' braucht einen Wert." in result.err, result.err


def test_a_long_usage_error_is_one_wrapped_message(cli, narrow):
    """The project's own reason, long, inside Click's error: wrapped, its lines hanging."""
    result = cli("score", "colonia", "--example", "tom", "extra.toml")
    assert result.code == 2 and fits(result.err), result.err
    error = result.err.split("\n\n", 1)[1]
    assert error.startswith("Error: Invalid value for --example:")
    assert all(line.startswith("       ") for line in error.splitlines()[1:]), error


def test_help_version_and_no_command_as_before(cli, narrow):
    assert cli("--version").code == 0
    help_ = cli("--help")
    assert help_.code == 0 and "Usage: trajan" in help_.out
    bare = cli()  # no command: the help, as Click shows it, and Click's status
    assert bare.code == 2 and "Usage: trajan" in bare.out + bare.err


def test_the_program_itself_exits_2(tmp_path):
    """The real process: Click's usage error no longer printed by Click itself."""
    done = subprocess.run([sys.executable, "-m", "trajan_cli", "--lang", "fr", "card", "show"],
                          capture_output=True, text=True,
                          env={"TRAJAN_HOME": str(tmp_path), "COLUMNS": "50", "PATH": "/usr/bin:/bin"})
    assert done.returncode == 2
    assert "Erreur : argument 'CARD' manquant." in done.stderr and "Error" not in done.stderr


@pytest.mark.parametrize("lang,said", [("en", "Aborted!"), ("de", "Abgebrochen!"), ("fr", "Interrompu !")])
def test_the_end_of_input_at_a_question_stops_in_the_players_words(cli, narrow, monkeypatch, lang, said):
    """Ctrl-D at a prompt: Click's Abort, exit status 1 as Click gives it."""
    import trajan_cli.cli.score as score

    def ended(*args, **kwargs):
        raise EOFError

    monkeypatch.setattr(score, "sheet_from", ended)
    result = cli("--lang", lang, "score", "colonia", "--example", "tom")
    assert result.code == 1 and said in result.err and "Traceback" not in result.err, result.err


@pytest.mark.parametrize("lang,args,reason", [
    ("fr", ("classic", "province", "--points", "x", "--foreign", "1"), "'x' n'est pas un nombre entier."),
    ("de", ("check", "envoy", "--example", "tom", "--colour", "g", "--ship", "-1"),
     "-1 liegt nicht im Bereich x>=0."),
])
def test_the_reasons_of_clicks_number_types(cli, narrow, lang, args, reason):
    result = cli("--lang", lang, *args)
    assert result.code == 2 and reason in " ".join(result.err.split()), result.err


def test_a_command_run_in_process_ends_with_status_0_as_before():
    """main(args) ends as Click's standalone mode ended it: SystemExit(0) after a command."""
    from trajan_cli.cli import main

    with pytest.raises(SystemExit) as done:
        main(["card", "list", "--json"])
    assert done.value.code == 0
