"""A tooltip's words: what the hovered thing is, its numbers, what can be done
with it now. The games' tooltip modules build these; :mod:`app.tips` picks
the game's module and :mod:`app.tips.card` draws them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Tip:
    """A small card: ``title`` as printed, ``facts`` (its numbers), ``now``
    (what can be done with it now, or why not)."""

    title: str
    facts: tuple[str, ...] = ()
    now: tuple[str, ...] = ()

    def lines(self) -> list[str]:
        return [self.title, *self.facts, *self.now]


__all__ = ["Tip"]
