"""The steps of a Little Soldiers game, as enums.

A player's turn is Move -> (Object) -> Order -> (Attack dice, rerolls,
lightning | Special Action | Move) -> End of Turn; rounds begin with Round
Preparation. The core runs the Bootcamp's steps; a part (module or mission)
runs the steps it adds and declares them in ``Part.phases``.

``Phase`` is a ``StrEnum``: a phase is written to records, views and state
hashes as its plain name ("move"), and compares equal to it.
"""

from __future__ import annotations

from enum import StrEnum


class Phase(StrEnum):
    # Bootcamp (the core)
    SETUP = "setup"  # chance: the sheriff's star picks the first player
    REVEAL = "reveal"  # chance: a Block token is revealed for a deployment
    DEPLOY = "deploy"
    MOVE = "move"
    ORDER = "order"
    ROLL = "roll"  # chance: Attack dice
    REROLL = "reroll"
    SCOUT = "scout"
    THROW = "throw"
    LANDING = "landing"  # chance: where a grenade or mortar lands
    OVER = "over"
    # Super Soldier
    SHIFT = "shift"
    EXTRA = "extra"
    # Objects
    OBJECT = "object"
    TELEPORT = "teleport"
    RADAR = "radar"
    SWAP = "swap"
    JUMP = "jump"
    REDIRECT = "redirect"
    # Advanced Tactics
    DRAW = "draw"  # chance: a Tactics card
    REACT = "react"
    CARD_ATTACK = "card_attack"
    CRATE = "crate"
    # King of the Hill
    TRANSFER = "transfer"
    # Battle Royale
    DEAL = "deal"  # chance: the Numbered Block tokens
    PARACHUTE = "parachute"
    PARA_LANDING = "para_landing"  # chance: where the green Move token lands
    # A New Threat / Another New Threat
    LEAD = "lead"
    THREAT_ACTION = "threat_action"  # chance: a Threat Action token
    THREAT_ROLL = "threat_roll"  # chance: the Threats' Attack dice


CHANCE_PHASES = frozenset({Phase.SETUP, Phase.REVEAL, Phase.ROLL, Phase.LANDING, Phase.DRAW, Phase.DEAL,
                           Phase.PARA_LANDING, Phase.THREAT_ACTION, Phase.THREAT_ROLL})
CONTINUOUS_PHASES = frozenset({Phase.DEPLOY, Phase.MOVE, Phase.TELEPORT, Phase.JUMP, Phase.THROW, Phase.PARACHUTE})
"""Phases whose choices carry coordinates: legal_actions is empty there and
bots sample ``candidate_actions``."""


class After(StrEnum):
    """What happens when a Move (and any Object it triggers) is over."""

    ORDER = "order"  # the turn's Move: the Order comes next
    END = "end"  # an Order's Move: the Action is over
    LIGHTNING = "lightning"  # the Infantry's lightning Moves: another, or the Action is over
    CARD = "card"  # a Tactics card's Move: the card's next Action
