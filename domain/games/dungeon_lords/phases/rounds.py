"""Set-up, the New Round Phase, the End of the Round and the start of the Second Year.

Rules: Rulebook › Setup; › Full Game; › New Round Phase; › End of the Round; › Second Year.
"""

from __future__ import annotations

from domain.kernel import ChanceSpec, Pending, draw_pending
from domain.kernel.errors import N_, Phrase

from .. import dungeon as dg
from .. import events as ev
from ..commands import ChooseInaccessibleOrders, RecordDraw
from ..errors import refuse
from ..game_info import adventurers_per_round
from ..state import GameState, NewRound
from ..year import year_plan
from .common import catalog, season_name

_INACCESSIBLE_PROMPT = Phrase("Choose 2 of your 3 drawn order cards to be inaccessible this round (simultaneous)")


# --- set-up ---------------------------------------------------------------------------------
def setup_step(state: GameState):
    """The set-up's next draw or choice (Rulebook › Setup; Full Game › Special Events, › Choosing Initial
    Inaccessible Orders).

    Returns:
        in turn, chance ``Pending`` draws: each Year's Combat Cards (4 a Year; Festival Season: 5), the full
        game's Special Event Cards (one a Year; two with Festival Season's two Special Event tiles), each
        player's order cards made inaccessible at random (first game: 2; full game: 3 to choose from) and each
        non-player colour's 3; the full game's simultaneous choice of 2 of the 3 drawn cards (a ``Pending``);
        then the events that begin the first round."""
    cat = catalog(state)
    b = state.board
    plan = year_plan(state)
    n = plan.combat_cards  # Rulebook › Setup: 4 a Year (Festival Season: 5)
    if not b.combat_cards:
        pool = [c.id for c in cat.combat_cards.values() if c.year == 1]
        return _draw(
            "combat_cards",
            pool,
            n,
            lambda cards: [ev.CombatCardsDealt(year=1, cards=cards)],
            Phrase("Deal {n} first-Year Combat Cards, top card first", n=n),
        )
    if not b.next_combat_cards:
        pool = [c.id for c in cat.combat_cards.values() if c.year == 2]
        return _draw(
            "combat_cards",
            pool,
            n,
            lambda cards: [ev.CombatCardsDealt(year=2, cards=cards)],
            Phrase("Deal {n} second-Year Combat Cards, top card first", n=n),
        )
    if state.variant == "full" and not b.special_events:
        return _draw(
            "special_events",
            sorted(cat.special_events),
            2 * plan.special_events,
            lambda cards: [_special_events_drawn(cards, plan.special_events)],
            Phrase("Draw the {n} Special Event Cards (first Year's, then second Year's)", n=2 * plan.special_events),
        )
    for p in state.players:
        if not p.inaccessible and not p.setup_draw:
            count = 3 if state.variant == "full" else 2
            return _draw(
                "order_cards",
                list(p.hand),
                count,
                lambda cards, c=p.color: [ev.InaccessibleOrdersDrawn(color=c, cards=cards)],
                Phrase("Draw {count} of {color}'s order cards at random", count=count, color=p.color),
                color=p.color,
            )
    for np in state.nonplayers:
        if not np.inaccessible:
            return _draw(
                "order_cards",
                list(np.deck),
                3,
                lambda cards, c=np.color: [ev.InaccessibleOrdersDrawn(color=c, cards=cards)],
                Phrase("Draw 3 inaccessible order cards for the non-player {color}", color=np.color),
                color=np.color,
            )
    choosing = [p.color for p in state.play_order() if p.setup_draw]
    if choosing:
        return Pending(
            kind="choose_inaccessible_orders",
            actors=choosing,
            prompt=_INACCESSIBLE_PROMPT,
            accepts=(ChooseInaccessibleOrders,),
            handle=_choose_inaccessible,
            options_fn=lambda actor: _inaccessible_options(state, actor),
            rule="setup.full_inaccessible",
        )
    return begin_new_round(state, season=0)


def _special_events_drawn(cards: list[str], per_year: int) -> ev.SpecialEventsDrawn:
    """The draw's cards: the first Year's ``per_year``, then the second Year's (Rulebook › Full Game ›
    Special Events; Festival Season › Special Event Cards: the upper pair is Year 1's)."""
    if per_year == 1:
        return ev.SpecialEventsDrawn(year1=cards[0], year2=cards[1])
    return ev.SpecialEventsDrawn(year1=cards[0], year1_second=cards[1], year2=cards[2], year2_second=cards[3])


