"""Thingstead played on its screen: a whole game by keys against the bot, the preview,
clicks on the ring, hot-seat hand-offs and what a seat may not see."""

from __future__ import annotations

from threadbox.rules.thingstead import DrawFromDeck, Move, PlayToThingstead, ThingsteadState
from threadbox.rules.thingstead.data import CARDS, clan_label
from threadbox.tui.app import make_app
from threadbox.tui.gameover import GameOverScreen
from threadbox.tui.games.thingstead import ThingsteadScreen
from threadbox.tui.games.thingstead.widgets import ClanRow, HandsPanel, RingView
from threadbox.tui.handoff import HandOffScreen
from threadbox.tui.widgets import ActionList, ScoreTable

from ..helpers import make_table, messages, settle
from .ts_helpers import GAME, HUMAN, demo_table, play_until, ready, screen_text


async def test_a_whole_game_by_keys_against_the_easy_bot(quick_idle, script_reads_the_list):
    table = make_table("Ada", "Bram=bot:easy", game=GAME, seed=11)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        decisions = await play_until(pilot, lambda: isinstance(app.screen, GameOverScreen))
        assert table.is_over()
        ada = [a for seat, a in table.actions if seat == HUMAN]
        assert decisions == len(ada) > 10
        outcome = table.outcome()
        sheet = app.screen.query_one(ScoreTable)
        rows = [str(sheet.get_row_at(i)[0]) for i in range(sheet.row_count)]
        assert rows[:3] == ["Elders", "Runes powers", "Clans"]
        assert [str(c) for c in sheet.get_row_at(3)[1:]] == [str(s.total) for s in outcome.scores]


async def test_the_ring_previews_the_highlighted_move():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        assert isinstance(screen, ThingsteadScreen)
        view = table.view(HUMAN)
        assert view.step == "thing"
        options = screen.query_one(ActionList).actions
        ring = screen.query_one(RingView)
        for index, action in enumerate(options):
            screen.query_one(ActionList).highlighted = index
            await pilot.pause()
            model = ring.model
            if isinstance(action, Move):
                ghost = [e.position for e in model.elders if HUMAN in e.ghosts]
                assert ghost == ([] if action.to == view.pawns[HUMAN] else [action.to])
                gifts = {e.position: e.gift for e in model.elders if e.gift is not None}
                trial = view.clone()
                trial.pawns[HUMAN] = action.to
                if trial.matches(HUMAN, view.in_play, action.to):
                    assert sorted(gifts) == sorted(trial.influence_targets(HUMAN))
                    assert [gifts[p].quota for p in trial.influence_targets(HUMAN)] == trial.quotas(HUMAN, view.in_play)
                else:
                    assert gifts == {}
        card = CARDS[view.in_play]
        assert model.card is not None and model.card.followers == card.followers
        assert f"move up to {card.movement}" in screen_text(app)


async def test_clicking_an_elder_moves_there():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        view = table.view(HUMAN)
        target = next(a.to for a in table.legal(HUMAN) if isinstance(a, Move) and a.to != view.pawns[HUMAN])
        app.screen.query_one(RingView).post_message(RingView.ElderClicked(target))
        await settle(pilot, lambda: table.view(HUMAN).pawns[HUMAN] == target)
        assert table.view(HUMAN).pawns[HUMAN] == target


async def test_clicking_an_elder_that_is_no_option_says_so_and_changes_nothing():
    table = demo_table(step="play")  # choosing a card: no Elder is an option yet
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        before = table.view(HUMAN).to_json()
        app.screen.query_one(RingView).post_message(RingView.ElderClicked(3))
        await pilot.pause()
        await pilot.pause()
        assert table.view(HUMAN).to_json() == before
        assert any("not one of your options" in m for _, m in messages(app))


