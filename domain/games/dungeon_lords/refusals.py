"""Every refusal code of Dungeon Lords, with what it means and the rule it usually rests on (a refusal
may cite a more precise rule; the message gives the particulars). ``docs/refusals.md`` is generated from
this enum and the kernel's by :func:`.rules_index.markdown` (the command is in ``docs/contributing.md``)."""

from __future__ import annotations

from domain.kernel.codes import RefusalCode


class Refusal(RefusalCode):
    """Refusals of the base game's rules and of the record's operations (undo, correct, rulings)."""

    # --- set-up, scenarios, the record
    SETUP_INVALID = ("a new game's players, variant, mode, seed or catalog are not valid", "setup.players")
    SCENARIO_INVALID = ("a scenario or position breaks a component count or placement rule", "scenario.valid")
    INACCESSIBLE_CHOICE_INVALID = (
        "the inaccessible orders chosen are not 3 cards of the hand",
        "setup.full_inaccessible",
    )
    RULING_INVALID = ("a table ruling would leave a stock, track or tile out of range", "record.ruling")
    RULING_REASON_INVALID = (
        "a table ruling's reason holds a control character (an escape code, a line break, a tab)",
        "record.ruling",
    )
    RULING_CHANGES_NOTHING = ("a table ruling must change something (every change given is zero)", "record.ruling")
    RULING_AFTER_GAME_END = (
        "the game is over: no table ruling (undo or correct an input instead; docs/cli.md)",
        "record.after_end",
    )
    FIELD_NOT_USED = ("a field given does not apply to this decision (it would be ignored)", "input.schema")
    # --- orders
    ORDERS_NEED_THREE = ("choose exactly three order cards", "orders.choose_three")
    ORDER_NOT_IN_HAND = ("an order card chosen is not in the hand", "orders.choose_three")
    NONPLAYER_ORDER_REQUIRED = ("with 2 players, also choose the non-player's order", "orders.two_players")
    NONPLAYER_ORDER_UNEXPECTED = ("a non-player order is only chosen with 2 players", "orders.two_players")
    RETRIEVE_NOT_ALLOWED = ("that order card cannot be taken back now", "orders.retrieval")
    # --- actions: paying
    CANNOT_PAY = ("the player cannot pay the full cost of the action", "action.full_cost")
    CANNOT_PAY_GOLD = ("not enough gold for the cost", "action.full_cost")
    CANNOT_PAY_FOOD = ("not enough food for the cost", "action.full_cost")
    EVIL_AT_TOP = ("an Evil cost cannot be paid past the top of the Evilometer (full game)", "evil.cost_at_top")
    NOT_ENOUGH_IMPS = ("not enough free imps for the job", "imps.available")
    WRONG_COMMAND_FOR_ACTION = ("the command does not carry out the order on this space", "action.order")
    # --- actions: digging and mining
    DIG_OUTSIDE_SITE = ("the square is outside the 4x5 construction site", "dig.adjacent")
    DIG_SQUARE_TAKEN = ("the square already holds a tile", "dig.adjacent")
    DIG_NOT_ADJACENT = ("a new tunnel must touch a tunnel or room", "dig.adjacent")
    DIG_WOULD_FILL_2X2 = ("the tunnel would fill a 2x2 block", "dig.no_2x2")
    DIG_NOWHERE = ("no square is left where a tunnel may go", "dig.no_2x2")
    DIG_PERMIT_EXCEEDED = ("the space's permit allows no more tunnels", "dig.permit")
    DIGGING_IN_PROGRESS = ("finish (or stop) digging first", "dig.permit")
    MINE_NO_TUNNEL = ("mining needs an unconquered tunnel", "mine.permit")
    MINE_NEEDS_IMPS = ("mining needs at least one imp", "mine.permit")
    MINE_PERMIT_EXCEEDED = ("the space's permit allows no more gold", "mine.permit")
    MINE_NO_VEIN = ("only a working Mithril Vein takes imps besides the permit", "mine.permit")
    MINE_VEIN_LIMIT = ("the Mithril Vein takes 1 or 2 imps", "mine.permit")
    MINE_NOT_ENOUGH_TUNNELS = ("one imp per unconquered tunnel", "mine.permit")
    # --- actions: reputation, monsters, rooms, traps
    SPY_NOT_ON_SPACE = ("only this space of Improve Reputation lets you spy", "action.spy")
    SPY_POSITION_INVALID = ("spy on one of the four Combat Cards (1 to 4)", "action.spy")
    # --- Festival Season: Unique Opportunities
    HARVEST_LIMIT_EXCEEDED = ("the Harvest Food space gathers no more food", "uo.harvest_food")
    HARVEST_NEEDS_IMPS = ("on Harvest Food spaces I and II gathering no food is declining", "uo.harvest_food")
    SPY_REQUIRED = ("at the Masquerade spaces II and III look at a Combat Card: name its position", "uo.masquerade")
    FESTIVAL_BID_INVALID = ("send 0 up to the imps available (not used this round)", "festival.bids")
    FESTIVAL_BOARD_GONE = ("that board is not among the Festival's prizes left", "festival.prizes")
    FESTIVAL_PRIZE_UNAVAILABLE = ("that board's prize cannot be had now", "festival.prizes")
    FESTIVAL_SQUARE_INVALID = ("the prize's tunnel cannot be dug on that square", "dig.adjacent")
    FESTIVAL_NOT_IN_DISCARDS = ("the prize's monster or room must come from the discard pile", "festival.prizes")
    INSTALL_NOTHING_LEFT = ("no face-up Trap Card is left to install", "uo.install_traps")
    INSTALL_TRAP_NOT_OFFERED = ("that Trap Card is not among those dealt face up", "uo.install_traps")
    INSTALL_SQUARE_INVALID = ("install on an unconquered dungeon tile without a trap", "uo.install_traps")
    IMPROVE_NOTHING = ("nothing to improve or deconquer", "uo.improve_tunnels")
    IMPROVE_COUNT = ("one option, once (space II: improve or deconquer tunnels up to twice)", "uo.improve_tunnels")
    IMPROVE_TILE_INVALID = ("that tile cannot be improved or deconquered by this option", "uo.improve_tunnels")
    IMPROVE_TILE_GONE = ("name one Improved Tunnel tile still free for each tunnel", "uo.improve_tunnels")
    RENT_GOLD_NOT_ON_SPACE = ("only Rent Rooms space I may take space III's gold", "uo.rent_rooms")
    RENT_GOLD_NONE = ("nobody paid gold on Rent Rooms space III this round", "uo.rent_rooms")
    PET_NOT_IN_HAND = ("that Pet Card is not in the player's Pet hand", "pets.draft")
    PET_NOT_USABLE = ("that pet cannot be used now: not face down in the Pet Box, or not its time", "pets.use")
    SPY_PUT_BACK_IN_PLACE = ("at the Masquerade only space II may put the card back elsewhere", "uo.masquerade")
    MONSTER_NOT_OFFERED = ("that monster is not on offer", "hire.choose")
    HIRE_NOTHING_LEFT = ("no monster is left to hire", "hire.choose")
    NO_MONSTER_COST = ("the monster's cost cannot be paid", "hire.cost")
    NO_TRAP_COST = ("the golem's cost (a Trap Card) cannot be paid", "hire.cost")
    PRODUCE_OUTPUT = ("that room does not produce that", "production.rooms")
    TRAINING_INVALID = ("the imp Training Room takes 1 imp in or out (Second Year: 1 or 2)", "production.training")
    NO_OTHER_COST = ("that monster has one cost only (the Cockatrice alone has two: food or Evil)", "hire.cost")
    GOLEM_NEEDS_TRAP = ("hiring or paying the golem takes a Trap Card", "hire.golem")
    DEMON_NEEDS_MONSTER = ("hiring or paying the demon takes a monster, not a ghost", "hire.demon")
    ROOM_NOT_OFFERED = ("that room is not on offer", "room.choose")
    ROOM_NOTHING_LEFT = ("no room is left to build", "room.choose")
    ROOM_OUTSIDE_SITE = ("the square is outside the construction site", "room.on_tunnel")
    ROOM_NEEDS_TUNNEL = ("a room replaces one of your tunnels", "room.on_tunnel")
    ROOM_ON_CONQUERED = ("a room cannot replace a conquered tunnel", "room.on_tunnel")
    ROOM_OUTSIDE_ZONE = ("a First Year room goes in its zone", "room.zone")
    ROOM_ADJACENT_ROOM = ("two rooms cannot be adjacent", "room.not_adjacent")
    TRAP_NOT_HELD = ("that Trap Card is not in the player's hand", "traps.second_year")
    # --- production and events
    PRODUCE_NO_ROOM = ("there is no room on that square", "production.rooms")
    PRODUCE_NOT_PRODUCTION = ("that room produces nothing", "production.rooms")
    PRODUCE_CONQUERED = ("a conquered room produces nothing", "production.conquered")
    PRODUCE_ROOM_USED = ("the room has produced already this round", "production.rooms")
    PRODUCE_DIG_SQUARE = ("the room's tunnel cannot go on that square", "production.rooms")
    PRODUCE_NO_DIG = ("the room's tunnel has nowhere to go", "production.rooms")
    WAGE_NOT_DUE = ("no wage is due for that monster", "event.payday")
    TAX_AMOUNT_INVALID = ("the taxes paid are not what is due", "event.taxes")
    EVENT_OPTION_INVALID = ("not an option of this Special Event", "event.special")
    # --- combat
    NO_TILE_LEFT = ("no unconquered tile is left to fight on", "combat.no_tile")
    TILE_NOT_NEAREST = ("fight on an unconquered tile nearest the entrance", "combat.tile")
    TOO_MANY_TRAPS = ("more traps than the tile allows", "combat.defense")
    TOO_MANY_MONSTERS = ("more monsters than the tile allows", "combat.defense")
    MONSTER_TWICE = ("a monster is named twice", "combat.defense")
    MONSTER_NOT_OWNED = ("the player has no such monster", "combat.defense")
    MONSTER_KNOCKED_OUT = ("a knocked-out monster cannot fight this Year", "combat.defense")
    TRAP_COST_UNPAYABLE = ("the trap's cost cannot be paid", "combat.trap_cost")
    TRAP_ORDER_INVALID = ("name the Labyrinth's two traps in an order", "combat.labyrinth")
    TRAP_TARGET_INVALID = ("the trap cannot be aimed at that adventurer", "combat.trap")
    SPELL_CHOICE_INVALID = ("not a choice this spell offers", "combat.spell")
    MONSTER_NOT_IN_BATTLE = ("that monster does not fight in this battle", "combat.monsters")
    ATTACK_OPTION_UNKNOWN = ("the monster has no such attack", "combat.monsters")
    ATTACK_TARGET_INVALID = ("the attack cannot target that adventurer", "combat.monsters")
    PRISONER_NOT_NEEDED = ("a prisoner is released only when no tile is left", "combat.no_tile")
    PRISONER_UNKNOWN = ("the player holds no such prisoner", "combat.no_tile")
