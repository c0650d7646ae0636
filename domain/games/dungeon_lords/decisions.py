"""Every kind of decision Dungeon Lords waits for (``Pending.kind``): who answers, with which commands,
what ``detail`` it carries, and the rule. ``docs/decisions.md`` is generated from this list and the
conformance suite checks every decision a game offers against it."""

from __future__ import annotations

from domain.kernel.pending import DecisionSpec, decisions_markdown

D = DecisionSpec
BASE_ACTION_COMMANDS = ("take_action", "improve_reputation", "dig_tunnel", "mine_gold", "hire_monster", "build_room")
# Festival Season's Unique Opportunity boards (Harvest Food, Masquerade; Invest Gold answers take_action)
ACTION_COMMANDS = (*BASE_ACTION_COMMANDS, "harvest_food", "masquerade", "rent_room", "install_trap", "improve_tunnels")

DECISIONS: dict[str, DecisionSpec] = {
    d.kind: d
    for d in [
        D(
            "chance",
            "chance: the seeded RNG, or the recorder at a table",
            ("record_draw",),
            "input.chance",
            "what a draw produced (monsters, rooms, adventurers, Trap, Combat and Event cards...)",
        ),
        D(
            "choose_inaccessible_orders",
            "each player at once (full game)",
            ("choose_inaccessible_orders",),
            "setup.full_inaccessible",
            "the two order cards of three drawn that stay inaccessible this round",
        ),
        D(
            "choose_orders",
            "each player at once, in secret",
            ("choose_orders",),
            "orders.choose_three",
            "three orders from the hand, first order first (2 players: and the non-player's)",
        ),
        D(
            "action",
            "the player whose minion acts",
            (*ACTION_COMMANDS, "decline"),
            "action.order",
            "carry out the order on this space, or decline it",
            ("action", "space"),
        ),
        D(
            "festival_bid",
            "each player at once, in secret (Festival Season)",
            ("festival_bid",),
            "festival.bids",
            "how many available imps to send to the Festival (0 too)",
        ),
        D(
            "festival_pick",
            "each bidder in pick order (Festival Season)",
            ("festival_pick",),
            "festival.prizes",
            "an opportunity board left and its prize (the square, monster or room it needs), or nothing",
        ),
        D(
            "pet_pass",
            "each player with Pet Cards, at once, in secret (Festival Season)",
            ("pass_pet",),
            "pets.draft",
            "the Pet Card to pass to the player on the left",
        ),
        D(
            "pet_discard",
            "each player with Pet Cards, at once, in secret (Festival Season)",
            ("discard_pet",),
            "pets.draft",
            "the Pet Card to discard face down (the others are kept)",
        ),
        D(
            "digging",
            "the player digging",
            ("dig_tunnel", "stop_digging"),
            "dig.permit",
            "another tunnel, up to the permit, or stop",
        ),
        D(
            "discard_trap",
            "the player who bought traps (Second Year)",
            ("discard_trap",),
            "traps.second_year",
            "the Trap Card to discard",
        ),
        D(
            "production",
            "each player in play order",
            ("produce", "retrieve_order"),
            "production.rooms",
            "use production rooms, then take back an order card",
        ),
        D(
            "pay_wage",
            "each player in play order (Pay Day)",
            ("pay_wage", "release_monster"),
            "event.payday",
            "pay each monster's wage or let it go",
            ("monsters",),
        ),
        D(
            "taxes",
            "each player in play order (Taxes)",
            ("pay_taxes",),
            "event.taxes",
            "pay the taxes (red marks for what is not paid)",
            ("due",),
        ),
        D(
            "special_event",
            "each player in play order (full game)",
            ("choose_event_option",),
            "event.special",
            "an option of the Special Event",
            ("card",),
        ),
        D(
            "plan_battle",
            "each player at once, in secret",
            ("plan_battle", "release_prisoner"),
            "combat.planning",
            "the tile to fight on and its defence, or a prisoner to release",
        ),
        D(
            "labyrinth_order",
            "the player in battle",
            ("order_traps",),
            "combat.labyrinth",
            "the order in which the Labyrinth's two traps spring",
        ),
        D(
            "trap_target",
            "the player in battle",
            ("target_trap",),
            "combat.trap",
            "the adventurer an aimed trap hits",
            ("trap",),
        ),
        D(
            "spell_choice",
            "the player in battle",
            ("spell_choice",),
            "combat.spell",
            "what a spell asks of the dungeon lord",
            ("card",),
        ),
        D(
            "attack",
            "the player in battle",
            ("attack",),
            "combat.monsters",
            "a monster's attack and its targets",
            ("monsters",),
        ),
        D("game_over", "nobody", (), "scoring.winner", "the game is over"),
    ]
}


def markdown() -> str:
    """``docs/decisions.md``: what the game waits for, kind by kind."""
    from .rules_index import RULES

    head = (
        "# Decisions\n\nWhat Dungeon Lords waits for (`options` shows the legal commands of the one pending "
        "now). Generated from `domain/games/dungeon_lords/decisions.py`; the conformance suite checks every "
        "decision a game offers against it, and a test keeps this file in step. A table ruling "
        "(`table_ruling`) is taken whatever the game waits for. To regenerate:\n\n"
        "    python -c 'from domain.games.dungeon_lords.decisions import markdown; print(markdown(), end=\"\")' "
        "> docs/decisions.md\n\n"
    )
    return head + decisions_markdown("Dungeon Lords", list(DECISIONS.values()), RULES)
