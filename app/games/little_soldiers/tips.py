"""Little Soldiers tooltips: soldiers (on the table and on their HQ cards),
Generals' cards, scenery, Objects, tokens, Threats, Tactics cards and dice.

Keys: ``soldier:ID``, ``general:INDEX``, ``scenery:PIECE``, ``token:INDEX``
(a battlefield token: Deployment, crate, Force Field switch, Threat target,
Object token), ``threat:ID``, ``tactics:NAME``, ``die:INDEX``.

Numbers are the view's (``defense``, ``toughness``, tokens, the Threats'
profiles); what can be done now is the engine's: its legal actions and
``check`` sentences, ``explain_target`` for an enemy, the Levels rules'
climb for a Level piece (``queries.climb_preview`` through the controller).
"""

from __future__ import annotations

from typing import Any

from app.tips.tip import Tip
from engine.little_soldiers import names
from engine.little_soldiers.actions import Activate, Order, Play
from engine.little_soldiers.phases import Phase

TOKEN_NAMES = {"deployment": "Deployment token", "crate": "Crate", "supplies": "Supplies",
               "force_field_switch": "Force Field switch", "threat_target": "Threat Target"}

FACE_NAMES = {"hit": "Hit", "double_hit": "Double Hit", "lightning": "Lightning", "blank": "Blank",
              "shield": "Shield", "heart": "Heart"}


def piece_name(piece: Any) -> str:
    """A scenery piece as the log and the messages name it (``names.piece_name``),
    capitalised for a tooltip's title: one name for one piece everywhere."""
    name = names.piece_name(piece)
    return name[:1].upper() + name[1:]


def object_name(kind: str) -> str:
    return kind.replace("_", " ").capitalize()


def say(c: Any, text: str) -> str:
    """An engine sentence as a player reads it: soldiers, scenery and Threats by
    the names the log uses (the controller's ``named``)."""
    return c.named(text)


# ------------------------------------------------------------------ listing
def things(c: Any) -> list[str]:
    v = c.view_dict()
    out = [f"soldier:{s['id']}" for s in v["soldiers"]]
    out += [f"general:{g['index']}" for g in v["generals"]]
    terrain = c.view().terrain
    out += [f"scenery:{p.id}" for p in terrain.bf.scenery]
    out += [f"token:{i}" for i in range(len(terrain.bf.tokens))]
    out += [f"threat:{t['id']}" for t in v.get("threats") or []]
    out += [f"tactics:{name}" for name in c.view().hand()]
    if c.dice is not None:
        out += [f"die:{i}" for i in range(len(c.dice.faces))]
    return out


def tip(c: Any, thing: str) -> Tip | None:
    kind, _, key = thing.partition(":")
    fn = {"soldier": soldier_tip, "general": general_tip, "scenery": scenery_tip, "token": token_tip,
          "threat": threat_tip, "tactics": tactics_tip, "die": die_tip}.get(kind)
    return fn(c, key) if fn is not None else None


def card_of_action(c: Any, action: Any) -> Tip | None:
    """A choice button that plays a Tactics card shows the card."""
    if isinstance(action, Play) and action.card:
        return tactics_tip(c, action.card)
    return None


# ------------------------------------------------------------------ soldiers
def _against_selected(c: Any, target: str) -> list[str]:
    """What the selected soldier makes of ``target``: the engine's verdict on it as a target."""
    a = c.selected
    if a is None or a == target or c.spot(a) is None:
        return []
    v = c.view()
    threat = target in {t["id"] for t in c.view_dict().get("threats") or []}
    if not threat and c.spot(target) is None:
        return []
    try:
        if not v.is_enemy(a, target):
            return []
        facts = v.explain_target(a, target)
    except (KeyError, ValueError, AttributeError):
        return []
    out = [f"{'Valid' if facts['valid'] else 'Not a valid'} target for {c.name(a)}: {say(c, str(facts['sight']))}"
           f" ({facts['distance_cm']:.0f} cm)."]
    if facts["valid"] and c.my_turn() and c.phase() is Phase.ORDER and not c.explain(Order(a, "attack", target)):
        out.append("Click it to attack.")
    return out


