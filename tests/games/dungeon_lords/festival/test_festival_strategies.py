"""The strategy bots under Festival Season (issues #14 and #15): they play whole games of the whole expansion,
legally and with the invariants holding after every event, and they use the expansion's choices: each Unique
Opportunity board valued for what it gives, the Festival bid and pick, the pet draft
(domain/games/dungeon_lords/festival/strategies.py).

The behaviour is measured over a few fixed-seed games (deterministic); each assertion is one the strategies
failed before they knew the expansion (they valued a board as the place it covers, and bid, picked and drafted
at random), and which a strategy blind to the expansion fails still (the slow test at the end measures that).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from functools import lru_cache

import pytest
from helpers import fold_with_invariants

from domain.games.dungeon_lords import GAME
from domain.games.dungeon_lords import strategies as S
from domain.games.dungeon_lords.actions import acting
from domain.games.dungeon_lords.commands import Decline
from domain.games.dungeon_lords.festival import strategies as festival_strategies
from domain.games.dungeon_lords.phases.common import catalog, free_imps
from domain.games.dungeon_lords.ruleset import RULESETS
from domain.games.dungeon_lords.state import to_dict
from domain.kernel import play_until_blocked

FESTIVAL = tuple(RULESETS["festival"])
NAMES = ("tunneller", "monster_keeper", "evil", "room_builder", "balanced")
STRATEGY = {cls.name: cls() for cls in (S.Tunneller, S.MonsterKeeper, S.Evil, S.RoomBuilder, S.Balanced)}


def checked(bot, name: str, seen: list | None = None):
    """``bot``, asserting that every answer is one of the legal options (and noting it in ``seen``)."""

    def play(state, pending, actor, rng):
        facts = None if seen is None else note(name, state, pending, actor)  # before: bots play in place
        command = bot(state, pending, actor, rng)
        options = pending.options(actor)
        assert command in options, (name, pending.kind, command)
        if facts is not None:
            seen.append({**facts, "command": command})
        return command

    return play


def note(name: str, state, pending, actor) -> dict:
    """What the tests below read of a decision, as it stands when it is asked."""
    facts: dict = {"name": name, "kind": pending.kind}
    me = state.player(actor)
    if pending.kind == "action":
        facts.update(board=acting(state, pending.detail["action"]), options=list(pending.options(actor)))
        facts["space"] = pending.detail["space"]
    elif pending.kind == "choose_orders" and state.board.opportunity:
        live = state.board.opportunity
        facts.update(board=live, held=catalog(state).opportunities[live].replaces in me.hand)
        facts["place"] = catalog(state).opportunities[live].replaces
    elif pending.kind == "festival_bid":
        facts["available"] = free_imps(me)
    elif pending.kind == "festival_pick":
        strategy = STRATEGY[name]
        ctx = S.Ctx(state, me, pending, strategy.weights(state, me))
        facts["prizes"] = {b: catalog(state).opportunities[b].prize for b in state.festival.prizes}
        # what each way of taking a prize is worth to the picker (the options: a hire of a monster he can pay)
        options = list(pending.options(actor))
        score = festival_strategies.score_festival_pick(strategy, ctx, options)
        facts["worth"] = [score(o) for o in options if o.board is not None]
    elif pending.kind == "pet_pass":
        strategy = STRATEGY[name]
        facts["pet"] = festival_strategies.pet_value(S.Ctx(state, me, pending, strategy.weights(state, me)), "pet_01")
        facts["w_pet"] = strategy.weights(state, me).pet
    return facts


def play(players: int, seed: int, who: list[str], seen: list | None = None, variant: str = "full"):
    """A whole game of the whole expansion, the seats played by ``who``: (events, final state)."""
    events, state = GAME.new_game([f"P{k}" for k in range(players)], seed=seed, variant=variant, modules=list(FESTIVAL))
    seats = {c: checked(GAME.bots[n], n, seen) for c, n in zip(GAME.seats(state), who)}
    more, final, waiting = play_until_blocked(GAME.engine, state, seats, seed=seed, max_commands=50_000)
    assert waiting.kind == "game_over", f"stopped at {waiting.kind}: {waiting.prompt}"
    return [*events, *more], final


# --- whole games, invariants after every event ---------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", NAMES)
def test_each_strategy_plays_whole_festival_games_with_invariants_after_every_event(name, players):
    variant = ("full", "first_game")[players % 2]
    log, final = play(players, seed=players, who=[name] * players, variant=variant)
    assert final.scores and any(s["winner"] for s in final.scores)
    assert to_dict(fold_with_invariants(log)) == to_dict(final)


def test_every_expansion_decision_and_board_has_a_valuation():
    """No Festival Season decision falls back to a random option: each kind and each board is scored."""
    for kind in ("festival_bid", "festival_pick", "pet_pass", "pet_discard"):
        assert kind in S.SCORERS
    _, state = GAME.new_game(["A", "B"], seed=1, modules=list(FESTIVAL))
    assert set(catalog(state).opportunities) <= set(S.BOARDS)
    with pytest.raises(ValueError):
        S.register_board("masquerade", S.BOARDS["masquerade"])
    with pytest.raises(ValueError):
        S.register_scorer("production", S.SCORERS["festival_bid"])  # a base kind has its method


def test_the_expected_prize_of_a_bid():
    values = [5.0, 3.0, 1.0]
    assert festival_strategies.expected_prize(values, []) == 5.0  # nobody else bids: the best prize
    assert festival_strategies.expected_prize(values, [1.0, 1.0]) == 1.0  # two rivals surely first
    assert festival_strategies.expected_prize(values, [1.0, 1.0, 1.0]) == 0.0  # three: nothing is left
    assert festival_strategies.expected_prize(values, [0.5]) == pytest.approx(4.0)
    # A rival bidding 0..3 alike is ahead of a bid of 2 with 1 chance in 4 (a tie goes to the more evil).
    assert festival_strategies._ahead(3, False, 2) == pytest.approx(0.25)
    assert festival_strategies._ahead(3, True, 2) == pytest.approx(0.5)
    assert festival_strategies._ahead(1, True, 2) == 0.0


# --- the expansion's choices are used ---------------------------------------------------------------------------
@lru_cache(maxsize=1)
def decisions() -> list:
    """Every decision of 30 games of the whole expansion (2-4 players), the five strategies mixed."""
    seen: list = []
    for seed in range(30):
        players = (2, 3, 4)[seed % 3]
        play(players, seed, [NAMES[(seed + i) % len(NAMES)] for i in range(players)], seen)
    return seen


def _on_board(seen, board: str, spaces=("I", "II", "III")):
    """(strategy, options, command) of each acting minion on ``board`` (on one of ``spaces``)."""
    for d in seen:
        if d["kind"] == "action" and d["board"] == board and d["space"] in spaces:
            yield d["name"], d["options"], d["command"]


def _order_rate(seen, name: str, board: str) -> float:
    """How often ``name`` plays the order card of the place ``board`` covers, when it holds it that round."""
    held = played = 0
    for d in seen:
        if d["name"] == name and d["kind"] == "choose_orders" and d.get("board") == board and d["held"]:
            held += 1
            played += d["place"] in d["command"].orders
    assert held >= 5, f"{name} held the card {board} covers only {held} times"
    return played / held


def test_boards_worth_their_cost_are_never_declined():
    """Invest Gold returns more than it costs; the Masquerade's spaces I and II cost nothing and give gold or a
    look at a Combat Card while every rival gains Evil: a strategy that can carry them out does (before, it
    declined about half the time: every option scored 0, as declining does)."""
    for board, spaces in (("invest_gold", ("I", "II", "III")), ("masquerade", ("I", "II"))):
        chances = [
            (o, c) for _, o, c in _on_board(decisions(), board, spaces) if any(not isinstance(x, Decline) for x in o)
        ]
        assert len(chances) >= 10, board
        assert [c for o, c in chances if isinstance(c, Decline)] == [], board


def test_harvest_food_gathers_as_much_as_it_is_worth():
    """Harvest Food: the strategies gather more food than a uniform choice of the amounts would."""
    taken, uniform = [], []
    for _, options, command in _on_board(decisions(), "harvest_food"):
        amounts = [o.food for o in options if not isinstance(o, Decline)]
        if amounts:
            taken.append(0 if isinstance(command, Decline) else command.food)
            uniform.append(sum(amounts) / (len(amounts) + 1))
    assert len(taken) >= 10 and sum(taken) > 1.3 * sum(uniform)


def test_each_strategy_takes_the_boards_that_suit_it():
    """The Tunneller takes Improve Tunnels, the Monster Keeper Acquire Pet and Harvest Food, the Evil bot the
    Masquerade (rivals gain Evil; it never improves its reputation), the Room Builder Rent Rooms more than the
    Evil bot; the Tunneller and the Room Builder leave Hire Expert alone."""
    seen = decisions()
    assert _order_rate(seen, "tunneller", "improve_tunnels") >= 0.9
    assert _order_rate(seen, "monster_keeper", "acquire_pet") >= 0.7
    assert _order_rate(seen, "monster_keeper", "harvest_food") >= 0.7
    assert _order_rate(seen, "evil", "masquerade") >= 0.8
    assert _order_rate(seen, "room_builder", "rent_rooms") > _order_rate(seen, "evil", "rent_rooms") + 0.2
    assert _order_rate(seen, "evil", "hire_expert") >= 0.6
    assert _order_rate(seen, "tunneller", "hire_expert") <= 0.2
    # On the board, the Tunneller improves (or deconquers) whenever it has the imps.
    on_board = [(o, c) for n, o, c in _on_board(seen, "improve_tunnels") if n == "tunneller"]
    assert on_board and all(not isinstance(c, Decline) for o, c in on_board if len(o) > 1)


def test_the_festival_bids_follow_the_strategies_characters():
    """The Evil bot, whose imps have little else to do, sends most of them; the Room Builder keeps them for its
    rooms' production (a random bid would be about half the available imps for both)."""
    sent: dict[str, list[tuple[int, int]]] = defaultdict(list)
    for d in decisions():
        if d["kind"] == "festival_bid":
            sent[d["name"]].append((d["command"].imps, d["available"]))

    def share(name: str) -> float:
        bids = sent[name]
        assert len(bids) >= 10
        return sum(b for b, _ in bids) / sum(a for _, a in bids)

    # 0.80 when the bots restated the rules, 0.71 since they ask them (#32: other Festival games, 36 bids)
    assert share("evil") >= 0.7
    assert share("room_builder") <= share("evil") - 0.3


