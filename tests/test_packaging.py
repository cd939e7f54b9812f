"""The installed package carries its rules data and examples and answers as `trajan`."""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import trajan_cli
from trajan_cli.rulesdata import data_dir


def test_rules_data_and_examples_ship_with_the_package():
    package = Path(trajan_cli.__file__).parent
    assert (package / "examples" / "tom.toml").is_file()
    for lang in ("en", "de", "fr"):  # the search index of `trajan rules QUESTION`
        assert (package / "rules_index" / f"{lang}.json").is_file()
    if os.environ.get("CI"):
        # CI installs a wheel: the data must come from inside the package, not the checkout.
        assert data_dir() == package / "rules_data"
        assert "site-packages" in str(package)


def trajan_executable() -> str | None:
    """The `trajan` installed beside this Python (the test venv), else one on PATH."""
    beside = Path(sys.executable).parent / "trajan"
    return str(beside) if beside.is_file() else shutil.which("trajan")


@pytest.mark.skipif(trajan_executable() is None, reason="trajan is not installed")
def test_installed_command_runs():
    result = subprocess.run([trajan_executable(), "score", "colonia", "--example", "tom", "--json"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and '"total": 22' in result.stdout
