"""The `trajan` program leaves its memory to the operating system when it ends: the
interpreter's last garbage collections cost about a tenth of a command's time (start-up
speed). A test that calls main(args) keeps an ordinary process."""

import subprocess
import sys

PROVINCE = ["classic", "province", "--points", "5", "--json"]


def run(code: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)


def frozen_at_exit(argv: list[str]) -> subprocess.CompletedProcess:
    """Run main() as the program does (reading sys.argv); print whether the objects alive
    at exit were put out of the collector's reach (atexit runs after main, before the end)."""
    return run("import atexit, gc, sys\n"
               "atexit.register(lambda: print('frozen', gc.get_freeze_count() > 0))\n"
               "from trajan_cli.cli import main\n"
               f"sys.argv = {['trajan', *argv]!r}\n"
               "main()\n")


def test_the_program_answers_then_leaves_its_memory_to_the_system():
    done = frozen_at_exit(PROVINCE)
    assert done.returncode == 0
    assert '"points": 5' in done.stdout and "frozen True" in done.stdout


def test_a_refused_input_still_says_why_and_exits_2():
    done = frozen_at_exit(["classic", "province", "--points", "5", "--foreign", "9"])
    assert done.returncode == 2
    assert "--foreign" in done.stderr and "frozen True" in done.stdout


def test_main_called_with_arguments_leaves_the_collector_alone():
    done = run("import gc\nfrom trajan_cli.cli import main\n"
               f"try:\n    main({PROVINCE!r})\nexcept SystemExit:\n    pass\n"
               "print('frozen', gc.get_freeze_count() > 0)\n")
    assert done.returncode == 0 and "frozen False" in done.stdout