def _inaccessible_options(state: GameState, actor: str):
    draw = state.player(actor).setup_draw
    return [ChooseInaccessibleOrders(player=actor, cards=[a, b]) for i, a in enumerate(draw) for b in draw[i + 1 :]]


def _choose_inaccessible(state: GameState, cmd: ChooseInaccessibleOrders):
    p = state.player(cmd.player)
    if len(cmd.cards) != 2 or len(set(cmd.cards)) != 2 or any(c not in p.setup_draw for c in cmd.cards):
        raise refuse(
            "INACCESSIBLE_CHOICE_INVALID",
            "choose 2 different cards among the 3 drawn ({setup_draw})",
            "setup.full_inaccessible",
            setup_draw=", ".join(p.setup_draw),
        )
    return [ev.InaccessibleOrdersChosen(color=p.color, cards=list(cmd.cards))]


def face_down(state: GameState, what: str, year: int, position: int, prompt: str) -> Pending:
    """Tabletop: record a face-down card now that it is known; the pool is what it can still be."""
    cat = catalog(state)
    if what == "special_event":  # position: which of the Year's cards (0-based)
        known = [c for cards in state.board.special_events.values() for c in cards]
        pool = [c for c in sorted(cat.special_events) if c not in known]
    else:
        known = state.board.combat_cards if year == state.year else state.board.next_combat_cards
        pool = [c.id for c in cat.combat_cards.values() if c.year == year and c.id not in known]
    return _draw(
        what + "s",
        pool,
        1,
        lambda cards: [ev.FaceDownCardSeen(what=what, year=year, position=position, card=cards[0])],
        prompt,
    )


def _draw(what: str, pool: list[str], count: int, build, prompt: str, color: str | None = None) -> Pending:
    spec = ChanceSpec(what=what, pool=pool, count=min(count, len(pool)), color=color, build=build)
    return draw_pending(spec, prompt, (RecordDraw,))


# --- New Round Phase ------------------------------------------------------------------------------
def begin_new_round(state: GameState, season: int, year: int | None = None) -> list[ev.Event]:
    """Entering a round: leftover monsters and rooms go to the discard piles."""
    b = state.board
    seasons = year_plan(state).seasons
    out: list[ev.Event] = [ev.PhaseBegan(phase="new_round", year=year or state.year, season=seasons[season])]
    if b.monster_offer or b.room_offer:
        out.append(ev.OfferDiscarded(monsters=list(b.monster_offer), rooms=list(b.room_offer)))
    return out


def new_round_step(state: GameState):
    """The New Round Phase's next reveal (Rulebook › First Year › New Round Phase).

    Returns:
        chance ``Pending`` draws in turn: 3 Monster (or Ghost) Tiles, 2 Room Tiles, a module's own steps (the
        Year plan's ``new_round_steps``: Festival Season's Unique Opportunities), the next round's Event Tile and
        its Special Event Card, the next round's adventurers; then the events that end the phase."""
    b, year = state.board, str(state.year)
    done = state.awaiting.done if isinstance(state.awaiting, NewRound) else []
    if "monsters" not in done:
        return _draw(
            "monsters",
            list(b.monster_stack.get(year, [])),
            3,
            lambda t: [ev.MonstersRevealed(tiles=t)],
            Phrase("Reveal 3 Monster (or Ghost) Tiles"),
        )
    if "rooms" not in done:
        return _draw(
            "rooms",
            list(b.room_stack.get(year, [])),
            2,
            lambda t: [ev.RoomsRevealed(tiles=t)],
            Phrase("Reveal 2 Room Tiles"),
        )
    plan = year_plan(state)
    for module_step in plan.new_round_steps:
        found = module_step(state)
        if found is not None:
            return found
    nxt = plan.next_season(state)
    if nxt is not None and "event" not in done:
        return _draw(
            "event_tile",
            list(b.event_pool),
            1,
            lambda t, s=nxt: [ev.EventTileRevealed(season=s, tile=t[0])],
            Phrase("Turn up the Event Tile for {season}", season=N_(nxt)),
        )
    if nxt is not None and "special" not in done:
        tile = b.event_tiles.get(nxt)
        if tile == "special_event" and state.variant == "full":
            k = b.special_revealed.get(year, 0)  # the Year's next card (Festival Season: two a Year)
            if not b.special_events[year][k]:
                return face_down(
                    state,
                    "special_event",
                    state.year,
                    k,
                    Phrase("Turn up Year {year}'s Special Event Card and record it", year=state.year),
                )
            return [ev.SpecialEventRevealed(year=state.year, card=b.special_events[year][k])]
    if nxt is not None and "adventurers" not in done and state.season + 1 >= plan.adventurers_from:
        return _adventurers_step(state)
    return after_phase(state, "new_round")


