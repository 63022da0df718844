"""The text `toybox rules little-soldiers` prints: the rules in brief, the
readings we chose where the books are unclear, and every chosen value."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.little_soldiers import mission_data as M
from engine.little_soldiers import rules_data as R
from engine.little_soldiers.config import MISSIONS, Config, chosen_values, mission_class
from engine.little_soldiers.registry import REGISTRY

if TYPE_CHECKING:
    from engine.little_soldiers.part import Part

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


def battlefield_title(config: Config) -> str:
    """The battlefield by the name its file gives ('Bootcamp'), as players call
    it: F1 showed 'levels/little_soldiers/bootcamp.json'. A battlefield that
    cannot be read or has no name is called by its file's name."""
    data = config.battlefield_data
    name = data.get("name") if data is not None else None
    if not isinstance(name, str) or not name.strip():
        try:
            name = config.battlefield().name
        except (OSError, ValueError):  # the summary must still be written: the file is named instead
            name = ""
    return name.strip() if isinstance(name, str) and name.strip() else Path(config.level).stem.replace("-", " ")


def mission_lines(part: type[Part[Any]], players: bool) -> tuple[str, ...]:
    """A mission's lines; for players its title leads, not its command-line name
    ("King of the Hill (2-4, ...)", not "king-of-the-hill (2-4, ...)")."""
    lines = part.rules
    if not players:
        return lines
    key = part.key.replace("_", "-")
    return tuple(line.replace(key, part.title, 1) if k == 0 else line for k, line in enumerate(lines))


def mission_lead(mission: str | None, players: bool = False) -> list[str]:
    """What a summary for a mission leads with: that mission's own rules and
    readings, then a word that the general rules follow (F1 in a mission
    opened on the Bootcamp's set-up, the mission's rules a page further down)."""
    if not mission or mission not in MISSIONS:
        return []
    cls = mission_class(mission)
    out = ["", f"This mission: {cls.title} (its own rules; the general rules below hold where these say nothing)"]
    chain = [cls] + ([mission_class(cls.based_on)] if cls.based_on else [])
    for part in chain:
        if part is not cls:
            out.append(f"  As in {part.title}:")
        out += mission_lines(part, players)
    readings = [r for part in chain for r in part.readings]
    if readings:
        out.append("  Readings chosen where the mission's text is open:")
        for reading in readings:
            out += textwrap.wrap(reading, width=96, initial_indent="  - ", subsequent_indent="      ")
    out += ["", "The general rules (the Bootcamp's; the mission above changes them):"]
    return out


