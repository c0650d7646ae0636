"""Dungeon Lords' pictures in the terminal: the status, the options and the score card (rich; plain when not a
terminal)."""

from __future__ import annotations

from rich.table import Table

from domain.games.dungeon_lords import dungeon as dg
from domain.games.dungeon_lords.costs import describe_effect
from domain.games.dungeon_lords.describe import describe_command, describe_event
from domain.games.dungeon_lords.phases.common import catalog, free_imps, name_of, season_name, trolls
from domain.games.dungeon_lords.rules_index import cite
from domain.games.dungeon_lords.state import GameState, Player
from domain.games.dungeon_lords.views import public_orders, view
from domain.kernel import Pending
from domain.kernel.text import natural_key

from ...consoles import console
from .render_combat import battle_lines, player_extras


def _room_names(state: GameState) -> dict[str, str]:
    return {r.id: r.name for r in catalog(state).rooms.values()}


def order_words(row: dict, secret: bool, p: Player | None = None) -> str:
    """A colour's orders as a ``public_orders`` row says (``p``, when not ``secret``: the player's own, all
    shown): ``inaccessible: dig_tunnels, hire_monster   orders: mine_gold, hidden, hidden``."""
    text = f"inaccessible: {', '.join(row['inaccessible']) or '-'}"
    orders = row["revealed"] if secret or p is None else p.orders
    if orders:
        text += f"   {'orders this round' if row['nonplayer'] else 'orders'}: {', '.join(orders)}"
    third = row["third"] if secret or p is None else p.nonplayer_order
    return text + (f"   non-player's third order: {third}" if third else "")


def status_table(state: GameState, viewer: str | None) -> None:
    """A plain-text picture of the game, as ``viewer`` could see it (None = everything)."""
    b = state.board
    out = console.print
    out(
        f"[bold]Year {state.year}, {season_name(state)}[/] - phase: {state.phase.replace('_', ' ')} - "
        f"starting player: {state.players[state.starting_player].color} - "
        f"{state.variant.replace('_', ' ')}, {state.mode} - event {state.version}"
    )
    track = ", ".join(f"{p.color} {p.evil}" for p in sorted(state.players, key=lambda p: -p.evil))
    np_track = "".join(f", non-player {n.color} {n.evil}" for n in state.nonplayers if n.evil is not None)
    out(f"Evilometer (1 nice .. 15 evil, paladin at 10): {track}{np_track}")
    for pal in state.paladins:
        where = f"with {pal.holder}" if pal.holder else "in his tent"
        out(f"Paladin ({name_of(state, pal.id)}): {where}" + (f", {pal.damage} damage" if pal.damage else ""))
    rooms = _room_names(state)
    faceup = {row["color"]: row for row in public_orders(view(state, viewer))}  # what this viewer may see
    for p in state.players:
        secret = viewer is not None and viewer != p.color
        out("")
        out(
            f"[bold]{p.color}[/] ({p.name})  gold {p.gold}  food {p.food}  imps {free_imps(p)} free of "
            f"{p.imps}"
            + (f"  troll tokens {trolls(state, p)}" if trolls(state, p) else "")
            + f"  evil {p.evil}  red marks {p.red_marks}"
        )
        mons = ", ".join(name_of(state, m.id) + (" (face down)" if m.knocked_out else "") for m in p.monsters) or "-"
        traps = f"{len(p.traps)} card(s)" if secret else (", ".join(name_of(state, x) for x in p.traps) or "-")
        out(f"  monsters: {mons}   traps: {traps}")
        out(f"  hand: {'hidden' if secret else ', '.join(p.hand)}   {order_words(faceup[p.color], secret, p)}")
        out(
            f"  party: {', '.join(name_of(state, a) for a in p.party) or '-'}   "
            f"prison: {', '.join(name_of(state, a) for a in p.prison) or '-'}"
        )
        built = [
            f"{name_of(state, cell.room)} at {dg.label((r, c))}" + (" (conquered)" if cell.conquered else "")
            for r, c, cell in dg.tiles(p.dungeon)
            if cell.kind == "room"
        ]
        for i, line in enumerate(dg.render(p.dungeon, rooms).splitlines()):
            note = ("   rooms: " + "; ".join(built)) if i == 0 and built else ""
            out(f"  {line}{note}")
        for line in player_extras(state, p):
            out(line)
    out("")
    for line in battle_lines(state):
        out(line)
    for np in state.nonplayers:
        extra = f"   Evil Counter {np.evil}" if np.evil is not None else ""
        out(f"non-player {np.color}: {order_words(faceup[np.color], True)}{extra}")
    out("Underground Tavern: " + (", ".join(f"{name_of(state, m)} ({m})" for m in b.monster_offer) or "-"))
    out("Bargain Basement: " + (", ".join(f"{name_of(state, r)} ({r})" for r in b.room_offer) or "-"))
    for season, tiles in b.incoming.items():
        out(f"Adventurers for {season}: " + ", ".join(name_of(state, a) for a in tiles))
    if b.event_tiles:
        out("Events this Year: " + ", ".join(f"{s} {t.replace('_', ' ')}" for s, t in b.event_tiles.items()))
    taken = [f"{a} {pl.space}: {pl.color}" for a, slots in b.spaces.items() for pl in slots if pl is not None]
    if taken:
        out("Minions on the board: " + "; ".join(taken))