def _adventurers_step(state: GameState):
    b, cat = state.board, catalog(state)
    need = adventurers_per_round(len(state.players))
    season = year_plan(state).next_season(state) or ""
    incoming = b.incoming.get(season, [])
    if len(incoming) < need:
        pool = list(b.adventurer_stack.get(str(state.year), []))
        if not pool and b.adventurer_bottom:
            pool = b.adventurer_bottom[: need - len(incoming)]  # under the stack: drawn in order
        return _draw(
            "adventurers",
            pool,
            need - len(incoming),
            lambda t: [ev.AdventurersDrawn(season=season, tiles=t)],
            Phrase("Draw {n} Adventurer Tile(s) for {season}", n=need - len(incoming), season=N_(season)),
        )
    glyph = lambda t: cat.adventurers[t].glyph_rank  # noqa: E731
    remaining = b.adventurer_stack.get(str(state.year), []) + b.adventurer_bottom
    if len({glyph(t) for t in incoming}) == 1 and any(glyph(t) != glyph(incoming[0]) for t in remaining):
        # Engine choice: when every tile left shares the glyph, the redraw could never end, so we stop.
        return [ev.AdventurerPutUnder(season=season, tile=incoming[-1])]
    # Engine choice (data): shade is not in the component data, so tiles of equal glyph keep draw order.
    return [ev.AdventurersLinedUp(season=season, tiles=sorted(incoming, key=glyph))]


# --- End of the Round and the Second Year -----------------------------------------------------------
def after_phase(state: GameState, phase: str) -> list[ev.Event]:
    """What follows ``phase``: the next phase of this round by the Year plan, or the end of the round."""
    nxt = year_plan(state).next_phase(state, phase)
    if nxt is None:
        return end_round(state)
    return [ev.PhaseBegan(phase=nxt, year=state.year, season=season_name(state))]


def end_round(state: GameState) -> list[ev.Event]:
    """The events that end a Building round (Rulebook › End of the Round): ``RoundEnded`` (the imps return;
    the Starting Player Token passes left, but not after the last round), then Combat after the Year's last
    round, else the next round's first events."""
    n = len(state.players)
    fall = year_plan(state).is_last_season(state)
    nxt = state.starting_player if fall else (state.starting_player + 1) % n
    out: list[ev.Event] = [ev.RoundEnded(season=season_name(state), starting_player=state.players[nxt].color)]
    if fall:
        out.append(ev.PhaseBegan(phase="combat", year=state.year, season=season_name(state)))
    else:
        out.extend(begin_new_round(state, state.season + 1))
    return out


def scoring_step(state: GameState) -> list[ev.Event]:
    """After the Second Year's Combat: the score card, titles and the winner (Rulebook › Scoring)."""
    from ..scoring import score

    return [ev.GameScored(scores=[s.to_json() for s in score(state)])]


def game_over_step(state: GameState) -> Pending:
    """What the game waits for once it is over: nothing (``Pending`` with no actor, kind "game_over"),
    saying the winner(s) (Rulebook › Scoring; Winning the Game) or, in Combat Training, how many tiles the
    adventurers conquered (Rulebook › Combat Training)."""
    if state.training:
        lost = sum(1 for p in state.players for _, _, c in dg.tiles(p.dungeon) if c.conquered)
        return Pending(
            kind="game_over",
            actors=[],
            prompt=Phrase("The training battle is over: the adventurers conquered {lost} tile(s)", lost=lost),
            rule="combat.training",
        )
    winners = [s["color"] for s in state.scores or [] if s.get("winner")]
    return Pending(
        kind="game_over",
        actors=[],
        prompt=Phrase("The game is over; winner(s): {winners}", winners=", ".join(winners)),
        rule="scoring.winner",
    )


def year_end_step(state: GameState) -> list[ev.Event]:
    """After the First Year's Combat: start the Second Year (Rulebook › Second Year)."""
    n = len(state.players)
    # Base: the token is with the fall starter (first + 3); 4 players: opposite the First Year's starter;
    # 3 players: one to the left, as normal; 2 players: it stays. The plan counts from the first starter.
    nxt = (state.first_starting_player + year_plan(state).second_year_starter.get(n, 0)) % n  # 1: Combat Training
    began = ev.YearBegan(
        year=2,
        starting_player=state.players[nxt].color,
        nonplayer_evil_steps=year_plan(state).nonplayer_evil_at_new_year,
        paladins=list(year_plan(state).paladins[2]),
    )
    return [began, *begin_new_round(state, 0, year=2)]
