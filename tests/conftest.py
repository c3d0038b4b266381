"""Shared by every test: a misspelt field of a game state is refused (play sets fields unchecked)."""

from threadbox.rules.core.state import check_field_names

check_field_names()
