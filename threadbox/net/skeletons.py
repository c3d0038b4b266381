"""Unicode's confusable skeletons (UTS #39, section 4): names that look alike have the same skeleton.

``skeleton(X)`` = NFD, drop default-ignorable code points, map every
character to its prototype, NFD again. The prototypes are Unicode's
``confusables.txt`` as the PyPI package ``confusable-homoglyphs`` ships it
(``confusables.json``, read as data; its code is not used). That file lists,
for each line ``SOURCE ; PROTOTYPE`` of confusables.txt, the prototype under
the source and the source under the prototype, in the file's order, with
right-to-left characters wrapped in U+200E marks as confusables.txt prints
them. So a character listed with one partner is a source if that partner is
a string of several characters or is listed with several partners itself;
when both are listed only with each other, the one met first is the source.
(Prototypes are never sources, as UTS #39 requires: ``check_data`` checks it.)
"""

from __future__ import annotations

import functools
import importlib.util
import json
import unicodedata
from pathlib import Path

from .invisible import is_default_ignorable

PACKAGE = "confusable_homoglyphs"  # PyPI: confusable-homoglyphs


def _data_file() -> Path:
    spec = importlib.util.find_spec(PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise RuntimeError("the package confusable-homoglyphs (Unicode's confusables data) is not installed")
    return Path(next(iter(spec.submodule_search_locations))) / "confusables.json"


@functools.cache
def prototypes() -> dict[str, str]:
    """Source character -> its prototype."""
    raw = json.loads(_data_file().read_text(encoding="utf-8"))
    partners: dict[str, list[str]] = {}
    for key, entries in raw.items():
        partners.setdefault(key.replace("\u200e", ""), []).extend(e["c"].replace("\u200e", "") for e in entries)
    order = {key: n for n, key in enumerate(partners)}
    table: dict[str, str] = {}
    for source, found in partners.items():
        if len(source) != 1 or len(found) != 1:
            continue
        target = found[0]
        if len(target) != 1 or len(partners.get(target, ())) >= 2 or order[source] < order[target]:
            table[source] = target
    return table


def check_data() -> list[str]:
    """What is wrong with the data (empty: it reads as UTS #39's table)."""
    try:
        table = prototypes()
    except (OSError, RuntimeError, ValueError, KeyError) as exc:
        return [str(exc)]
    problems = []
    if len(table) < 6000:  # confusables.txt has had over 6,000 lines since Unicode 8
        problems.append(f"only {len(table)} confusable characters were read")
    if any(ch in table for target in table.values() for ch in target):
        problems.append("a prototype is itself mapped: the data is not read as it was written")
    return problems


@functools.lru_cache(maxsize=4096)
def skeleton(text: str) -> str:
    table = prototypes()
    decomposed = unicodedata.normalize("NFD", text)
    mapped = "".join(table.get(ch, ch) for ch in decomposed if not is_default_ignorable(ch))
    return unicodedata.normalize("NFD", mapped)
