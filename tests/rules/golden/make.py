"""Regenerate the golden games: ``python -m tests.rules.golden.make [name ...]``.

Only for a deliberate rule change (see ``tests/rules/test_golden.py``); the commit
that rewrites these files must say which rule changed and why. With names (e.g.
``quilt-2p-s1``), only those records are rewritten; ``--list`` prints the names.
"""

from __future__ import annotations

import sys

from .games import GOLDENS, dumps, play


def main(argv: list[str]) -> int:
    if "--list" in argv:
        print("\n".join(g.name for g in GOLDENS))
        return 0
    known = {g.name for g in GOLDENS}
    unknown = [name for name in argv if name not in known]
    if unknown:
        print(f"No golden game named {', '.join(unknown)}; --list prints the names.", file=sys.stderr)
        return 2
    for golden in GOLDENS:
        if argv and golden.name not in argv:
            continue
        golden.path.write_text(dumps(play(golden)), encoding="utf-8")
        print(f"wrote {golden.path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