def soldier_tip(c: Any, ident: str) -> Tip | None:
    found = [s for s in c.soldiers() if s["id"] == ident]
    if not found:
        return None
    s = found[0]
    v = c.view()
    general = next((g["name"] for g in c.view_dict()["generals"] if g["index"] == s["general"]), "")
    facts = [f"{s['kind'].capitalize()}{' (Super Soldier)' if s.get('promoted') else ''}"
             + (f" of {general}" if general else "")]
    try:
        facts.append(f"Defense {v.defense(ident)} · Toughness {v.toughness(ident)}")
    except (KeyError, ValueError, AttributeError, TypeError):
        pass
    facts.append(f"Hearts {s['hearts']} · Shields {s['shields']} · Orders {s['orders']}")
    spot = s["spot"]
    if s.get("out"):
        facts.append("Broken: out of the game.")
    elif spot is None:
        facts.append("In its HQ (not on the table).")
    elif spot["surface"] is not None:
        piece = v.terrain.bf.piece(spot["surface"])
        facts.append(f"On the {piece_name(piece).lower()}" + (f" (Level {piece.level})." if piece.level else "."))
    now = _against_selected(c, ident)
    mine = s["team"] in c.my_teams()
    if mine and c.my_turn() and not now:
        phase = c.phase()
        if phase is Phase.DEPLOY and v.deploying_soldier(ident) == ident:
            now.append("Selected: click a spot in the green area to deploy it." if ident == c.selected else
                       "Click its card, then a spot in the green area to deploy it.")
        elif phase is Phase.MOVE and spot is not None and c.view_dict().get("mover") in (None, ident):
            now.append("Click it, then where its yellow cord reaches (its Move)." if ident != c.selected else
                       "Selected: click where its yellow cord reaches.")
        elif phase is Phase.ORDER:
            own = [a for a in c.legal() if isinstance(a, Order) and a.soldier == ident]
            orders = [c.label(a).split(": ", 1)[-1] for a in own if a.target is None]
            aimed: dict[str, list[str]] = {}  # an Order with a target (an Attack, a Risky Shot): a button per target
            for a in own:
                if a.target is not None:
                    target = c.name(a.target)
                    what = c.label(a).split(": ", 1)[-1].removesuffix(" " + target)
                    aimed.setdefault(what, []).append(target)
            orders += [f"{what} ({', '.join(names)})" for what, names in aimed.items()]  # the tip left them out
            if orders:
                now.append("Orders it can take now: " + ", ".join(orders) + " (buttons below).")
    return Tip(c.name(ident), tuple(facts), tuple(now))


def general_tip(c: Any, key: str) -> Tip | None:
    gens = [g for g in c.view_dict()["generals"] if str(g["index"]) == key]
    if not gens:
        return None
    g = gens[0]
    facts = [f"General of the {g['team']} side", f"Order tokens: {g['tokens']} ready · {g['lid']} in the lid"
             + (f" · {g['bottom']} in the bottom" if g.get("bottom") else "")]
    if g.get("bonus"):
        facts.append(f"Bonus Orders: {g['bonus']}")
    facts.append("Soldiers: " + ", ".join(c.name(i) for i in g["soldiers"]))
    hand = g.get("hand")
    if isinstance(hand, list) and g["seat"] == c.viewer and hand:
        facts.append("Tactics in hand: " + ", ".join(str(h) for h in hand))
    elif isinstance(hand, (list, int)) and hand:
        facts.append(f"Tactics cards in hand: {len(hand) if isinstance(hand, list) else hand}")
    now = []
    v = c.view()
    if v.current == g["index"] and not c.is_over():
        now.append("Plays now." if g["seat"] != c.viewer else "Your General plays now.")
    return Tip(str(g["name"]), tuple(facts), tuple(now))


# ------------------------------------------------------------------ the table
def scenery_tip(c: Any, ident: str) -> Tip | None:
    terrain = c.view().terrain
    try:
        piece = terrain.bf.piece(ident)
        solid = terrain.bf.solid(ident)
    except KeyError:
        return None
    facts = [f"{solid.top:.0f} cm high" + ("" if solid.bottom <= 1e-6 else f", standing {solid.bottom:.0f} cm up")]
    levels = c.match.config.has("levels")
    if piece.level and levels:
        facts.append(f"Level {piece.level} token: soldiers can stand on its top.")
    if piece.object:
        facts.append(f"Object: {object_name(piece.object)}.")
    facts.append("Blocks line of sight.")
    standing = [c.name(s["id"]) for s in c.soldiers() if s["spot"] and s["spot"]["surface"] == ident]
    if standing:
        facts.append("On it: " + ", ".join(standing))
    now: list[str] = []
    climb = c.climb if c.climb is not None and c.climb.surface == ident else c.climb_onto(ident)
    if climb is not None:
        if climb.reason is None:
            now.append(f"{c.name(c.selected)} can climb up here this Move ({climb.length:.1f} of {climb.cord:.0f} cm"
                       " of cord); the ring shows where it would stand.")
        else:
            now.append(f"{c.name(c.selected)} cannot climb here: {say(c, climb.reason)}")
    obj = next((o for o in terrain.objects if o.piece == ident), None)
    if obj is not None and c.my_turn() and any(isinstance(a, Activate) and a.obj == obj.id for a in c.legal()):
        now.append(f"Activate the {object_name(obj.kind)}: the button below.")
    return Tip(piece_name(piece), tuple(facts), tuple(now))


