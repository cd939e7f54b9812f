"""The pure core: models, rules facts as typed values, and scoring.

Nothing in this package reads files, prints or prompts. Parsers (``trajan_cli.parsing``)
build the models; the CLI (``trajan_cli.cli``) shows the results.
"""