def test_the_festival_picks_take_what_the_strategy_values():
    """Nobody takes a prize worth less than nothing to it (the Evil bot never loses Evil at the Festival), and a
    picker passes only when every prize left is worth nothing to it."""
    picks: Counter = Counter()
    for d in decisions():
        if d["kind"] != "festival_pick":
            continue
        board = d["command"].board
        prize = d["prizes"][board] if board else None
        picks[d["name"], prize] += 1
        if d["name"] == "evil":
            assert prize != "lose_evil"
        if prize is None:
            assert max(d["worth"], default=0.0) <= 0.0, d
    assert sum(n for (_, prize), n in picks.items() if prize) >= 30


def test_the_pet_draft_is_answered_by_the_strategies():
    """The pet draft is scored (the stand-in pets are all worth the same, so the rng picks among equals); a pet
    with an effect would be kept before a stand-in."""
    passes = [d for d in decisions() if d["kind"] == "pet_pass"]
    assert passes and any(d["kind"] == "pet_discard" for d in decisions())
    assert all(d["pet"] == pytest.approx(d["w_pet"]) for d in passes)
    assert "pet_pass" in S.SCORERS and "pet_discard" in S.SCORERS


# --- stronger than random, and than themselves blind to the expansion (slow: a few hundred games) -------------
def _blind(name: str):
    """The strategy ``name`` as it was before it knew the expansion: the registered valuations left out."""
    bot = GAME.bots[name]

    def play_blind(state, pending, actor, rng):
        boards, scorers = dict(S.BOARDS), dict(S.SCORERS)
        S.BOARDS.clear()
        S.SCORERS.clear()
        try:
            return bot(state, pending, actor, rng)
        finally:
            S.BOARDS.update(boards)
            S.SCORERS.update(scorers)

    return play_blind