def token_tip(c: Any, key: str) -> Tip | None:
    bf = c.view().terrain.bf
    try:
        token = bf.tokens[int(key)]
    except (ValueError, IndexError):
        return None
    props = token.props
    v = c.view_dict()
    kind = token.kind
    if kind == "object" or kind in {o.kind for o in c.view().terrain.objects if o.piece is None}:
        what = str(props.get("object") or kind)
        return Tip(object_name(what), ("An Object token on the table.",), ())
    title = TOKEN_NAMES.get(kind, kind.replace("_", " ").capitalize())
    facts: list[str] = []
    now: list[str] = []
    number = props.get("number")
    if kind == "deployment":
        title += f" {number}"
        if props.get("colour"):
            facts.append(f"Colour side: {props['colour']}")
        if v.get("block") == number and c.phase() is Phase.DEPLOY:
            now.append("Soldiers deploy beside it now.")
    elif kind == "force_field_switch":
        title += f" {number}"
        up = (v.get("force_field_switches") or {}).get(str(number))
        guards = [t["name"] for t in v.get("threats") or [] if number in t.get("switches", [])]
        if guards:
            facts.append("Force Field of " + ", ".join(guards))
        if up is not None:
            facts.append("Switch: on (the Force Field is up)." if up else "Switch: off (the Force Field is down).")
    elif kind == "threat_target":
        name = next((t["name"] for t in v.get("threats") or [] if t["id"] == props.get("threat")),
                    str(props.get("threat", "")).capitalize())
        title = f"{name}'s Target"
        facts.append(f"Line of sight to {name} aims here ({float(props.get('z', 0.0)):.0f} cm up).")
    elif number is not None:
        title += f" {number}"
    return Tip(title, tuple(facts), tuple(now))


def threat_tip(c: Any, ident: str) -> Tip | None:
    v = c.view_dict()
    found = [t for t in v.get("threats") or [] if t["id"] == ident]
    if not found:
        return None
    t = found[0]
    facts = [f"Defense {t['defense']} · Toughness {t['toughness']}",
             f"Hearts {t['hearts']} of {t['toughness']} · Shields {t['shields']}"]
    if t.get("broken"):
        facts.append("Broken.")
    elif t.get("switches"):
        try:
            down = c.view().field_off(ident)
        except (KeyError, AttributeError):
            down = None
        switches = " and ".join(str(n) for n in t["switches"])
        if down is not None:
            facts.append(f"Force Field {'down' if down else 'up'} (switch {switches}).")
    return Tip(str(t["name"]), tuple(facts), tuple(_against_selected(c, ident)))


def tactics_tip(c: Any, name: str) -> Tip | None:
    cards = c.view().tactics_cards()
    card = cards.get(name)
    if card is None:
        return None
    facts = [card.text, f"{card.type.capitalize()} card"
             + (f" · needs {card.condition} Order token{'s' if card.condition != 1 else ''}" if card.condition else "")]
    playable = [a for a in c.legal() if isinstance(a, Play) and a.card == name]
    if name in c.view().hand():
        now = ["Playable now: the button below." if playable else "Not playable now."]
    else:
        now = []
    return Tip(card.name, tuple(facts), tuple(now))


def die_tip(c: Any, key: str) -> Tip | None:
    d = c.dice
    try:
        i = int(key)
        face = d.faces[i] if d is not None else None
    except (ValueError, IndexError):
        return None
    if face is None:
        return None
    sniper = d.sniper and i == len(d.faces) - 1
    facts = [("Sniper die" if sniper else "Attack die") + f": {FACE_NAMES.get(face, face)}"]
    now = []
    if c.phase() is Phase.REROLL and c.my_turn():
        now.append("Picked for a reroll: click to put it back." if i in c.reroll_pick else "Click to pick it for a reroll.")
    return Tip(FACE_NAMES.get(face, face), tuple(facts), tuple(now))


__all__ = ["card_of_action", "object_name", "piece_name", "say", "things", "tip"]
