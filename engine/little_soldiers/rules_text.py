"""The text `toybox rules little-soldiers` prints: the rules in brief, the
readings we chose where the books are unclear, and every chosen value."""

from __future__ import annotations

from engine.little_soldiers import rules_data as R
from engine.little_soldiers.config import Config, chosen_values


SOURCES = {
    "SNIPER_DEFENSE": "book",
    "INFANTRY_DEFENSE": "facts",
    "INFANTRY_TOUGHNESS": "facts",
    "SNIPER_TOUGHNESS": "facts",
    "GRENADIER_TOUGHNESS": "facts",
    "OPERATOR_TOUGHNESS": "facts",
    "GRENADE_FACE_VALUES": "book",
}
"""Where each overridable value comes from; the rest are chosen."""


def rules_summary(config: Config | None = None) -> str:
    config = config or Config()
    table, c = chosen_values(config.overrides)
    mods = ", ".join(config.modules) or "none (Bootcamp)"
    lines = [
        "Little Soldiers — toy soldiers brawl across a table of household scenery.",
        f"Battlefield: {config.level}. Modules: {mods}. Players: {config.players}.",
        "",
        "Set-up: 4 Deployment tokens; the Battle Track with the Flag in the middle;",
        "  each General has a Chest with 3 Order tokens on the lid and an Infantry plus one",
        "  other soldier; the sheriff's star picks the first player.",
        "Round Preparation: soldiers in the HQ deploy one at a time, first player first, each",
        "  by a revealed Block token (1-4, two of each), in contact with a green Move token",
        "  against the Deployment token of that number; then each General takes 1 Order",
        "  token from the lid, 1 from each soldier in play that has any, and all from the",
        "  Chest's bottom; the first player returns the star and starts.",
        "Turn: 1 Move (yellow cord, around scenery, never out of the Play Zone, may be zero);",
        "  2 Order (mandatory while the General holds tokens: Attack, Move or Special Action);",
        "  3 End of Turn: Flag in a Victory zone -> game over; no tokens on Generals or lids",
        "  -> game over; none on Generals -> next round; else the next player (a player with",
        "  no tokens keeps taking Move-only turns). First to spend all tokens takes the star.",
        f"Attack: a valid target's whole head is visible (rays from head to head); {R.ATTACK_DICE} dice,",
        "  1 reroll of any dice, +1 within red Range, +1 from a higher Level (Levels), -1 per",
        "  switch showing (Objects). Each hit above Defense (minus 1 per Shield, never below",
        "  0) is a Heart; Hearts >= Toughness breaks the soldier: back to the HQ, its Order",
        "  tokens to the Chest's bottom, its tokens to the Reserve, the Flag a step toward the",
        "  other side; the last of a colour: Wipeout, one more step, the round ends at once.",
        "  Lightning is blank in the Bootcamp.",
        "Special Actions: Infantry Scout (2 Shields on enemies, no target needed); Sniper",
        "  Risky Shot (adds the Sniper die; its shield face gives the Sniper 2 Shields, its",
        "  heart face 1 Heart); Operator Mortar Shot (catapult on the Play Zone's edge nearest",
        "  the Operator, thrown by the physics; everyone within yellow range takes the token's",
        "  Hearts); Grenadier grenade (flicked from a Move token; everyone within yellow range",
        "  suffers an attack of the face's value; boom: only the Grenadier, an attack of 7).",
        "End: the Flag in your Victory zone, else the Flag on your side after round 3, else",
        "  fewest soldiers in play, then fewest Hearts, else a shared win.",
        "Modules: Super Soldier (lightning: Infantry 1 Move each, Sniper 1 Shield on the target",
        "  each, Operator moves 1 Shield from your soldier to any soldier each, Grenadier one more",
        "  valid target each; each Move removes 1 Shield); 2 Against 2 (3-4 players, Generals",
        "  alternate colours clockwise, no squad with 2 Infantry, 3 Order tokens per General);",
        "  Levels (climb up where the cord touches Level scenery, down at its edge; the Move",
        "  ends); Objects (activate at the end of a Move in contact unless an enemy touches it:",
        "  Teleporter, Radar, Transmogrifier, Marshmallow, Switch); Reinforcements (2-5 soldiers",
        "  a side, +1 Order token on the General per extra soldier; not with 2 Against 2).",
        "",
        "Readings chosen where the books are unclear:",
        "  The practice shot: one per player per game, Grenade or Mortar; its result is ignored",
        "    and the Special Action is then made for real.",
        "  Switches: tokens showing their switch side (the set-up side) each take a reroll away;",
        "    activating one flips it off (and back on).",
        "  Automatic when always good for the owner: Super Soldier Shield removal on a Move, the",
        "    Sniper's lightning Shields on its target.",
        "  An Object activation does not trigger another; the Marshmallow's bounce is a Move.",
        "  Nobody ran out of Order tokens (a Wipeout ended the round early): the first player",
        "    stays the same.",
        "  2 Against 2: a General with no soldier in play cannot give Orders and does not hold",
        "    the round open; with 3 players, player 1 runs both green Generals.",
        "  Deployment is onto the table (Level 0); if the 8 Block tokens run out, they are",
        "    shuffled again.",
        "  Mortar range is the yellow cord, as for the grenade.",
        "",
        "Cards (Defense / Toughness, both sides):",
    ]
    for kind in R.SOLDIER_TYPES:
        lines.append(f"  {kind:9} {c.defense[kind]} / {c.toughness[kind]}   special: {R.SPECIAL_ACTIONS[kind]}")
    lines += [
        f"Attack die: {', '.join(c.attack_die_faces)}.",
        f"Sniper die: {', '.join(c.sniper_die_faces)}.",
        f"Grenade die (12 faces): {', '.join(c.grenade_die_faces)}; values "
        + ", ".join(f"{k}={v}" for k, v in c.grenade_face_values.items()) + ".",
        "Mortar token: " + ", ".join(f"{k} side {v} Heart(s)" for k, v in c.mortar_token_sides.items()) + ".",
        f"Cords: green {c.green_length:g} cm, red {c.red_length:g} cm, yellow {c.yellow_length:g} cm.",
        f"Battle Track: {c.flag_steps_to_victory} spaces from the middle to each Victory zone.",
        "",
        "Values in use, by name (override with --option overrides='{\"NAME\": value}');",
        "  [chosen] = not printed in the books, [facts] = from second-hand sources, [book] = printed:",
    ]
    for name, value in sorted(table.items()):
        shown = ", ".join(value) if isinstance(value, tuple) else value
        lines.append(f"  {name} = {shown}  [{SOURCES.get(name, 'chosen')}]")
    lines += [
        f"  FIFTH_FIGURINE = {R.FIFTH_FIGURINE} (the box's fifth figurine per colour; fixed)",
        f"  GENERALS = {dict(R.GENERALS)}, second Generals {dict(R.SECOND_GENERALS)} (fixed)",
    ]
    return "\n".join(lines)
