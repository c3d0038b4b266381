"""Thread Count explained for the help screen, in our own words."""

HELP = """\
## Thread Count

A cat is asleep at the foot of the carpet and you hold a ball of wool. Lay
the wool out across the carpet so that it passes as many of the things lying
about as it can — mice, socks and paper planes — while keeping clear of the
good porcelain cups.

**Before play.** Every player draws six cups on shaded places (`░`) of a
sheet. Then the sheets are shuffled and dealt out again so that nobody gets
their own: you steer around somebody else's cups. Alone, the cups are placed
at random.

**Each round** one die is rolled for everybody. Add exactly that many
points to your thread, starting where it stopped last time (the first time,
just under the ball of wool `@`). A move runs in a straight line and may turn
a right angle once. Every stretch between two neighbouring points can carry
your thread only once, but the thread may cross itself. Blocks (`▓`) are
walls. If you cannot draw the full number, or would rather not, you pass:
that skips this roll only. You may also stop for good, and then draw no more.
When no roll at all can extend your thread any more, you sit out the rest.

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
every player has stopped, reached the cat or can go no further. Most points
wins; on a tie, the player who collected more objects.

**Handicap.** In the set-up, "no cup minus" on a seat spares that player
the minus points for knocked-over cups (for someone still learning); the
score sheet shows it as "Cups (no minus)".

## Reading the sheet

| Sign | Means |
| :- | :- |
| `M` `S` `P` | mouse, sock, paper plane |
| `m` `s` `p` | one your thread has reached |
| `○` | a porcelain cup |
| `⊗` | a cup your thread knocked over |
| `░` | a shaded place for a cup |
| `▓` | a block: the thread cannot pass |
| `@` | the ball of wool |
| `♣` | the cat's paw |
| `─│┼` | your thread (`┼`: it crosses itself) |
| `━┃` | the route picked, not drawn yet |
| `◇` | the end of another route of this roll |

The end of your thread is shown reversed. Beside the sheet: the die and the
round, the round counter (struck numbers are crossed off, the reversed one
is the next to beat), your collection bar (crossed boxes; the sets row shows
what each set is worth, reversed once made), every player's score and what
they are doing, and this legend.

## Playing with keys and mouse

| Key | Does |
| :- | :- |
| `←↑→↓` | a route setting off that way (again: the next) |
| `space` | the next route, whichever way |
| `enter` | draw the picked route |
| `e` | a route ending at the cat's paw |
| `p` | pass: skip this roll only |
| `s` | stop for good (asks first) |
| `v` | the next player's sheet (again: back) |
| `tab` | between the sheet and the options |
| click a point | a route ending there (again: the next) |
| click a name | that player's sheet |

Before play, the arrows and `space` move between shaded places, and `enter`
or a click draws a cup there.

The options list always holds the same choices; moving through it shows
each route on the sheet.
"""
