"""The text of ``toybox rules toy-battle``: the rules in brief, the troops,
the terrain's special bases, and where Toybox had to interpret the facts."""

from __future__ import annotations

from engine.toy_battle.config import Config
from engine.toy_battle.data import (
    COPIES_PER_KIND,
    RACK_MAX,
    REMOVED_UNSEEN,
    SPECIAL_EFFECTS,
    START_RACK_FIRST,
    START_RACK_SECOND,
    TROOP_EFFECTS,
    TROOP_NAMES,
    TROOP_TITLES,
    TROOPS_PER_COLOUR,
)

RULES = f"""\
Toy Battle -- 2 players, blue (bottom) and red (top).

Setup: each player shuffles their {TROOPS_PER_COLOUR} troops face down as a reserve and returns
{REMOVED_UNSEEN} to the box unseen. The first player (random) takes {START_RACK_FIRST} troops onto the
rack, the other {START_RACK_SECOND}.

Turn: either
  Draw   -- take 2 troops from your reserve (1 if only 1 fits on the rack of {RACK_MAX} or only
            1 is left; not allowed with {RACK_MAX} on the rack), or
  Place  -- put 1 troop from your rack on a slot: an empty base, a base you occupy, a
            base whose visible enemy troop is strictly weaker (Kwak covers anything and
            anything covers Kwak), or the enemy H.Q. -- never your own H.Q. Stacks have no
            limit; only the top troop occupies. The slot must be connected to one of your
            H.Q.s by a path through bases you occupy (empty or enemy bases cut it).
            Then the troop's effect, then the special base's effect (Cap'n: all troops
            placed this turn resolve their effects first). Every effect is optional.

Regions: occupy every base around a region and take its medals at once, for good
(several per turn; nothing if they are gone). Either player can claim during any turn.

End: placing a troop on an enemy H.Q. wins at once; reaching the medals objective wins
at once; a player who can neither draw nor place ends the game: more medals wins, and
on a tie the player who ended it loses.
"""

NOTES = """\
Interpretations (where the facts are unsure or silent):
  - Hook ignores the connection only to reach a base; the enemy H.Q. still needs it.
    Hook may not ignore it to reach a Station Metal-X special base (BGA port).
  - Kwak may go on every value-restricted Tropical Pool base (duck icon; MEDIUM-HIGH).
  - An effect that would take the rack above 8 is not offered; Skully with 7 on the
    rack takes 1. Star and the City of Clouds base respect the rack limit (inferred).
  - Battlefield's blind point is a uniform random pick among the opponent's standing
    rack troops, and it always applies when there is one.
  - Effects that change the board (Jumbo, Castle Field return, Volcanic Jungle push)
    can complete a region for either player; the acting player is checked first.
  - First games: every special base, Pool limits and Station Metal-X included, is plain.
"""


def troop_table() -> str:
    lines = [f"Troops ({COPIES_PER_KIND} of each per colour):", "  Str  Troop    Effect"]
    for kind in [1, 2, 3, 4, 5, 6, 7, 0]:
        strength = "X" if kind == 0 else str(kind)
        lines.append(f"  {strength:>3}  {TROOP_TITLES[kind]:<7}  {TROOP_EFFECTS[kind]}")
    return "\n".join(lines)


def rules_summary(config: object = None) -> str:
    """The rules in brief, for ``config`` (a Config, or None for the defaults)."""
    cfg = config if isinstance(config, Config) else Config()
    terrain = cfg.load_terrain()
    parts = [RULES, troop_table(), ""]
    objective = cfg.objective or terrain.objective
    parts.append(
        f"Terrain: {terrain.name} -- {sum(terrain.is_base)} bases, {len(terrain.regions)} regions, "
        f"{terrain.total_medals} medals; objective {objective} medals."
    )
    parts.append(f"  Blue H.Q.: {', '.join(terrain.hq_ids('blue'))}; red H.Q.: {', '.join(terrain.hq_ids('red'))}.")
    codes: dict[str, list[str]] = {}
    for nid, code in zip(terrain.ids, terrain.special, strict=True):
        if code is not None:
            codes.setdefault(code, []).append(nid)
    if codes and cfg.first_games:
        parts.append("  First games: special bases play as plain bases.")
    for code, nodes in codes.items():
        parts.append(f"  Special ({', '.join(nodes)}): {SPECIAL_EFFECTS[code]}")
    if not codes:
        parts.append("  No special bases.")
    parts.append("")
    parts.append(NOTES)
    parts.append("Troop names in actions: " + ", ".join(TROOP_NAMES) + ".")
    return "\n".join(parts)
