"""One seat's legal actions as a list: arrows and Enter, digits, or a click."""

from __future__ import annotations

from dataclasses import dataclass

from rich.text import Text
from textual.message import Message
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from threadbox.rules.core import Action


class ActionList(OptionList):
    """The options a seat may choose now; posts ``ActionList.Chosen``.

    | Key | Does |
    | :- | :- |
    | up / down | move the highlight |
    | home / end | first / last option |
    | enter | choose the highlighted option |
    | click | choose the clicked option |

    Digits are bound on the screen (so they work wherever the focus is) and
    call ``choose_number``.
    """

    DEFAULT_CSS = """
    ActionList {
        height: 1fr;
        max-height: 100%;
        border-title-align: left;
    }
    """

    @dataclass
    class Chosen(Message):
        """The player picked ``action`` from ``action_list``."""

        action_list: "ActionList"
        action: Action

        @property
        def control(self) -> "ActionList":
            return self.action_list

    def __init__(self, *, id: str | None = None, classes: str | None = None):
        super().__init__(id=id, classes=classes)
        self.border_title = "Your options"
        self._actions: list[Action] = []
        self._waiting = ""

    @property
    def actions(self) -> list[Action]:
        return list(self._actions)

    def show(self, choices: list[tuple[Action, str]], waiting: str = "") -> None:
        """List ``(action, description)`` pairs; with none, show ``waiting`` instead."""
        actions = [action for action, _ in choices]
        if actions == self._actions and waiting == self._waiting and self.option_count:
            return  # same options: keep the player's highlight where it is
        self._actions, self._waiting = actions, waiting
        if choices:
            self.set_options(Option(self._prompt(i, text)) for i, (_, text) in enumerate(choices))
            self.highlighted = 0
        else:
            self.set_options([Option(Text(waiting or "Nothing to decide.", style="italic"), disabled=True)])

    @staticmethod
    def _prompt(index: int, text: str) -> Text:
        number = f"{index + 1} " if index < 9 else "  "
        prompt = Text(number, style="bold")
        prompt.append(text)
        return prompt

    def choose_number(self, number: int) -> bool:
        """Choose the option shown with ``number`` (1-9); False if there is none."""
        if not 1 <= number <= min(9, len(self._actions)):
            return False
        self.highlighted = number - 1
        self.post_message(self.Chosen(self, self._actions[number - 1]))
        return True

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if event.option_index < len(self._actions):
            self.post_message(self.Chosen(self, self._actions[event.option_index]))
