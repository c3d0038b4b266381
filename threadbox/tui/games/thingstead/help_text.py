"""In-app help for Thingstead, in our own words; the clan powers as the data module words them."""

from threadbox.rules.thingstead.data import CLANS, POWERS, clan_label


def powers_help() -> str:
    """Every clan card, clan by clan: its name, its group and what it does (``Power.text``)."""
    lines = [
        "## The clan powers",
        "",
        "Five clan cards a clan, face down in its stack; the top one is face up and",
        "its power is yours while the disc is on your side, or for good once you keep",
        "the card. The rulebook sorts them in four groups: symbols and pawns, Elders",
        "and scoring, movement, followers.",
    ]
    for clan in CLANS:
        lines += ["", f"**{clan_label(clan)}**", ""]
        lines += [f"- {p.title()} ({p.group}): {p.text()}" for p in POWERS if p.clan == clan]
    return "\n".join(lines) + "\n"


HELP = """\
## Keys for this game

Keys name the things on the table and mean the same every turn; the options
list shows each option's keys beside it ("2 o"). The board cursor ▶ marks what
the highlighted option acts on.

| Key | Does |
| :- | :- |
| `1`-`6` then `t` | play the card at that place in your hand to the Thingstead |
| `1`-`6` then `p` `s` `o` `g` | play it face down to the Pink, Sky Blue, Orange or Green clan |
| `3`-`9` | move your pawn to the Elder with that number (yours: stay) |
| `i` | influence first, then move |
| `3`-`9` (shoving) | put the other pawn on the Elder with that number (its own: leave it) |
| `0`-`9` (placing) | use that much influence on the ▶ Elder |
| `1`-`3` (drawing), `d` | take the face-up row card at that place; the top of the deck |
| left / right | move the cursor ▶ round what is on offer: the Elders, or the card's destinations (the Thingstead, the clans), or the row and the deck; on one Elder, its options in turn (the counts of followers); the list follows |
| Enter | do what the cursor points at (the highlighted option) |
| up / down | move in the list; the cursor follows |
| mouse | over an Elder, the Thingstead or a clan: point at it; a click does it (a hand card: pick it) |
| `t` | scroll the board to its next part (ring, clans, table); after a card's place, the Thingstead |

A card keeps its place in your hand (and so its key) while you hold it: the
card you draw takes the place of the one you played. A row card keeps its
place too; once the deck is used up, a taken card's place stays empty. A key
whose thing is not on offer says why and does nothing.

## Thingstead

Two players, seven Elders in a ring, four clans. On your turn you play one
card from your hand, then draw back up to your hand size.

**To the Thingstead.** Move your pawn up to the card's movement either way
round the ring, and influence: the card's clan letter must be on the Elder
under your pawn. The card names followers for the Elder on your pawn's left
(one step clockwise), the one under it, and the one on its right. The ring
changes each number by how far that Elder is from the other pawn: on it -2,
next to it -1, two away 0, three away +1 (never below 0). Followers come from
your supply. On an Elder held by the other player you first take theirs off
(back to their supply), then place yours. You may use less than you could.
Move and influence in either order, each once and whole.

**To a clan.** The card goes face down in front of a clan (any clan). Your
1st..5th card there brings 4, 3, 2, 1, 0 followers. The clan's disc jumps to
your side: its face-up power is yours while it stays. If it was already on
your side, you keep that clan card for good, the next one is turned up and
the disc goes back to the middle.

**Locking.** At the end of your turn, an Elder with at least its number of
your followers locks: one stays as a marker, the rest go back to the general
supply. Nobody influences a locked Elder again.

**The end.** When someone has locked 3 Elders, or the deck is empty and both
hands are empty. Each Elder you hold (locked, or with your followers) scores
its runestones; each clan scores 1 for the higher total movement of cards
showing its own letter (a tie goes to the disc; in the middle, to nobody).
Tied totals: more followers on the Elders wins.

## Reading the screen

- **A card's numbers.** Every Influence card has a clan (its letter must be on
  the Elder under your pawn for it to influence), a movement (how many Elders
  your pawn may step, either way round) and three follower numbers: for the
  Elder on your pawn's left, the one under it and the one on its right. The
  ring's centre draws the played card (or the one highlighted to play) as
  "move up to 2", then "left mid right" over its three numbers; your hand and
  the face-up row list them under the headings move, left, mid, right. In the
  options and the log a card reads "Orange (O) move 2, 0/2/2": clan, movement,
  left/centre/right.
- An Elder reads "No.7 ◆3 P S G": No. is the followers needed to lock it, ◆
  its runestones (points), then the clans it allies with.

- **The ring**: each Elder shows No. (followers to lock), ◆ runestones and its
  clan letters; then whose followers are there (R or B, count / needed, ■ when
  locked) and, on the right, the ring's bonus or penalty for the player to
  move; then the pawns (▲). While you choose, △ marks where a pawn would go
  and left / mid / right with +n (yours placed) and -nB or -nR (theirs
  removed) shows what the highlighted option would do on the card's left,
  centre and right Elders.
- **The clans**: the track R · · · B with the disc (●), what your next card
  there brings, each side's number of cards ("(move 4)": the movement of
  those showing the clan's letter, where you know it), and the face-up power
  in words with its group. At the end each clan says who won its point and
  why; `g` shows it per clan under the score table.
- **The table**: supplies, the general supply, followers on Elders, locks,
  Elder points so far, powers held, your hand, the face-up row and the deck.
- Point at an Elder with the mouse or the arrows (▶), click it or press Enter
  to move there, shove the other pawn there, or place followers there.


"""
HELP += powers_help()