def rules_summary(config: Config | None = None, reference: bool = True) -> str:
    """The rules in brief, for ``toybox rules`` (``reference``: with the command line's
    names and every data value in use) or for the window's help (the players' words
    only: no flags, file paths or data names; F1 named ``--mission NAME``)."""
    config = config or Config()
    table, c = chosen_values(config.overrides)
    players = not reference
    mods = ", ".join(_module_title(m) for m in config.modules) or "none (Bootcamp)"
    lines = [
        "Little Soldiers — toy soldiers brawl across a table of household scenery.",
        f"Battlefield: {battlefield_title(config)}. Modules: {mods}. Players: {config.players}."
    + (f" Mission: {MISSIONS[config.mission].title}." if config.mission else ""),
    ]
    lines += mission_lead(config.mission, players) or [""]
    lines += [
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
        "  a side, +1 Order token on the General per extra soldier; not with 2 Against 2);",
        "  Advanced Tactics (with Super Soldier: Tactics cards; deploy one soldier at a time at",
        "  green distance from a Deployment token of your colour or one of your soldiers in play,",
        "  on Level 0; a Move whose base or cord touches a Crate of your colour may flip it and draw",
        "  2 cards, unless an enemy touches it; the Order tokens a card shows are a condition, not",
        "  a cost; at most 3 cards a turn and in the HQ; Reactions in an opponent's turn count",
        "  toward your next; played cards are discarded at the end of your turn; Bonus Order tokens",
        "  leave at the end of the round; 2 Against 2: your own hand, your own General and soldiers).",
        "",
    ]
    if players:
        lines += ["Missions (chosen on the start screen; the modules a mission needs are added, and it is",
                  "  played on its own battlefield):"]
    else:
        lines += ["Missions (--mission NAME; required modules are added, the battlefield defaults to the",
                  "  mission's file in levels/little_soldiers/):"]
    for key in REGISTRY.mission_keys():
        lines += mission_lines(REGISTRY.missions[key], players)
    if players:
        lines += ["  The Mission Report (which Threats were beaten, per mode and player count) is kept",
                  "    with your saves."]
    else:
        lines += ["  The Mission Report (which Threats were beaten, per mode and player count) is kept in",
                  "    profile.json in the user folder ($TOYBOX_HOME or ~/.local/share/toybox)."]
    lines += [
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
        "  A battlefield numbers each Deployment token and each Force Field Switch once: a file",
        "    with two of one number is refused (the rules call the token by its number).",
        "  Mortar range is the yellow cord, as for the grenade.",
        "  Missions: the Super Special Ability (the one profile card the book shows) is every",
        "    Threat's and fires once per collective Attack; the game ends at once when the last",
        f"    Threat breaks; Targets are discs of {c.threat_target_radius:g} cm radius seen like heads; a Threat has",
        "    no Level (no height reroll against it); Scout may put Shields on any Threat.",
        "  Battle Royale: the parachute is thrown by the Mortar token's physics; a player's HQ",
        "    catapult is the edge in front of their seat (seats spread round the table).",
        "  King of the Hill: a lone soldier short of Candy takes what is left; Objects can carry",
        "    soldiers without a Level token onto a Level (only climbing up is forbidden).",
        "  Advanced Tactics: cards are played before the turn's Move or before the Order; a Bonus",
        "    Order token is given before a regular one; Reactions are played on the General with",
        "    their condition on its tokens; a General whose starting cards are not known draws 3.",
        "    A Deployment token without a colour shows the colour of the side it is nearer.",
    ]
    lines += _part_readings()
    lines += [
        "",
        "Cards (Defense / Toughness, both sides):",
    ]
    for kind in R.SOLDIER_TYPES:
        lines.append(f"  {kind:9} {c.defense[kind]} / {c.toughness[kind]}   special: {R.SPECIAL_ACTIONS[kind]}")

    def faces(names: tuple[str, ...]) -> str:
        return ", ".join(n.replace("_", " ") if players else n for n in names)

    lines += [
        f"Attack die: {faces(c.attack_die_faces)}.",
        f"Sniper die: {faces(c.sniper_die_faces)}.",
        f"Grenade die (12 faces): {', '.join(c.grenade_die_faces)}; values "
        + ", ".join(f"{k}={v}" for k, v in c.grenade_face_values.items()) + ".",
        "Mortar token: " + ", ".join(f"{k} side {v} Heart(s)" for k, v in c.mortar_token_sides.items()) + ".",
        f"Cords: green {c.green_length:g} cm, red {c.red_length:g} cm, yellow {c.yellow_length:g} cm.",
        f"Battle Track: {c.flag_steps_to_victory} spaces from the middle to each Victory zone.",
    ]
    if players:  # the data names and the command line's overrides are for `toybox rules`
        return "\n".join(lines)
    lines += [
        "",
        "Values in use, by name (override with --option overrides='{\"NAME\": value}');",
        "  [chosen] = not printed in the books, [facts] = from second-hand sources, [book] = printed:",
    ]
    for name, value in sorted(table.items()):
        shown = ", ".join(value) if isinstance(value, tuple) else value
        lines.append(f"  {name} = {shown}  [{SOURCES.get(name, 'chosen')}]")
    lines += _tactics_lines()
    lines += [
        f"  FIFTH_FIGURINE = {R.FIFTH_FIGURINE} (the box's fifth figurine per colour; fixed)",
        f"  CANDY_BY_PLAYERS = {dict(M.CANDY_BY_PLAYERS)}, PINKY/HOWDY/BOB Defense/Toughness = "
        f"{M.PINKY_DEFENSE}/{M.PINKY_TOUGHNESS}, {M.HOWDY_DEFENSE}/{M.HOWDY_TOUGHNESS}, "
        f"{M.BOB_DEFENSE}/{M.BOB_TOUGHNESS}  [book]",
        f"  SUPER_SPECIAL_ONCE = {M.SUPER_SPECIAL_ONCE}, LAST_THREAT_ENDS_GAME = {M.LAST_THREAT_ENDS_GAME}, "
        f"DEPLOYMENT_SIDE_BY_POSITION = {M.DEPLOYMENT_SIDE_BY_POSITION}  [chosen readings, fixed]",
        f"  GENERALS = {dict(R.GENERALS)}, second Generals {dict(R.SECOND_GENERALS)} (fixed)",
    ]
    return "\n".join(lines)


def _module_title(module: str) -> str:
    """A module as the rules name it ("super_soldier" -> "Super Soldier")."""
    part = REGISTRY.modules.get(module)
    return part.title if part is not None and part.title else module.replace("_", " ").title()


def player_rules(config: Config | None = None) -> str:
    """The rules in brief in the players' words (the window's F1 help)."""
    return rules_summary(config, reference=False)


CORE_READINGS: tuple[str, ...] = (
    "Opponents are decided by side - the team in the Bootcamp and 2 Against 2, the General in a "
    "free-for-all (King of the Hill, Battle Royale), all players together in the co-op missions - never by "
    "the figurine's colour, which free-for-all games share.",
    "Infantry Scout puts Shields on \"your opponent's Little Soldiers\": with no opponent (and no Threat) in "
    "play it is not offered as a Special Action.",
)
"""Readings of the core's own rules (the parts list theirs in ``Part.readings``)."""


def _part_readings() -> list[str]:
    """Every reading the core and the parts chose, each wrapped under its title."""
    lines = ["  Readings of each rule where the text is open (the core, then each mission and module):"]
    sources = [("Core", CORE_READINGS)] + [(cls.title, cls.readings) for cls in REGISTRY.missions.values()] + \
        [(cls.title, cls.readings) for cls in REGISTRY.modules.values()]
    for title, readings in sources:
        for reading in readings:
            lines += textwrap.wrap(f"[{title}] {reading}", width=96, initial_indent="  - ",
                                   subsequent_indent="      ")
    return lines


def _tactics_lines() -> list[str]:
    """The Tactics deck as shipped, and what is missing from it."""
    from engine.little_soldiers.tactics import load_cards

    cards = load_cards()
    lines = [f"  Tactics cards: {sum(c.copies for c in cards.values())} known of the box's 50 "
             "(the full list is not published; unknown cards are absent, not invented):"]
    for c in cards.values():
        chosen = f" [chosen: {', '.join(c.chosen)}]" if c.chosen else ""
        lines.append(f"    {c.name}: {c.type}, {c.condition} Order token(s), x{c.copies} - {c.text}{chosen}")
    lines.append("    Left out: Laser Targeting (a Reaction whose '+1 reroll' has no known timing) and")
    lines.append("    Unexpected Ally (which token it puts on every soldier is not known).")
    return lines
