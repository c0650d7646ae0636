"""Dungeon Lords' pictures in the terminal: the status, the options and the score card (rich; plain when not a
terminal)."""

from __future__ import annotations

from rich.table import Table

from domain.games.dungeon_lords import dungeon as dg
from domain.games.dungeon_lords.costs import option_effect
from domain.games.dungeon_lords.describe import describe_command, describe_event
from domain.games.dungeon_lords.phases.common import catalog, free_imps, season_name, trolls
from domain.games.dungeon_lords.rules_index import INDEX
from domain.games.dungeon_lords.state import GameState
from domain.games.dungeon_lords.views import public_orders, view
from domain.kernel import Pending
from domain.kernel.text import natural_key

from ...consoles import console
from ...i18n import _, ngettext, word
from ...refusal_i18n import cited, said
from .. import draw_hint, legal_title
from .render_combat import battle_lines, player_extras
from .words import drawn, effect_words, name_of, order_words


def _room_names(state: GameState) -> dict[str, str]:
    return {r.id: r.name for r in catalog(state).rooms.values()}


def status_table(state: GameState, viewer: str | None) -> None:
    """A plain-text picture of the game, as ``viewer`` could see it (None = everything)."""
    b = state.board
    out = console.print
    out(
        _(
            "[bold]Year {year}, {season}[/] - phase: {phase} - starting player: {first} - {variant}, {mode} - event {n}"
        ).format(
            year=state.year,
            season=word(season_name(state)),
            phase=word(state.phase),
            first=state.players[state.starting_player].color,
            variant=word(state.variant),
            mode=word(state.mode),
            n=state.version,
        )
    )
    track = ", ".join(f"{p.color} {p.evil}" for p in sorted(state.players, key=lambda p: -p.evil))
    np_track = "".join(
        ", " + _("non-player {color} {evil}").format(color=n.color, evil=n.evil)
        for n in state.nonplayers
        if n.evil is not None
    )
    out(_("Evilometer (1 nice .. 15 evil, paladin at 10): {track}").format(track=track + np_track))
    for pal in state.paladins:
        where = _("with {color}").format(color=pal.holder) if pal.holder else _("in his tent")
        hurt = ", " + _("{n} damage").format(n=pal.damage) if pal.damage else ""
        out(_("Paladin ({name}): {where}").format(name=name_of(state, pal.id), where=where) + hurt)
    rooms = _room_names(state)
    faceup = {row["color"]: row for row in public_orders(view(state, viewer))}  # what this viewer may see
    for p in state.players:
        secret = viewer is not None and viewer != p.color
        out("")
        out(
            f"[bold]{p.color}[/] ({p.name})  "
            + _("gold {gold}  food {food}  imps {free} free of {imps}").format(
                gold=p.gold, food=p.food, free=free_imps(p), imps=p.imps
            )
            + ("  " + _("troll tokens {n}").format(n=trolls(state, p)) if trolls(state, p) else "")
            + "  "
            + _("evil {evil}  red marks {marks}").format(evil=p.evil, marks=p.red_marks)
        )
        down = " " + _("(face down)")
        mons = ", ".join(name_of(state, m.id) + (down if m.knocked_out else "") for m in p.monsters) or "-"
        n_traps = ngettext("{n} card(s)", "{n} card(s)", len(p.traps)).format(n=len(p.traps))
        traps = n_traps if secret else (", ".join(name_of(state, x) for x in p.traps) or "-")
        out("  " + _("monsters: {monsters}   traps: {traps}").format(monsters=mons, traps=traps))
        hand = _("hidden") if secret else ", ".join(p.hand)
        out("  " + _("hand: {hand}").format(hand=hand) + f"   {order_words(faceup[p.color], secret, p)}")
        party = ", ".join(name_of(state, a) for a in p.party) or "-"
        prison = ", ".join(name_of(state, a) for a in p.prison) or "-"
        out("  " + _("party: {party}   prison: {prison}").format(party=party, prison=prison))
        built = [
            _("{room} at {square}").format(room=name_of(state, cell.room), square=dg.label((r, c)))
            + (" " + _("(conquered)") if cell.conquered else "")
            for r, c, cell in dg.tiles(p.dungeon)
            if cell.kind == "room"
        ]
        for i, line in enumerate(dg.render(p.dungeon, rooms).splitlines()):
            note = ("   " + _("rooms: {rooms}").format(rooms="; ".join(built))) if i == 0 and built else ""
            out(f"  {line}{note}")
        for line in player_extras(state, p):
            out(line)
    out("")
    for line in battle_lines(state):
        out(line)
    for np in state.nonplayers:
        extra = "   " + _("Evil Counter {n}").format(n=np.evil) if np.evil is not None else ""
        out(_("non-player {color}").format(color=np.color) + f": {order_words(faceup[np.color], True)}{extra}")
    out(_("Underground Tavern: ") + (", ".join(f"{name_of(state, m)} ({m})" for m in b.monster_offer) or "-"))
    out(_("Bargain Basement: ") + (", ".join(f"{name_of(state, r)} ({r})" for r in b.room_offer) or "-"))
    for season, tiles in b.incoming.items():
        out(_("Adventurers for {season}: ").format(season=word(season)) + ", ".join(name_of(state, a) for a in tiles))
    if b.event_tiles:
        out(_("Events this Year: ") + ", ".join(f"{word(s)} {word(t)}" for s, t in b.event_tiles.items()))
    taken = [f"{a} {pl.space}: {pl.color}" for a, slots in b.spaces.items() for pl in slots if pl is not None]
    if taken:
        out(_("Minions on the board: ") + "; ".join(taken))


