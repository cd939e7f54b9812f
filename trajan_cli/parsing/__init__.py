"""Parsers: the files players type (colonia grid, player sheet, forum) -> core models.

Every parser reports all problems at once as an :class:`~.errors.InputError`, each naming
the file, line and token, and saying what to write instead.
"""
