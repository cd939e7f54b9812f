"""Code the test files share (no tests here): games played by script, hypothesis
strategies, fuzzing settings, time bounds, a terminal screen for pty tests.

The test files import it as ``helpers.X`` (tests/conftest.py puts tests/ on sys.path); a
test file never imports another test file.
"""