async def test_the_screen_never_shows_the_bots_hand_or_face_down_cards():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(160, 50)) as pilot:
        await settle(pilot, lambda: ready(app))
        text = screen_text(app)
        full = ThingsteadState.from_json(table.full_state_json())
        secret = [CARDS[c].label() for c in full.hands[1]]
        secret += [CARDS[c].label() for per in full.clan_cards for c in per[1]]
        # and as the hand and the row draw a card: its clan, then its numbers under the headings
        drawn = {
            c: f" {clan_label(CARDS[c].clan):<13}{CARDS[c].movement:>3}  {'':9} {CARDS[c].left:>4}" for c in range(36)
        }
        mine = {drawn[c] for c in full.hands[0] + full.row}
        for c in full.hands[1]:
            if drawn[c] not in mine:
                assert drawn[c] not in text
        # Cards Ada has seen face up (turned up in the row, played to the Thingstead) may show.
        seen = "\n".join(table.log_for(HUMAN))
        shown_elsewhere = {CARDS[c].label() for c in full.row + full.discard + full.hands[0]}
        hidden = [words for words in secret if words not in shown_elsewhere and words not in seen]
        assert hidden  # the position does hold secrets
        for words in hidden:
            assert words not in text
        assert app.screen.query_one(HandsPanel).model.hand  # Ada's own hand is there
        clans = app.screen.query_one(ClanRow).faces
        assert all(code == "?" for face in clans for code in face.cards[1])


async def test_hot_seat_hands_off_between_the_two_players(quick_idle, script_reads_the_list):
    table = make_table("Ada", "Bea", game=GAME, seed=3)
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert isinstance(app.screen, HandOffScreen)
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ThingsteadScreen))
        assert app.screen.port.seat == 0
        card = next(a for a in table.legal(0) if isinstance(a, PlayToThingstead))
        assert app.screen.choose(card)
        while table.pending() == [0]:
            app.screen.choose(table.legal(0)[-1])
            await pilot.pause()
        await settle(pilot, lambda: isinstance(app.screen, HandOffScreen))
        assert isinstance(app.screen, HandOffScreen)  # Bea's hand stays hidden until she is there
        await pilot.press("enter")
        await settle(pilot, lambda: isinstance(app.screen, ThingsteadScreen))
        assert app.screen.port.seat == 1


async def test_undo_takes_back_a_move_but_not_a_draw():
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        before = table.view(HUMAN)
        move = next(a for a in table.legal(HUMAN) if isinstance(a, Move) and a.to != before.pawns[HUMAN])
        assert app.screen.choose(move)
        await pilot.pause()
        assert table.view(HUMAN).pawns[HUMAN] == move.to
        await pilot.press("u")
        await settle(pilot, lambda: table.view(HUMAN).pawns[HUMAN] == before.pawns[HUMAN])
        assert table.view(HUMAN).to_json() == before.to_json()
        # Play the turn out to the draw: a card from the deck cannot be taken back.
        assert app.screen.choose(move)
        while table.pending() == [HUMAN] and table.view(HUMAN).step != "draw":
            app.screen.choose(table.legal(HUMAN)[0])
            await pilot.pause()
        if DrawFromDeck() in table.legal(HUMAN):
            app.screen.choose(DrawFromDeck())
            await pilot.pause()
            assert not table.can_undo(HUMAN)


async def test_t_shows_the_next_part_of_the_board_at_once():
    """At 80x24 the board scrolls; `t` jumps to the clan row, then the table, then the ring,
    each at once: no scrolling animation."""
    table = demo_table()
    app = make_app(table=table, bot_delay=0, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, lambda: ready(app))
        screen = app.screen
        scroll = screen.query_one("#ts-scroll")
        tops = []
        for _ in range(3):
            await pilot.press("t")
            await pilot.pause()
            tops.append(scroll.scroll_y)
        clans, panel = screen.query_one(ClanRow), screen.query_one(HandsPanel)
        assert tops[0] == clans.virtual_region.y > 0
        assert tops[1] == min(panel.virtual_region.y, scroll.max_scroll_y) > tops[0]
        assert tops[2] == 0