def options_table(
    p: Pending, actor_filter: str | None = None, hide_others: bool = False, state: GameState | None = None
) -> None:
    """Who must act and the numbered legal choices (for ``act --pick``). ``hide_others``: a player's
    view (``--as``): other players' choices (their hands, their trap cards) and what remains in a
    draw are not shown. ``state`` (the state ``p`` is pending in): each choice's cost and yield to its
    player is shown beside it (worked out from the choice's events: ``costs.option_effect``)."""
    console.print(_("[bold]Waiting for:[/] {prompt}").format(prompt=said(p.prompt)))
    console.print(_("rule: {rule}").format(rule=cited(INDEX, p.rule)))
    if p.is_chance and hide_others:
        console.print(_("Chance: {n} {what} to be drawn").format(n=p.chance.count, what=drawn(p.chance.what)))
        return
    if p.is_chance:
        spec = p.chance
        remain = ", ".join(sorted(spec.pool, key=natural_key))
        console.print(
            _("Chance: {n} of the {of} {what} that remain: {remain}").format(
                n=spec.count, of=len(spec.pool), what=drawn(spec.what), remain=remain
            )
        )
        console.print(draw_hint())
        return
    for actor in p.actors:
        if actor_filter and actor != actor_filter:
            continue
        if hide_others and actor != actor_filter:
            continue
        opts = p.options(actor)
        if p.kind == "choose_orders":
            # the lines' cheap descriptions, (orders, non-player order), when the options are lazy: building
            # the 120-960 commands only to list their cards was most of `status`'s rendering (start-up, #35)
            specs = getattr(opts, "specs", None)
            lines = specs if specs is not None else [(c.orders, c.nonplayer_order) for c in opts]
            hand = sorted({card for orders, _np in lines for card in orders})
            np_cards = sorted({np for _orders, np in lines if np})
            numbered = ", ".join(f"{i} {c}" for i, c in enumerate(hand, 1))
            console.print(
                _("{actor}: choose 3 of {cards}").format(actor=actor, cards=numbered)
                + (
                    "; " + _("non-player third order one of {cards}").format(cards=", ".join(np_cards))
                    if np_cards
                    else ""
                )
            )
            console.print(
                "  "
                + _("dungeon-lords orders GAME {actor} FIRST SECOND THIRD (names, prefixes or numbers)").format(
                    actor=actor
                )
                + (" --nonplayer CARD" if np_cards else "")
            )
            continue
        t = Table(title=legal_title(actor, len(opts)) + (f" --player {actor}" if len(p.actors) > 1 else ""))
        t.add_column("#", justify="right")
        t.add_column(_("choice"))
        if state is not None:
            t.add_column(_("costs / yields"))
        for i, o in enumerate(opts, 1):
            t.add_row(
                str(i),
                said(describe_command(o)),
                *([effect_words(option_effect(state, p, o))] if state is not None else []),
            )
        console.print(t)


def print_events(events, start: int = 1) -> None:
    for i, e in enumerate(events, start):
        console.print(f"{i:5d}  [{e.kind[:4]}] {describe_event(e)}")


def scores_table(state: GameState) -> None:
    """The final score card: a column per player, a row per score-card line, then titles and winners."""
    scores = sorted(state.scores or [], key=lambda s: s["rank"])
    if not scores:
        return
    t = Table(title=_("Final scores"))
    t.add_column(_("line"))
    for s in scores:
        t.add_column(s["color"] + (" *" if s["winner"] else ""), justify="right")
    for line in scores[0]["lines"]:
        t.add_row(line.replace("_", " "), *[str(s["lines"][line]) for s in scores])
    t.add_row("[bold]" + _("total") + "[/]", *[f"[bold]{s['total']}[/]" for s in scores])
    console.print(t)
    for s in scores:
        titles = ", ".join(f"{k.replace('_', ' ')} ({v})" for k, v in s["titles"].items()) or _("no title")
        console.print(_("{color}: rank {rank}, {titles}").format(color=s["color"], rank=s["rank"], titles=titles))
    winners = ", ".join(s["color"] for s in scores if s["winner"])
    console.print(_("Winner(s): {colors} (* in the table)").format(colors=winners))
