"""Characters that draw nothing: default-ignorable code points and blank ones.

``DEFAULT_IGNORABLE`` is Unicode's Default_Ignorable_Code_Point property
(DerivedCoreProperties.txt, https://www.unicode.org/Public/14.0.0/ucd/DerivedCoreProperties.txt,
the version of Python 3.11's unicodedata; the ranges were checked against
Perl's copy of the same property for every code point). It holds the Hangul
fillers U+115F, U+1160, U+3164 and U+FFA0, soft hyphen, joiners, variation
selectors and tags.
"""

from __future__ import annotations

import unicodedata

DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD),
    (0x034F, 0x034F),
    (0x061C, 0x061C),
    (0x115F, 0x1160),
    (0x17B4, 0x17B5),
    (0x180B, 0x180F),
    (0x200B, 0x200F),
    (0x202A, 0x202E),
    (0x2060, 0x206F),
    (0x3164, 0x3164),
    (0xFE00, 0xFE0F),
    (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0),
    (0xFFF0, 0xFFF8),
    (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)
# Blank but not default-ignorable: BRAILLE PATTERN BLANK (drawn as an empty cell), and every
# space separator (Zs) other than the plain space, e.g. OGHAM SPACE MARK U+1680.
BLANK = frozenset({0x2800})


def is_default_ignorable(ch: str) -> bool:
    code = ord(ch)
    return any(low <= code <= high for low, high in DEFAULT_IGNORABLE)


def is_blank(ch: str) -> bool:
    return ord(ch) in BLANK or (ch != " " and unicodedata.category(ch) == "Zs")


def is_invisible(ch: str) -> bool:
    """Control, format, unassigned, private use, line/paragraph separators, default-ignorable or blank."""
    category = unicodedata.category(ch)
    return category[0] == "C" or category in ("Zl", "Zp") or is_default_ignorable(ch) or is_blank(ch)
