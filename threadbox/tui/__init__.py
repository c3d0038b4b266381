"""The Textual interface: the local app, its screens, and the game screens.

Layer rule: this package uses the controller (``SeatPort``, ``Table``) and
the rules core's data, never a game's full state.
"""
