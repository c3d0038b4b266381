"""Finds in a player's words: several of a kind are counted, not repeated."""

from threadbox.rules.thread_count.words import finds_words


def test_two_of_a_kind_are_two_mice_not_a_mouse_and_a_mouse():
    assert finds_words(["mouse", "mouse"], 0) == "reaching two mice"
    assert finds_words(["mouse", "sock", "mouse"], 1) == "reaching two mice and a sock, knocking over a cup"
    assert finds_words(["plane", "plane", "plane"], 2) == "reaching three paper planes, knocking over 2 cups"
    assert finds_words(["sock"], 0) == "reaching a sock"
    assert finds_words([], 0) == ""
