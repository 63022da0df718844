"""Tooltips: what a hovered piece or card is, its numbers, and what can be
done with it now.

Every game names the things a pointer can rest on with a short key
("soldier:green-sniper", "base:23", "chest:2:0", ...). :func:`tip` answers
for a key with a :class:`Tip` built from the shown seat's view and the
engine's own answers (legal actions, ``check``'s sentences, the view's
numbers): the app decides no rule. :func:`things` lists every key that can
be asked now, so tests and the monkey ask them all. Nothing here needs a
window; :mod:`app.tips.card` draws the tip and :mod:`app.tips.place` puts it
on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from app.tips.tip import Tip

if TYPE_CHECKING:
    from app.games.protocols import GameTips, TableControl


def _module(game: str) -> GameTips:
    from app.games import plug

    return plug(game).tips()


def tip(controller: TableControl, thing: str | None) -> Tip | None:
    """The tooltip for ``thing`` in ``controller``'s game now, or None (no
    such thing now, or nothing to show while the computer is handed over)."""
    if not thing:
        return None
    if thing.startswith("button:"):
        return _button(controller, thing[len("button:"):])
    if controller.handover_to is not None and not thing.startswith(("scenery:", "token:", "region:", "base:")):
        return None  # the next player's hand and choices are not shown yet
    return _module(controller.game).tip(controller, thing)


def things(controller: TableControl) -> list[str]:
    """Every key :func:`tip` answers for now (tests and the monkey ask them all)."""
    out = list(_module(controller.game).things(controller))
    out += [f"button:{label}" for label, _ in controller.choices()]
    return out


def _button(controller: TableControl, text: str) -> Tip | None:
    """A choice button that names a card (a Tactics card to play) shows that card."""
    cut = text[:-3].rstrip() if text.endswith("...") else None  # the HUD shortens a long label
    for label, action in controller.choices():
        if label == text or (cut and label.startswith(cut)):
            return _module(controller.game).card_of_action(controller, action)
    return None


__all__ = ["Tip", "things", "tip"]