def _wins(games: int, seat) -> Counter:
    """Wins by side over ``games`` 4-player games of the whole expansion; ``seat(i, seed)`` -> (side, bot)."""
    wins: Counter = Counter()
    for seed in range(games):
        _, state = GAME.new_game([f"P{k}" for k in range(4)], seed=seed, variant="full", modules=list(FESTIVAL))
        sides = {c: seat(i, seed) for i, c in enumerate(GAME.seats(state))}
        _, final, _ = play_until_blocked(
            GAME.engine, state, {c: bot for c, (_, bot) in sides.items()}, seed=seed, max_commands=50_000
        )
        wins.update(sides[s["color"]][0] for s in final.scores if s["winner"])
    return wins


@pytest.mark.slow
def test_strategy_bots_win_festival_games_more_often_than_random_bots():
    """Two strategy seats against two random seats (the seats alternate with the seed): 60 games."""

    def seat(i, seed):
        if (i + seed) % 2:
            return "random", GAME.bots["random"]
        name = NAMES[(i + seed) % len(NAMES)]
        return "strategy", GAME.bots[name]

    wins = _wins(60, seat)
    assert wins["strategy"] > 4 * wins["random"], wins


@pytest.mark.slow
def test_strategies_that_know_the_expansion_beat_themselves_blind_to_it():
    """Each strategy on two seats knowing the expansion's choices, on two blind to them (the seats alternate):
    over 150 games the seats that know win more (measured 2026-11: 126 to 86 over 200 games)."""

    def seat(i, seed):
        name = NAMES[seed % len(NAMES)]
        return ("aware", GAME.bots[name]) if (i + seed) % 2 == 0 else ("blind", _blind(name))

    wins = _wins(150, seat)
    assert wins["aware"] > 1.2 * wins["blind"], wins


def test_strategy_festival_games_are_deterministic_for_a_seed():
    """The rng breaks ties only: the same seed plays the same game."""
    a = play(3, 5, ["evil", "tunneller", "monster_keeper"])[0]
    b = play(3, 5, ["evil", "tunneller", "monster_keeper"])[0]
    assert [e.to_json() for e in a] == [e.to_json() for e in b]
