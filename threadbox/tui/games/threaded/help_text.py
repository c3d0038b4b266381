"""In-app help for Threaded, in our own words; the card lists are drawn from the card data."""

from threadbox.rules.threaded.data import (
    COLOUR_POINTS,
    COMMISSIONS,
    EQUIPMENT,
    PAIR_POINTS,
    PATTERN_POINTS,
    SHOP_NAMES,
    equipment_effect,
)


def _range(kind: str) -> str:
    ids = [c.id for c in COMMISSIONS if c.kind == kind]
    return f"{ids[0]}-{ids[-1]}"


def _equipment() -> str:
    lines = ["### Equipment cards", "Each card is used once, while the shop in brackets is visited.", ""]
    for e in EQUIPMENT:
        lines.append(f"- **{e.id}** ({e.shop}, {SHOP_NAMES[e.shop]}) *{equipment_effect(e.id)}*: {e.text}")
    return "\n".join(lines)


def _commissions() -> str:
    return "\n".join(
        [
            "### Commission kinds",
            "A commission pays for every tapestry you have made that fits it; one tapestry",
            "may pay for several commissions, and several tapestries for one.",
            "",
            f"- **Two colours** ({_range('pair')}, one per pair of colours): {PAIR_POINTS} points for each",
            "  made tapestry showing both colours, anywhere on it.",
            f"- **One colour** ({_range('colour')}, one per colour): {COLOUR_POINTS} points for each made",
            "  tapestry showing that colour.",
            f"- **A pattern** ({_range('pattern')}, one per pattern): {PATTERN_POINTS} points for each made",
            "  tapestry of that pattern.",
        ]
    )


HELP = """\
## Threaded

### Keys
Keys name the game's things, the same every turn; the options list shows each
option's key beside it.

| Key | Does |
| :- | :- |
| b y p s n g | a thread by colour: pick, give or take it |
| [ ] k x | put it: needle's left, right end; basket; scraps |
| arrows, Enter | placing: move the cursor, put the thread there |
| click | placing: a thread picks it, a place points at it |
| 1-5 | TAKE the tapestry at that place of the line |
| a b c d e f | planning: send an assistant to that shop |
| t m r s | at FINISHES: TAKE, MAKE, REFRESH, SHARE |
| d | finish or pass (while planning d is shop D) |
| t | scroll the board (at FINISHES t is TAKE) |
| 0-9, / | other options: by number, or type to find |

While placing, a colour letter picks the new thread of that colour (pressed
again, the basket's), and `[` `]` `k` `x` put it: "y ]" puts the new yellow
on the needle's right end, "y y ]" the basket's yellow when there is a new
one too. Left and right point the cursor at another place, up and down at
another thread; Enter, or a second click on the place, puts it there. When
giving, `[` and `]` give from the needle's ends and a letter from the basket;
where threads are taken (Darn Good Thread, Ends & Odds, SHARE) a letter takes
one. A key whose thing is not on offer says why. The options list shows each
option's key beside it; the other options are numbered.

### The round
Each round has three parts.

1. **Plan**: in turn, starting with the holder of the first player token (①),
   everyone sends one assistant at a time to the end of a shop's queue.
2. **Visit**: the shops act in order, A to F; at each shop the assistants act
   from the front of the queue.
3. **Restock**: equipment and Darn Good Thread are refilled, Ends & Odds is
   cleared, and the token moves to the next player.

### The shops
- **A Awl You Want**: give 2 threads to scraps and move this assistant to the
  end of any later queue, even a full one (or stay and do nothing).
- **B Bobbins & Baskets**: take a face-up equipment card and the top card of
  the deck. The face-up cards are refilled only at restock.
- **C Custom Creations**: draw 2 commissions, keep 1. Your commissions are
  secret until the end.
- **D Darn Good Thread**: take 3 of the threads there. What is left tumbles
  into the bargain box, and whatever spills out waits at Ends & Odds.
- **E Ends & Odds**: the queue takes turns picking one spilt thread each until
  none are left; you place yours after your last pick.
- **F Finishes**: choose twice (the same choice twice is fine): TAKE a
  tapestry (pay one thread onto each card you skip, collect any threads on
  yours), MAKE a tapestry from hand with the 3 threads at one end of your
  needle (same colours, same order), REFRESH the line (give 3 threads), or
  SHARE (give 1 thread, then take any others from scraps).

### Your studio
- The **needle** holds 6 threads, added at either end (L or R). Adding to a
  full needle pushes the thread at the far end off to scraps.
- The **basket** holds 4 threads in no order. You may go over while placing,
  but must be back to 4 before you finish.
- You place threads only when you gain some: new ones go to an end of the
  needle, the basket or scraps, and basket threads may move to the needle or
  scraps. A needle thread never goes back to the basket.
- Limits: 2 equipment cards, 4 commissions, 3 tapestries in hand (a fourth
  sends one back into the deck).
- **Equipment** is used while its shop (A, C, D or F) is visited: before
  anyone acts there, or during your own assistant's turn.

### Winning
The game ends after Finishes in the round when anyone makes a fifth
tapestry. Each commission scores its points for every one of your made
tapestries that fits it; every 3 threads left in your studio add 1 point.
Ties go to more tapestries made, then to the later player in the last
round's turn order. At the end the board opens on every player's
commissions, each with the tapestries it counts and the points it brought.

### Reading the board
Threads are letters in colour: B blue, Y yellow, P pink, S silver, N brown,
G green. Tapestries show their pattern in two letters (fl flame, di diamond,
wa wave, zz zigzag, me medallion) and their colours left to right; a
commission "5 per P+Y" pays 5 for each of your made tapestries with both
pink and yellow. Queues show the first letters of each player's name; `*` marks an
extra assistant (the equipment card). ✓ marks a tapestry in hand you can
make now. An equipment card reads "F7 (F) swap in a silver thread": its
code, the shop where it is used, what it does (in full where the board is
wide). Beside each of your commissions, "=10" is what it is worth with the
tapestries you have made so far; "Score now" adds your threads (only you
see this: the others' commissions stay secret). The board scrolls to what
your decision needs; `t` scrolls through the rest.

While you place threads your studio reads "Needle ▶[L▸P|G|·|·|·|·◂R]
k Basket B|·|·|· x Scraps": the brackets are the needle's ends and their keys,
k and x the basket's and scraps' keys; ▶ (◀ right of the right end) marks the
place the cursor points at, ▸ the new thread it holds, and "Enter: new P → L end"
says what Enter does.
"""
HELP += f"\n{_equipment()}\n\n{_commissions()}\n"
