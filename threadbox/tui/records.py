"""The recorded games: unfinished ones to continue, finished ones (the history) to replay."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Literal, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from threadbox.controller import Record

from .widgets import KeyBar
from .widgets.confirm import ConfirmScreen

if TYPE_CHECKING:
    from .host import LocalHost

Kind = Literal["unfinished", "finished"]


def when_text(iso: str, now: datetime | None = None) -> str:
    """A record's time the way a player says it: "5 minutes ago", "yesterday", a date."""
    try:
        then = datetime.fromisoformat(iso)
    except ValueError:
        return "?"
    now = now or datetime.now(UTC)
    seconds = (now - then).total_seconds()
    if seconds < 60:
        return "just now"
    if seconds < 3600:
        minutes = int(seconds // 60)
        return f"{minutes} minute{'s' if minutes > 1 else ''} ago"
    if seconds < 86400:
        hours = int(seconds // 3600)
        return f"{hours} hour{'s' if hours > 1 else ''} ago"
    local = then.astimezone()
    if seconds < 2 * 86400:
        return f"yesterday {local:%H:%M}"
    return f"{local:%Y-%m-%d %H:%M}"


def record_option(record: Record, now: datetime | None = None) -> Option:
    line = Text(record.title, style="bold")
    if record.finished:
        line.append(f"  ·  {record.result_text().removeprefix('finished: ')}")
    else:
        line.append(f"  ·  {record.stage or 'in progress'}")  # a record begins at the first move
    line.append(f"  ·  {when_text(record.updated, now)}")
    line.append(f"\n  {record.seats_text()}  ·  id {record.id}", style="dim")
    return Option(line, id=record.id)


class RecordsScreen(Screen[None]):
    """The unfinished games (Continue) or the finished ones (History), newest first.

    | Key | Does |
    | :- | :- |
    | up / down | pick a game |
    | enter | continue it (unfinished) / replay it (finished) |
    | r | replay it |
    | d | delete it (asks first) |
    | escape | back to the menu |
    """

    BINDINGS = [
        Binding("r", "replay", "Replay"),
        Binding("d", "delete", "Delete"),
        Binding("escape", "back", "Back"),
    ]
    AUTO_FOCUS = "#records"

    DEFAULT_CSS = """
    RecordsScreen {
        align: center top;
        & > #records-box { width: 100%; max-width: 110; height: 1fr; padding: 0 1; }
        & #records-title { text-style: bold; background: $primary; color: $text; padding: 0 1; }
        & #records-note { color: $foreground-muted; padding: 0 1; }
        & #records-unreadable { color: $warning; padding: 0 1; }
        & #records { height: 1fr; }
    }
    """

    def __init__(self, kind: Kind, source: Callable[[], list[Record]] | None = None):
        """``source``: where the finished games come from when it is not this app's own book
        (a player's rooms over SSH); such a list only replays."""
        super().__init__()
        self.kind = kind
        self.source = source
        self.records: list[Record] = []

    def compose(self) -> ComposeResult:
        title = "Continue a game" if self.kind == "unfinished" else "History: finished games"
        note = (
            "Enter continues the game, r replays it up to now, d deletes it."
            if self.kind == "unfinished"
            else "Enter replays the game move by move" + (", d deletes it." if self.source is None else ".")
        )
        with Vertical(id="records-box"):
            yield Static(title, id="records-title")
            yield Static(note, id="records-note")
            yield Static(id="records-unreadable", markup=False)
            yield OptionList(id="records")
        yield KeyBar()

    @property
    def local_app(self) -> LocalHost:
        return cast("LocalHost", self.app)

    def on_mount(self) -> None:
        self.reload()

    def on_screen_resume(self) -> None:
        self.reload()

    def reload(self) -> None:
        if self.source is not None:
            self._show(self.source(), 0)
            return
        entries = self.local_app.book.entries()
        wanted = self.kind == "finished"
        records = [e.record for e in entries if e.record is not None and e.record.finished == wanted]
        self._show(records, sum(1 for e in entries if e.record is None))

    def _show(self, records: list[Record], unreadable: int) -> None:
        self.records = records
        note = self.query_one("#records-unreadable", Static)
        note.display = bool(unreadable)
        note.update(f"{unreadable} file(s) in the records folder cannot be read: threadbox saves says why.")
        listing = self.query_one("#records", OptionList)
        keep = listing.highlighted
        listing.clear_options()
        now = datetime.now(UTC)
        listing.add_options([record_option(r, now) for r in self.records])
        if not self.records:
            empty = "No unfinished games." if self.kind == "unfinished" else "No finished games yet."
            listing.add_option(Option(empty, disabled=True))
        else:
            listing.highlighted = min(keep or 0, len(self.records) - 1)
        self.refresh_bindings()

    def chosen(self) -> Record | None:
        index = self.query_one("#records", OptionList).highlighted
        if index is None or index >= len(self.records):
            return None
        return self.records[index]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "delete" and self.source is not None:
            return False
        if action in ("replay", "delete"):
            return bool(self.records)
        return True

    @on(OptionList.OptionSelected, "#records")
    def _picked(self) -> None:
        record = self.chosen()
        if record is None:
            return
        if self.kind == "finished":
            self.action_replay()
            return
        self.app.pop_screen()  # the game goes over the menu, not over this list
        if not self.local_app.resume(record):
            self.app.push_screen(RecordsScreen(self.kind))

    def action_replay(self) -> None:
        record = self.chosen()
        if record is not None:
            from .replay import open_replay

            open_replay(self.app, record)

    def action_delete(self) -> None:
        record = self.chosen()
        if record is None:
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.local_app.book.delete(record.id)
                self.notify(f"Deleted {record.title} ({record.id}).", timeout=4)
                self.reload()

        when = when_text(record.updated)
        self.app.push_screen(
            ConfirmScreen(
                f"Delete this game of {record.title}?", f"{record.seats_text()}, {when}. It cannot be undone."
            ),
            answer,
        )

    def action_back(self) -> None:
        self.dismiss(None)
