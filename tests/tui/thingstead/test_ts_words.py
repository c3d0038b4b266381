"""Thingstead's codes in words: the cards where a player decides about them, every clan power in
the help, and the final score per clan."""

from __future__ import annotations

import random

from threadbox.controller import SeatSpec, Table, TableConfig
from threadbox.rules.thingstead import EasyBot, PlayToClan, PlayToThingstead
from threadbox.rules.thingstead.data import CARDS, CLAN_NAMES, CLANS, POWERS, clan_label
from threadbox.tui.app import make_app
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games import help_for
from threadbox.tui.games.thingstead import ThingsteadScreen
from threadbox.tui.games.thingstead.help_text import HELP
from threadbox.tui.games.thingstead.models import board, card_face, final_lines, preview
from threadbox.tui.widgets import ActionList

from ..helpers import settle
from .ts_helpers import GAME, HUMAN, demo_table, ready, screen_text


def finished_table(seed: int = 3) -> Table:
    """Ada and Bram (both at this screen) played to the end by the easy bot's choices."""
    table = Table(TableConfig(game=GAME, seats=[SeatSpec(name="Ada"), SeatSpec(name="Bram")], seed=seed))
    bot, mind = EasyBot(), random.Random(seed)
    while not table.is_over():
        seat = table.view(None).current
        table.act(seat, bot.choose(table.view(seat), seat, table.legal(seat), mind))
    return table


# ---- models -------------------------------------------------------------------------
def test_a_card_reads_in_words_clan_movement_and_the_followers_left_centre_right():
    for card in CARDS:
        face = card_face(card.id)
        assert face.clan_words == clan_label(card.clan)
        assert face.words() == (
            f"{clan_label(card.clan)} card: move up to {card.movement}; "
            f"followers left {card.left}, centre {card.centre}, right {card.right}"
        )


def test_the_board_gives_the_hand_the_row_and_the_played_card_as_card_faces():
    table = demo_table()
    view = table.view(HUMAN)
    model = board(view, HUMAN)
    assert model.hands.hand == tuple(card_face(c) for c in view.hands[HUMAN])
    assert model.hands.row == tuple(card_face(c) for c in view.row)
    assert model.ring.card == card_face(view.in_play) and model.ring.card_played


def test_a_card_highlighted_to_a_clan_says_what_it_brings_and_counts_there():
    view = demo_table(step="play").view(HUMAN)
    for action in view.legal_actions(HUMAN):
        if isinstance(action, PlayToClan):
            words = preview(view, action)[2]
            gain = view.clan_gain(HUMAN, CLANS.index(action.clan))
            assert words.startswith(f"Face down: +{gain} followers now;")
            card = CARDS[action.card]
            if card.clan == action.clan:
                assert f"its move {card.movement} counts for {action.clan}" in words
            elif not view.holds(HUMAN, "tally", action.clan):
                assert f"it shows {card.clan}, so it counts 0 for {action.clan}" in words


def test_the_help_lists_all_twenty_powers_with_the_data_modules_texts_and_groups():
    assert len(POWERS) == 20
    assert help_for(GAME) == HELP
    for power in POWERS:
        line = f"- {power.title()} ({power.group}): {power.text()}"
        assert line in HELP, line
        # under its own clan's heading
        heading = HELP.index(f"**{clan_label(power.clan)}**")
        later = [HELP.index(f"**{clan_label(c)}**") for c in CLANS if HELP.index(f"**{clan_label(c)}**") > heading]
        assert heading < HELP.index(line) < min(later, default=len(HELP))
    assert "A card's numbers" in HELP and "left mid right" in HELP


def test_the_final_lines_give_each_clans_result_adding_up_to_the_outcomes_clan_points():
    for seed in (3, 5, 8):
        table = finished_table(seed)
        view = table.view(HUMAN)
        outcome = view.outcome()
        assert outcome is not None
        results = view.clan_results()
        lines = final_lines(view)
        assert len(lines) == 1 + len(CLANS)
        for line, result in zip(lines[1:], results):
            assert line.startswith(f"{CLAN_NAMES[result.clan]} ({result.clan}): R {result.cards[0]} card")
            assert result.decided in line
            assert ("nobody" in line) == (result.winner < 0)
        for score in outcome.scores:
            assert sum(r.points(score.seat) for r in results) == dict(score.categories)["Clans"]
    assert final_lines(demo_table().view(HUMAN)) == ()  # nothing before the end


# ---- on screen, 80x24 ---------------------------------------------------------------
async def test_at_80x24_the_ring_draws_the_played_card_in_words():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        card = CARDS[table.view(HUMAN).in_play]
        text = screen_text(app)
        for words in ("Played card", clan_label(card.clan), f"move up to {card.movement}", "left mid right"):
            assert words in text
        assert card.code() not in text  # no "P3:111"
        numbers = next(line for line in text.splitlines() if "left mid right" in line)
        below = text.splitlines()[text.splitlines().index(numbers) + 1]
        at = numbers.index("left mid right")
        assert below[at : at + 14].split() == [str(card.left), str(card.centre), str(card.right)]


async def test_at_80x24_the_hand_reads_under_headings_and_a_card_to_play_shows_in_the_ring():
    table = demo_table(step="play")
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, ThingsteadScreen)
        options = screen.query_one(ActionList)
        play = next(i for i, a in enumerate(options.actions) if isinstance(a, PlayToThingstead))
        options.highlighted = play
        await pilot.pause()
        card = CARDS[options.actions[play].card]
        text = screen_text(app)
        assert "Card to play" in text and f"move up to {card.movement}" in text
        for _ in range(2):
            await pilot.press("t")  # the table: the hand
        await pilot.pause()
        text = screen_text(app)
        assert "move  followers left  mid right" in text
        hand = table.view(HUMAN).hands[HUMAN]
        for place, c in enumerate(hand, start=1):  # each under its place: the card's key
            row = f"{place}{clan_label(CARDS[c].clan):<13}{CARDS[c].movement:>3}"
            assert any(line.split("│")[1].startswith(row) for line in text.splitlines() if line.count("│") > 1)


async def test_at_80x24_the_final_screen_shows_each_clans_result():
    table = finished_table(3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, GameOverScreen))
        await pilot.pause()
        text = screen_text(app)
        for line in final_lines(table.view(HUMAN)):
            assert line in text, line
