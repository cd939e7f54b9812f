"""Turning results into what a player reads: JSON answers, reports and board pictures.

Pure string building; the CLI decides where it goes.
"""
