"""Thread Count explained for the help screen, in our own words."""

HELP = """\
## Thread Count

A cat is asleep at the foot of the carpet and you hold a ball of wool. Lay
the wool out across the carpet so that it passes as many of the things lying
about as it can — mice, socks and paper planes — while keeping clear of the
good porcelain cups.

**Before play.** Every player draws six cups on shaded places (`░`) of a
sheet. Then the sheets are shuffled and dealt out again, so you will most
likely steer around somebody else's cups.

**Each round** one die is rolled for everybody. Add exactly that many
points to your thread, starting where it stopped last time (the first time,
just under the ball of wool `@`). A move runs in a straight line and may turn
a right angle once. Every stretch between two neighbouring points can carry
your thread only once, but the thread may cross itself. Blocks (`▓`) are
walls. If you cannot draw the full number, or would rather not, you pass.

**Collecting.** The first time your thread reaches a mouse, sock or paper
plane you score it: 1 point each. Every complete trio of one mouse, one
sock and one plane is a set, worth a bonus: 2 for the first set, 3 for the
second, and so on. Each cup your thread reaches is knocked over: 2 points off.

**The cat's paw** (`♣`) is on the bottom row. When a move reaches it you may
end your thread there, even with points of the roll unused: 5 more points,
and you sit out the rest of the game.

**The round counter.** Once anybody completes a set, the hourglass is
crossed and the counter starts: from then on, whenever the roll is at least
the first number not yet crossed off, that number is crossed off. The round
in which the last number goes is the final one. The game also ends when
nobody can or wants to draw any more. Most points wins; on a tie, the player
who collected more objects.

## Reading the sheet

| Sign | Means |
| :- | :- |
| `M` `S` `P` | a mouse, a sock, a paper plane (struck through and small, `m`, once reached) |
| `○` / `⊗` | a porcelain cup / a cup your thread knocked over |
| `░` | a shaded place, where cups may be drawn |
| `▓` | a block: the thread cannot pass |
| `@` / `♣` | the ball of wool / the cat's paw |
| `─│┼` | your thread; crossings show as `┼` |
| `━┃` | the route you have picked, before you draw it |
| `◇` | a point where another route of this roll ends |

The end of your thread is shown reversed. Beside the sheet: the die and the
round, the round counter (struck numbers are crossed off, the reversed one
is the next to beat), your collection bar (crossed boxes; the sets row shows
what each set is worth, reversed once made), every player's score and what
they are doing, and this legend.

## Playing with keys and mouse

| Key | Does |
| :- | :- |
| `←` `↑` `→` `↓` | pick a route setting off that way; again for the next (setup: move between shaded places) |
| `space` | the next route, whatever its way |
| `enter` | draw the picked route (setup: draw a cup on the picked place) |
| `e` | pick a route that ends your thread at the cat's paw |
| `p` | pass this round (asks first if that would end the game) |
| `v` | look at the next player's sheet; keep pressing to come back to yours |
| `tab` | move between the sheet and the options list |
| click a point | pick a route ending there; click again for the next one (setup: draw a cup there) |
| click a name | look at that player's sheet |

The options list always holds the same choices; moving through it shows
each route on the sheet.
"""
