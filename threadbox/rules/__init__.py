"""The rules of every game: pure Python, no Textual, no I/O.

Each game is a subpackage exposing ``GAME`` (a :class:`core.GameDef`).
"""
