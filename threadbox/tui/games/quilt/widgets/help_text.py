"""The Quilt help, in our own words: the rules in short, how to read the screen, the keys."""

HELP = """\
## Keys

Keys name the things on the table and mean the same every turn. In phase 3
a pencil's letter comes first, then what it colours.

| Key | Does |
| :- | :- |
| `roygbp` | take the patch of that colour (phase 1) |
| `roygbp` | pick that pencil: the list shows only its options |
| `1`-`6` | that needle holder: take it or put the pencil drawn on it |
| `d` | draw a pencil from the bag |
| `g` `4` | colour the next cell of row 4 with the green pencil |
| `g` `+` `5` | colour the +5 applique green |
| `g` `s` | colour the threads of the next spool green |
| `e` `5` | stitch a part of the 5-part embroidery |
| `x` `g` `y` | exchange those pencils (one pencil: `x` `g` Enter) |
| `n` / `f` | let the bonus go / finish colouring |
| `←` `→` | move the cursor over what you can choose |
| arrows, Enter | on the board (Tab): move the cursor, act there |
| click | act on it; if several pencils could, click again |
| `t` | show the next player's sheet |
| `0`-`9` | an option by its number (the neutral holder's pencils) |
| `/` | type to narrow the options list; Escape shows all |

A key whose thing is not on offer says why. The cursor (`[ ]` on the sheet,
`▶` at a needle holder) rests only on what the options list shows: moving
it moves the list's highlight, and moving the list moves it.

## Quilt

Everyone colours a quilt sheet of their own with pencils drafted from needle
holders in the middle of the table. Each round has three parts.

1. **Patches.** From the first player round the table, everyone takes a
   patch of a colour nobody has taken this round. A cell you colour with
   that colour gets its background too: +1 VP at the end.
2. **Pencils.** In turn, each player either draws two pencils from the bag
   and puts them on holders, draws one and then takes a holder, or just takes
   a holder that has pencils. A holder carries at most 3. Whoever takes a
   holder first becomes the first player. The holder nobody took is the
   neutral one; it is filled up to 3.
3. **Colouring.** In turn from the first player, use your pencils, each once:
   - the next cell of a row, left to right; a row keeps the colour of its
     first pencil and no two rows share a colour;
   - an applique, while the column under it has no coloured cell;
   - the threads of the next spool, if that spool is open (two are at first).

A cell's bonus happens at once: an extra pencil of the colour shown
(it is always there to borrow), a pencil borrowed from the neutral holder,
swapping 1-2 unused pencils with the bag (not those a swap brought this
round), opening the next spool, a button, or a stitch: the same pencil
colours a part of an embroidery. Finishing the 5-part embroidery lends you
2 pencils from the neutral holder or the bag, the 3-part one 1 pencil, the
2-part one fills the backgrounds of the cells you coloured this round.
Borrowed pencils are used at once and go back.

The game ends after the round in which someone has 3 full rows, or 2 full
rows and every spool threaded.

**Score:** each row is worth the number on its last coloured cell, plus 1 per
full cell; an applique is worth its number if its column is complete and costs
it if not; the spools give the last threaded spool's number, +10 with all six
colours; buttons are worth the weakest row each. Ties go to the best single row.
*Everything Counted* makes your two weakest rows count against you.
*Quiltmania for Four* plays four with one set of pencils fewer.

## Reading the screen

- **Your sheet**: the row's number and colour letter, then its cells. Each
  cell shows a mark (`·` blank, `▸` next, `◐` picture coloured, `●` fully
  coloured), its picture's letter, its points and its bonus: a colour
  letter (extra pencil), `N` neutral pencil, `⇄` exchange, `§` spool,
  `●` button, `≈` stitch. The score column is on the right.
- Above the rows, the appliques `▽+3` over their columns (`✗` once the
  column is touched). Below, the spools (`○` open, `×` closed, a letter once
  threaded), the embroideries and the running score.
- **The table**: the patches, the bag, the needle holders (`R` is a red
  pencil; used ones are struck through) and the bonus you are settling now.
"""
