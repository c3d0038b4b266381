"""Players' names and identities: one canonical form, checked before any lookup.

A name is who you are (``--auth none`` and ``password``) and what the others
see. Two spellings that look alike must never be two ways into one seat, nor
one person's way into another's: a name is accepted only if it is already
in its canonical form (Unicode NFKC, no spaces at the ends, case-folded),
printable (nothing invisible or blank: ``invisible.is_invisible``), and at
most ``NAME_LIMIT`` characters. Anything else is refused with a message that
says what to type instead, never quietly changed. A name that looks like
another name in use (the same UTS #39 skeleton, ``skeletons.skeleton``) is
refused too (``check_lookalike``).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from pydantic import BaseModel

from .invisible import is_invisible
from .skeletons import skeleton

NAME_LIMIT = 20


class NameRefused(Exception):
    """The name cannot be used; the message is for the player."""


def canonical_name(text: str) -> str:
    """The one form of a name that identities are compared in."""
    return unicodedata.normalize("NFKC", text).strip().casefold()


def _unprintable(ch: str) -> bool:
    # Control, format (bidi marks, zero-width), unassigned, private use, line/paragraph separators,
    # default-ignorable (variation selectors, Hangul fillers) and blank characters.
    return is_invisible(ch)


EMPTY_MESSAGE = "Please give a name to play under: ssh NAME@HOST (for example ssh ann@HOST)."


def suggestion(username: str) -> str:
    """What to type instead: the canonical form, without anything invisible, single spaces."""
    return " ".join(canonical_name("".join(ch for ch in username if not _unprintable(ch))).split())


def check_name(username: str) -> str:
    """The name to sign in under, or ``NameRefused`` saying why not."""
    if not username or not username.strip() or all(_unprintable(ch) or ch == " " for ch in username):
        raise NameRefused(EMPTY_MESSAGE)
    if any(_unprintable(ch) for ch in username):
        instead = suggestion(username)
        hint = f" Please sign in as {instead!r}." if instead and len(instead) <= NAME_LIMIT else ""
        raise NameRefused(
            "Names may hold letters, digits, punctuation and spaces; no control or invisible characters, nor blank ones."
            + hint
        )
    canonical = canonical_name(username)
    if len(canonical) > NAME_LIMIT:
        raise NameRefused(f"Names are at most {NAME_LIMIT} characters long.")
    if canonical != username or "  " in canonical:
        instead = " ".join(canonical.split())
        raise NameRefused(
            f"Please sign in as {instead!r}: names are written in lower case, in their plain letter forms, "
            "with single spaces and none at the ends."
        )
    return canonical


def check_lookalike(name: str, in_use: Iterable[str]) -> None:
    """``NameRefused`` if ``name`` looks like another name in ``in_use`` (same confusable skeleton)."""
    mine = skeleton(name)
    for other in in_use:
        if other != name and skeleton(other) == mine:
            raise NameRefused(
                f"The name {name!r} looks too much like {other!r}, a name already used here. Please choose another."
            )


def clean_name(text: str, fallback: str = "player") -> str:
    """A display name safe to draw on other players' terminals (for names not checked at login).

    Keeps printable characters only, collapses spaces, cuts to the limit.
    """
    kept = "".join(ch for ch in text if not _unprintable(ch))
    kept = " ".join(kept.split())[:NAME_LIMIT].strip()
    return kept or fallback


class Identity(BaseModel):
    """Who a session is: ``key`` is what seats are claimed by."""

    model_config = {"frozen": True}
    key: str  # "user:<name>" (auth none/password) or "key:<fingerprint>" (auth keys)
    name: str  # display name
    admin: bool = False

    @classmethod
    def for_user(cls, username: str, admin: bool = False) -> Identity:
        name = clean_name(username)
        return cls(key="user:" + canonical_name(name), name=name, admin=admin)

    @classmethod
    def for_key(cls, username: str, fingerprint: str, admin: bool = False) -> Identity:
        return cls(key="key:" + fingerprint, name=clean_name(username), admin=admin)
