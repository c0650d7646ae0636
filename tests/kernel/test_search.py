"""The search bot (``ismcts[:PLAYOUTS[:SECONDS]]``, domain/kernel/search.py): for any registered game it plays
only legal options, the same seed gives the same decisions, the time limit ends a search, and the state it
searches from is left as it was."""

from __future__ import annotations

import itertools
import random

import pytest

from domain.games import GAMES
from domain.kernel import Pending, play_until_blocked
from domain.kernel.search import BotBook, SearchBot, SearchSpec, bot_names


def _checked(bot, seen: list[int]):
    """``bot``, asserting that every command it gives is one of the options it was offered."""

    def play(state, p: Pending, actor: str, rng: random.Random):
        command = bot(state, p, actor, rng)
        assert command in list(p.options(actor)), (p.kind, command)
        seen.append(1)
        return command

    return play


def _decisions(game: str, players: int, seed: int, skip: int, count: int):
    """``count`` (state, pending, actor) of a random game of ``game``, the first after ``skip`` random inputs,
    each with more than one option."""
    package = GAMES[game]
    _, state = package.new_game([f"p{k}" for k in range(players)], seed=seed)
    rng, engine, out = random.Random(seed), package.engine, []
    for n in itertools.count():
        p = engine.pending(state)
        if not p.actors or len(out) == count:
            break
        actor = p.actors[0]
        options = p.options(actor)
        if n >= skip and len(options) > 1:
            kept = package.rules.clone(state)
            out.append((kept, engine.pending(kept), actor))
        _, state = engine.execute(state, rng.choice(engine.pending(state).options(actor)), inplace=True)
    return out


def test_the_name_gives_the_budget_and_the_time_limit():
    assert SearchSpec.parse("ismcts") == SearchSpec()
    assert SearchSpec.parse("ismcts:250") == SearchSpec(250, SearchSpec().seconds)
    assert SearchSpec.parse("ismcts:250:1.5") == SearchSpec(250, 1.5)
    for bad in (
        "ismcts:0",
        "ismcts:x",
        "ismcts:5:0",
        "ismcts:5:-1",
        "ismcts:5:inf",
        "ismcts:1:2:3",
        "mcts:5",
        "ismcts:",
    ):
        assert SearchSpec.parse(bad) is None, bad


@pytest.mark.parametrize("game", ["dungeon_lords", "monster_inn"])
def test_every_game_offers_the_search_bot_on_request(game):
    bots = GAMES[game].bots
    assert isinstance(bots, BotBook)
    assert "ismcts" in bots and "ismcts:7" in bots and "ismcts:7:2" in bots
    assert "ismcts:0" not in bots and "nobody" not in bots
    assert "ismcts" not in list(bots)  # "every bot" (a simulation's default pool) never draws it
    assert bot_names(bots)[-1].startswith("ismcts")
    bot = bots["ismcts:7"]
    assert isinstance(bot, SearchBot) and bot.spec == SearchSpec(7, SearchSpec().seconds)
    assert bots["ismcts:7"] is bot
    with pytest.raises(KeyError):
        bots["ismcts:0"]


@pytest.mark.slow
def test_a_monster_inn_game_with_the_search_bot_plays_only_legal_options_to_the_end():
    package, seen = GAMES["monster_inn"], []
    _, state = package.new_game(["a", "b", "c"], seed=5)
    seats = package.seats(state)
    bot = package.bots["ismcts:3"]
    line_up = {seats[0]: _checked(bot, seen), seats[1]: package.bots["random"], seats[2]: package.bots["budgeted"]}
    _, final, waiting = play_until_blocked(package.engine, state, line_up, seed=5, max_commands=5_000)
    assert not waiting.actors  # the game is over
    assert seen and bot.stats.decisions > 0 and bot.stats.playouts >= bot.stats.decisions


@pytest.mark.parametrize(("game", "players", "skip"), [("dungeon_lords", 2, 250), ("monster_inn", 4, 10)])
def test_a_decision_is_legal_and_the_same_seed_gives_the_same_one(game, players, skip):
    package = GAMES[game]
    for state, p, actor in _decisions(game, players, seed=3, skip=skip, count=2):
        before = package.to_dict(state)
        spec = SearchSpec(3, 1_000.0)  # the budget ends it, never the clock
        first = SearchBot(package.engine, package.seats, package.info.scores, spec)(state, p, actor, random.Random(9))
        again = SearchBot(package.engine, package.seats, package.info.scores, spec)(state, p, actor, random.Random(9))
        assert first in list(p.options(actor))
        assert first == again
        assert package.to_dict(state) == before  # searched on copies


def test_the_search_draws_one_number_from_the_play_loop_whatever_it_does():
    package = GAMES["monster_inn"]
    (state, p, actor), *_ = _decisions("monster_inn", 3, seed=4, skip=5, count=1)
    for playouts in (1, 5):
        rng = random.Random(1)
        SearchBot(package.engine, package.seats, package.info.scores, SearchSpec(playouts, 1_000.0))(
            state, p, actor, rng
        )
        assert rng.random() == (lambda r: (r.getrandbits(64), r.random())[1])(random.Random(1))


def test_the_time_limit_ends_the_search_after_the_playout_under_way():
    package = GAMES["monster_inn"]
    (state, p, actor), *_ = _decisions("monster_inn", 3, seed=2, skip=5, count=1)
    ticks = itertools.count()
    clock = lambda: float(next(ticks))  # noqa: E731  (one second per look at the clock)
    bot = SearchBot(package.engine, package.seats, package.info.scores, SearchSpec(1_000, 2.5), clock=clock)
    assert bot(state, p, actor, random.Random(0)) in list(p.options(actor))
    # the clock reads 0 at the start (deadline 2.5), then 1 and 2 before playouts 2 and 3, then 3: stop
    assert bot.stats.playouts == 3 and bot.stats.cut_short == 1 and bot.stats.decisions == 1


def test_a_forced_move_is_played_without_a_search():
    package = GAMES["monster_inn"]
    (state, p, actor), *_ = _decisions("monster_inn", 3, seed=2, skip=5, count=1)
    only = p.options(actor)[0]
    forced = Pending(kind=p.kind, actors=[actor], prompt="", options_fn=lambda _: [only])
    bot = SearchBot(package.engine, package.seats, package.info.scores, SearchSpec(50, 1_000.0))
    assert bot(state, forced, actor, random.Random(0)) is only and bot.stats.playouts == 0


@pytest.mark.parametrize("mode", ["digital", "tabletop"])
def test_the_search_bot_plays_a_game_from_outside_the_program(mode):
    from tests import toy_game  # High Card: registered from outside, scores as a seat -> score map

    package, seen = toy_game.GAME, []
    _, state = package.new_game(["a", "b", "c"], seed=1, mode=mode)
    seats = package.seats(state)
    bot = package.bots["ismcts:8"]
    line_up = {seats[0]: _checked(bot, seen), seats[1]: package.bots["random"], seats[2]: package.bots["random"]}
    draw = random.Random(1)
    for _ in range(50):  # a table's draws are typed by a person: here, from the pool at random
        _, state, waiting = play_until_blocked(package.engine, state, line_up, seed=1)
        if not waiting.is_chance:
            break
        assert waiting.chance is not None
        cards = draw.sample(waiting.chance.pool, waiting.chance.count)
        _, state = package.engine.execute(state, package.rules.draw_command(cards))
    assert not waiting.actors and seen and bot.stats.playouts == 8 * bot.stats.decisions