def options_table(
    p: Pending, actor_filter: str | None = None, hide_others: bool = False, state: GameState | None = None
) -> None:
    """Who must act and the numbered legal choices (for ``act --pick``). ``hide_others``: a player's
    view (``--as``): other players' choices (their hands, their trap cards) and what remains in a
    draw are not shown. ``state`` (the state ``p`` is pending in): each choice's cost and yield to its
    player is shown beside it (worked out from the choice's events: ``costs.option_effect``)."""
    console.print(f"[bold]Waiting for:[/] {p.prompt}")
    console.print(f"rule: {cite(p.rule)}")
    if p.is_chance and hide_others:
        console.print(f"Chance: {p.chance.count} {p.chance.what} to be drawn")
        return
    if p.is_chance:
        spec = p.chance
        remain = ", ".join(sorted(spec.pool, key=natural_key))
        console.print(f"Chance: {spec.count} of the {len(spec.pool)} {spec.what} that remain: {remain}")
        console.print("Record it with: dungeon-lords act GAME --draw 'NAME NAME ...' (printed names, ids or prefixes)")
        return
    for actor in p.actors:
        if actor_filter and actor != actor_filter:
            continue
        if hide_others and actor != actor_filter:
            continue
        opts = p.options(actor)
        if p.kind == "choose_orders":
            hand = sorted({card for c in opts for card in c.orders})
            np_cards = sorted({c.nonplayer_order for c in opts if c.nonplayer_order})
            console.print(
                f"{actor}: choose 3 of {', '.join(f'{i} {c}' for i, c in enumerate(hand, 1))}"
                + (f"; non-player third order one of {', '.join(np_cards)}" if np_cards else "")
            )
            console.print(
                f"  dungeon-lords orders GAME {actor} FIRST SECOND THIRD (names, prefixes or numbers)"
                + (" --nonplayer CARD" if np_cards else "")
            )
            continue
        t = Table(
            title=f"{actor}: {len(opts)} legal choice(s) - act GAME --pick N"
            + (f" --player {actor}" if len(p.actors) > 1 else "")
        )
        t.add_column("#", justify="right")
        t.add_column("choice")
        if state is not None:
            t.add_column("costs / yields")
        for i, o in enumerate(opts, 1):
            t.add_row(str(i), describe_command(o), *([describe_effect(state, p, o)] if state is not None else []))
        console.print(t)


def print_events(events, start: int = 1) -> None:
    for i, e in enumerate(events, start):
        console.print(f"{i:5d}  [{e.kind[:4]}] {describe_event(e)}")


def scores_table(state: GameState) -> None:
    """The final score card: a column per player, a row per score-card line, then titles and winners."""
    scores = sorted(state.scores or [], key=lambda s: s["rank"])
    if not scores:
        return
    t = Table(title="Final scores")
    t.add_column("line")
    for s in scores:
        t.add_column(s["color"] + (" *" if s["winner"] else ""), justify="right")
    for line in scores[0]["lines"]:
        t.add_row(line.replace("_", " "), *[str(s["lines"][line]) for s in scores])
    t.add_row("[bold]total[/]", *[f"[bold]{s['total']}[/]" for s in scores])
    console.print(t)
    for s in scores:
        titles = ", ".join(f"{k.replace('_', ' ')} ({v})" for k, v in s["titles"].items()) or "no title"
        console.print(f"{s['color']}: rank {s['rank']}, {titles}")
    console.print("Winner(s): " + ", ".join(s["color"] for s in scores if s["winner"]) + " (* in the table)")
