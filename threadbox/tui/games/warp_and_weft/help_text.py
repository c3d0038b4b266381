"""The Warp & Weft help, in our own words: the rules in short, how to read the screen, the keys."""

HELP = """\
## Warp & Weft

Over four rounds you collect coloured strings and weave them onto your loom,
then bet your buttons on the patterns you expect to see on it.

Each round has three parts:

1. **String selection.** Everybody keeps one string from their hand in
   secret; when all have chosen, the kept strings are shown and the hands
   move on to the next player. Four times; the last string leaves the game.
2. **Weaving.** Put each kept string into a free slot of your loom, vertical
   or horizontal, and choose at every string it meets whether it goes over
   or under. A string never moves again.
3. **Pattern selection.** Everybody puts one button on a card in secret:
   round buttons on Adjacent cards, square buttons on Interlaced cards, never
   two of yours on one card.

At the end each button scores 1 VP per time its card's pattern is on your
loom, the Shared Objective gives 5 VP if both its patterns are there, and
every string of one colour beyond the third on one axis costs 1 VP.

## Reading the screen

- **The loom board**: vertical slots are the columns numbered across the
  top, horizontal slots the rows numbered down the left. Every string shows
  its colour letter at both ends (P pink, B light blue, V purple, R red,
  Y yellow); `·` is a free hole.
- **Over and under**: the string on top runs straight through a crossing;
  the one underneath stops short on both sides. `━ ┃ ━` is a vertical
  string on top, `╹ ━ ╻` a horizontal one on top. `╋` is a crossing not
  decided yet, and `?` the one to decide now.
- **Cards** show their pattern as a small drawing in the same style. The
  number in front of a card's name is the key that puts your button there
  (shown while it may go there); `×N` says how often the pattern is on your loom now. Buttons show as
  `●` (round) or `■` (square) and the owner's initial; `○`/`□` is your own
  button before everyone's are revealed.
- **Scores** are counted as the game stands: your own buttons count as soon
  as you place them, the others' once they are revealed.

## Keys for this game

Keys name the things on the table, the same every round:

- **String selection**: the colour's letter (`p`, `b`, `v`, `r`, `y`)
  keeps a string of that colour; the hand shows each string's key.
- **Weaving**: the colour's letter takes that string into the weaving
  cursor. A slot's number (`1`-`8`, as printed on the loom) weaves it into
  that slot of the cursor's axis; `a` swaps the axis first. So `r` `a` `3`
  weaves a red string into horizontal slot 3. Or move the cursor: on the
  loom, `←`/`→` go to a free vertical slot and `↑`/`↓` to a free horizontal
  one, and `Enter` weaves there; clicking a slot puts the cursor there, and
  clicking it again weaves. Then `o` (over) or `n` (under) for each string
  it meets, in order along the string.
- **Pattern selection**: the number on a card (Adjacent cards `1`-`4`,
  Interlaced cards `5`-`8`), or click the card.
- The options list follows the cursor, and moving through the list moves
  the cursor.
- `t` shows the next pane when the terminal is too small for all three.
"""
