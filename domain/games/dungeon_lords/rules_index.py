"""Every rule the engine enforces, with its source.

A rule id (for example ``"dig.no_2x2"``) is what a :class:`~domain.games.dungeon_lords.errors.RuleViolation`
cites; the CLI and the audit print the citation. Sources are sections of the base
rulebook (Dungeon Lords, CGE 2009), cited as "Rulebook › Section ›
Subsection", or engine choices where the rulebook is silent ("Engine choice: ...").
"""

from __future__ import annotations

from domain.kernel.codes import KernelRefusal, refusals_markdown
from domain.kernel.rules_index import RuleIndex

from .refusals import Refusal

RULES: dict[str, str] = {
    # --- set-up and flow
    "setup.players": "Rulebook › Summary (2 to 4 players)",
    "setup.modules": "Festival Season › Combining Variants (each part of the expansion can be left out)",
    "setup.catalog": "Engine: a table's catalog overrides use the shipped catalog's schema (see `catalog`)",
    "setup.first_game": "Rulebook › Rules › First Game › Setup (inaccessible orders chosen at random)",
    "setup.full_inaccessible": "Rulebook › Full Game › Choosing Initial Inaccessible Orders",
    "setup.special_events": "Rulebook › Full Game › Special Events",
    "flow.turn": "Rulebook › First Year (phases in Progress Board order; decisions in play order)",
    "flow.not_your_turn": "Rulebook › First Year (the game waits for one input at a time; see `options`)",
    # --- new round
    "round.new_round": "Rulebook › First Year › New Round Phase",
    "round.adventurers_redraw": "Rulebook › First Year › New Round Phase › Next Round's Adventurers",
    # --- orders
    "orders.choose_three": "Rulebook › Orders Phase › Selecting Orders (choose 3 of the 6 cards in hand)",
    "orders.placement": "Rulebook › Orders Phase › Revealing Orders (lowest free space, clockwise from the starting player)",
    "orders.hire_first_fee": "Rulebook › Full Game › Recruiting as First Order",
    "orders.three_players": "Rulebook › The Orders Phase with 3 Players",
    "orders.two_players": "Rulebook › The Orders Phase with 2 Players",
    "orders.retrieval": "Rulebook › Production and Orders Retrieval Phase › Orders Retrieval",
    # --- actions
    "action.order": "Rulebook › Executing Orders (board order; Hire Monster and Build Room go III, II, I)",
    "action.full_cost": "Rulebook › Executing Orders (pay the full cost or nothing)",
    "evil.cost_at_top": "Rulebook › Full Game › Paying a Cost vs. Gaining Evil (full game: an Evil cost cannot be paid past "
    "the top; the first game moves the counter 'unless you are already at the top')",
    "evil.clamp": "Rulebook › Full Game › Paying a Cost vs. Gaining Evil (gaining or losing Evil stops at the ends)",
    "action.spy": "Rulebook › Description of Actions › Improve Reputation (spy on one of the four Combat Cards)",
    "dig.adjacent": "Rulebook › Description of Actions › Dig Tunnels (adjacent to a previously placed tile)",
    "dig.no_2x2": "Rulebook › Description of Actions › Dig Tunnels (no 2x2 block may be filled)",
    "dig.permit": "Rulebook › Description of Actions › Dig Tunnels (up to the permit; one imp per tunnel; foreimp on space III)",
    "mine.permit": "Rulebook › Description of Actions › Mine Gold (up to the permit; one imp per unconquered tunnel; foreimp on space III)",
    "imps.available": "Rulebook › Dig Tunnels / Mine Gold / Production (each imp does one job per round)",
    "recruit.after_mining": "Rulebook › Description of Actions › Recruit Imps (new imps cannot dig or mine this round)",
    "traps.buy": "Rulebook › Description of Actions › Buy Traps",
    "traps.second_year": "Rulebook › Second Year › Buying Traps in the Second Year (draw one extra, discard one)",
    "traps.deck_empty": "Engine choice: an empty Trap deck is re-formed from the face-down discards (the rulebook is silent)",
    "hire.choose": "Rulebook › Description of Actions › Hire Monster (or Ghost)",
    "hire.cost": "Rulebook › Hire Monster (pay the cost on the tile; space III pays 1 extra Food)",
    "hire.golem": "Rulebook › Appendix › Golem (discard a Trap Card to hire or pay him)",
    "hire.demon": "Rulebook › Appendix › Demon (discard a monster, not a ghost, to hire or pay him)",
    "room.choose": "Rulebook › Description of Actions › Build Room",
    "room.on_tunnel": "Rulebook › Build Room (a room replaces one of your unconquered Tunnel Tiles)",
    "room.zone": "Rulebook › Build Room (a First Year room must be placed in its zone)",
    "room.not_adjacent": "Rulebook › Build Room (two rooms cannot be adjacent)",
    # --- production and events
    "production.rooms": "Rulebook › Production and Orders Retrieval Phase › Production",
    "production.twice": "Rulebook › Second Year › Rooms and Monsters in the Second Year (first-year rooms produce twice)",
    "production.conquered": "Rulebook › Conquering Step (a conquered room loses its function)",
    "event.payday": "Rulebook › Event Phase › Pay Day",
    "event.taxes": "Rulebook › Event Phase › Taxes",
    "event.special": "Rulebook › Full Game › Special Events (card text: see the catalog; most are provisional)",
    # --- adventurers and paladin
    "adventurers.assign": "Rulebook › Adventurers Phase (least powerful to the nicest; ties by play order)",
    "adventurers.warrior": "Rulebook › Adventurers Phase (a new warrior pushes to the front)",
    "adventurers.two_players": "Rulebook › Assigning Adventurers to 2 Players",
    "paladin.arrives": "Rulebook › Paladin (arrives at the first player on or above his space)",
    "paladin.moves": "Rulebook › Paladin (moves only to a strictly more evil player at or above his space; ties: later in play order)",
    "paladin.nonplayer": "Engine choice: the paladin only goes to players, never to a non-player Evil Counter",
    "paladin.nonplayer_festival": "Festival Season › Evilometer for Two Players (the non-player counter is "
    "ranked for the paladins; the one it gets goes to the Distant Lands; ties: the non-player is the nicer, "
    "provisional)",
    # --- Festival Season: Unique Opportunities
    "uo.boards": "Festival Season › Revealing Unique Opportunities (one board turned up each round but the last; "
    "from round 2 it covers its place for the round)",
    "uo.harvest_food": "Festival Season › Unique Opportunities › Harvest Food (one imp per food, foreimps 1 / 1 / 2; "
    "space III loses 1 Evil; food per space provisional, spec U-01)",
    "uo.masquerade": "Festival Season › Unique Opportunities › Masquerade (every other player gains 1 Evil; space II "
    "may put the spied card back anywhere, announced)",
    "uo.invest_gold": "Festival Season › Unique Opportunities › Invest Gold (the return comes when the Orders Phase "
    "ends; amounts provisional, spec U-02)",
    "uo.improve_tunnels": "Festival Season › Unique Opportunities › Improve Tunnels (III, I, II; 2 imps to improve a "
    "plain unconquered tunnel or deconquer a tunnel, 3 to deconquer a room; only II twice, never mixed; options on "
    "every space provisional, spec U-05)",
    "uo.install_traps": "Festival Season › Unique Opportunities › Install Traps (3 traps dealt face up; III, II, I "
    "each installs one on an unconquered dungeon tile, paying its cost, +1 gold on a room; it springs by itself in "
    "the first battle there; the others are discarded as the Orders Phase ends)",
    "uo.rent_rooms": "Festival Season › Unique Opportunities › Rent Rooms (III pays 1 gold and chooses first, II "
    "free, I free or III's gold; a rented room lies beside the player board: production once a round, any "
    "battle if a combat room, never a room for scoring but its own bonus)",
    "combat.bards": "Festival Season › Bards (the Bard Step first: a Courage token per lute, front to back, paladins "
    "skipped, a lute fewer per adventurer captured this Combat; a token cancels a damage counter; all removed before "
    "the Conquering Step; bards' values provisional, spec U-14)",
    "festival.bids": "Festival Season › Festival! (available imps sent in secret, 0 allowed; most imps picks "
    "first, ties to the more evil, then the later in play order; every imp sent is used; Troll Tokens cannot "
    "go, provisional U-27)",
    "festival.prizes": "Festival Season › Festival! (the Year's boards, 3 with 3 players, 2 with 2; one each, "
    "its prize at once, paid in full; engine choice: a prize that cannot be had cannot be chosen)",
    "pets.draft": "Festival Season › Pets › Pet Phase (deal 2 each, Second Year with the unused pets; pass one "
    "left at once; discard one face down, keep the rest; the deck and texts are provisional, spec U-17)",
    "pets.show": "Festival Season › Pets During Scoring (1 point for each unused pet; a Scoring pet scores its "
    "own points instead, when more)",
    "production.training": "Festival Season › Appendix › imp Training Room (each Production Phase 1 available "
    "imp in or 1 out; Second Year 1 or 2, never both; no Troll Tokens, no Tool Shed; the imps stay each round)",
    "combat.trained_imps": "Festival Season › Appendix › imp Training Room (each time the party accumulates fatigue, "
    "return 1 trained imp to the Imp Den for +1 fatigue, never doubled or halved; provisional U-43: a "
    "0-fatigue card too)",
    "pets.use": "Festival Season › Using Pets (when the card says: Building, Combat or Scoring; once per game; a "
    "pet is not a monster, but Baby Golem; the effects are provisional, spec U-17)",
    # --- combat
    "combat.planning": "Rulebook › Combat › Planning Phase (simultaneous; traps face down, monsters face up)",
    "combat.tile": "Rulebook › Planning Phase › Choosing a Dungeon Tile (an unconquered tile nearest the entrance)",
    "combat.defense": "Rulebook › Planning Phase › Choosing Defense (tunnel: 1 trap, 1 monster; room: 1 trap, "
    "2 monsters; any number of ghosts; Appendix › Labyrinth: 2 traps, 1 monster)",
    "combat.trap_cost": "Rulebook › Trap Step (a trap whose cost cannot be paid cannot be chosen; +1 gold in a room)",
    "combat.trap": "Rulebook › Trap Step; Notes on Selected Traps; CGE FAQ (anti-trap symbols stop damage only)",
    "combat.spell": "Rulebook › Fast Spells Step / Slow Spells Step (magic symbols must reach the round number)",
    "combat.monsters": "Rulebook › Monsters (and Ghosts) Step; Appendix › Monsters",
    "combat.training": "Rulebook › Combat Training (the four training dungeons and their Solutions)",
    "combat.labyrinth": "CGE FAQ (Labyrinth): the owner chooses the order in which its two traps spring when "
    "they spring, after the Combat Card is revealed (Appendix › Labyrinth: either order)",
    "combat.no_tile": "Rulebook › End of Combat (no unconquered tile: release a prisoner instead; you *can* save "
    "the paladin for last: the owner chooses)",
    # --- rounds and years
    "round.end": "Rulebook › End of the Round (imps return; the Starting Player Token passes left, not in fall)",
    "scoring.winner": "Rulebook › Scoring; Titles; Winning the Game",
    "year.second": "Rulebook › Second Year (stacks, combat cards, paladin, starting player)",
    # --- recording
    "record.ruling": "Engine: a table ruling applies the table's outcome as entered; audits list it",
    "record.after_end": "Engine: once the game is scored, a record takes only an undo or a correction of an input "
    "(which scores it again) and archiving; nothing else changes a finished game",
    # --- input validity
    "input.schema": "Engine: the command must match its documented schema",
    "input.chance": "Engine: a recorded draw must be possible from the components that remain",
    "scenario.valid": "Engine: a scenario must respect component counts and the rules of placement",
}


#: the game's rule index (the kernel's input rules included): ``INDEX.cite(rule_id)``, ``INDEX.refuse(...)``
INDEX = RuleIndex(RULES, [Refusal])


def cite(rule_id: str) -> str:
    """The citation text for a rule id; unknown ids are returned as they are."""
    return INDEX.cite(rule_id)


def markdown() -> str:
    """``docs/refusals.md``: every refusal code a user can meet, the kernel's and this game's."""
    head = (
        "# Refusal codes\n\nGenerated from `domain/kernel/codes.py` and "
        "`domain/games/dungeon_lords/refusals.py`; a test keeps this file in step with the code. A refusal "
        "appends nothing; its message gives the particulars, `rule` the citation it rests on. To regenerate:\n\n"
        "    python -c 'from domain.games.dungeon_lords.rules_index import markdown; print(markdown(), end=\"\")' "
        "> docs/refusals.md\n\n"
    )
    return (
        head
        + refusals_markdown("Every game (the kernel)", [KernelRefusal], RULES)
        + "\n"
        + refusals_markdown("Dungeon Lords", [Refusal], RULES)
    )
