"""One line of a game's log: public words, and what some seats read instead."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from .slots import _new, _set_dict, _set_extra, _set_fields_set, _set_private


class LogEntry(BaseModel):
    """One line of the game log. ``text`` is public; ``private`` gives some seats more.

    A value: shared between copies of a state, never changed once made."""

    model_config = ConfigDict(frozen=True)

    text: str
    private: dict[int, str] = Field(default_factory=dict)

    @classmethod
    def line(cls, text: str, private: dict[int, str] | None = None) -> LogEntry:
        """The same as ``LogEntry(text=..., private=...)`` without validation: the rules
        write several lines per action, from values they made themselves."""
        new = _new(cls)  # fast_new(cls, ...) written out: one call less, at every log line
        _set_dict(new, {"text": text, "private": {} if private is None else private})
        _set_fields_set(new, {"text", "private"})
        _set_extra(new, None)
        _set_private(new, None)
        return new

    def for_seat(self, seat: int | None) -> str:
        if seat is not None and seat in self.private:
            return self.private[seat]
        return self.text

    def seen_by(self, seat: int | None) -> LogEntry:
        """This line as ``seat`` (None: a spectator) may hold it: other seats' private lines left out."""
        private = self.private
        if not private or (len(private) == 1 and seat in private):
            return self
        return LogEntry.line(self.text, {seat: private[seat]} if seat is not None and seat in private else None)
