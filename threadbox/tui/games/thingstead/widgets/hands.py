"""The seat's own hand, the face-up row and the deck (first: they are what a player decides
about), then both players' boards (supplies, locked Elders, running score, powers in words)."""

from __future__ import annotations

from rich.text import Text

from threadbox.rules.thingstead.data import LOCKS_TO_END

from ..models import CardFace, HandsModel
from .colours import CLAN_CLASSES, SEAT_CLASSES, ThingsteadWidget

CLAN_W = 13  # "Sky Blue (S)" and a space
# The columns' heading says what a card's numbers are: the followers go to the Elders on
# the pawn's left, under it and on its right, as the ring's centre draws the played card.
HEADING = "move  followers left  mid right"


class HandsPanel(ThingsteadWidget):
    DEFAULT_CSS = """
    HandsPanel { width: 1fr; height: auto; }
    """

    def __init__(self, **kw) -> None:
        super().__init__(**kw)
        self.model: HandsModel | None = None

    def show(self, model: HandsModel) -> None:
        if model != self.model:
            self.model = model
            self.refresh(layout=True)

    def render(self) -> Text:
        model = self.model
        out = Text()
        if model is None:
            return out
        muted, title = self.ink("ts--muted"), self.ink("ts--title")
        if model.me is not None:
            out.append(f"{'Your hand':<{CLAN_W + 1}}", title)
            out.append(f"{HEADING}\n", muted)
        else:
            out.append("Hands are secret\n", title)
        for place, card in enumerate(model.hand, start=1):
            self._card(out, card, str(place))  # the place is the card's key
        out.append("Face-up row", title)
        out.append(f" · deck {model.deck} · played {model.discard}\n", muted)
        for card in model.row:
            self._card(out, card)
        if not model.row:
            out.append(" empty\n", muted)
        for panel in model.seats:
            you = " (you)" if panel.seat == model.me else ""
            out.append(f"{panel.letter}: {panel.name}{you}\n", self.ink(SEAT_CLASSES[panel.seat]))
            out.append(
                f" supply {panel.supply} · general {panel.general} · on Elders {panel.on_elders}\n"
                f" locked {panel.locked}/{LOCKS_TO_END} · Elder points {panel.elder_points} · hand {panel.hand}\n"
            )
            for words in panel.powers:
                out.append(f" ✦ {words}\n")
            if not panel.powers:
                out.append(" no clan powers\n", muted)
        out.rstrip()
        return out

    def _card(self, out: Text, card: CardFace, key: str = " ") -> None:
        left, centre, right = card.followers
        out.append(key, self.ink("ts--title"))
        out.append(f"{card.clan_words:<{CLAN_W}}", self.ink(CLAN_CLASSES[card.clan]))
        out.append(f"{card.movement:>3}  {'':9} {left:>4} {centre:>4} {right:>5}\n")
