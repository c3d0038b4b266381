"""Errors the rules raise. All are ``ValueError``s, as in python-chess."""


class RulesError(ValueError):
    """Something a player tried is not allowed. The message is for the player."""


class NotYourTurn(RulesError):
    """The seat has no decision to make right now."""


class IllegalAction(RulesError):
    """The action is not one of the seat's legal options."""
