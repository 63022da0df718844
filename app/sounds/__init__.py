"""Toy sounds: the files ``make_sounds`` generates, played through Panda3D's audio.

:class:`Sounds` loads each file once through ShowBase's sound-effects
manager and plays it by name, now or after a delay measured in the game's
pace (a grenade thuds when its flight lands). A window without an audio
device, or an offscreen one (``audio-library-name null``), gets Panda3D's
silent sounds: nothing here needs a device, and nothing fails without one.
Muting is a setting the player keeps (:mod:`app.settings`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from app.sounds.make_sounds import FOLDER, SOUNDS

NAMES = tuple(SOUNDS)
"""Every sound by name (dice, thud, boom, card, coins, slide)."""

VOLUME = 0.7
"""Chosen: toy sounds under whatever else the player is listening to."""


def sound_path(name: str) -> Path:
    return FOLDER / f"{name}.wav"


class Sounds:
    """The sounds of one window; ``played`` keeps what was asked (tests read it)."""

    def __init__(self, app: Any = None, muted: bool = False) -> None:
        self.muted = muted
        self.played: list[str] = []
        """Every sound asked for, in order, muted or not (what a test checks)."""
        self._due: list[tuple[float, str]] = []
        self._loaded: dict[str, Any] = {}
        self._app = app
        if app is None:
            try:
                from ursina import application

                self._app = application.base
            except (ImportError, AttributeError):
                self._app = None

    def _sound(self, name: str) -> Any:
        if name not in self._loaded:
            loader = getattr(self._app, "loader", None)
            try:
                sound = loader.loadSfx(str(sound_path(name))) if loader is not None else None
            except Exception:  # noqa: BLE001 - a sound that cannot load is silence, never a crash
                sound = None
            if sound is not None:
                sound.setVolume(VOLUME)
            self._loaded[name] = sound
        return self._loaded[name]

    def play(self, name: str, after: float = 0.0) -> None:
        """Play ``name`` now, or ``after`` seconds from now (see :meth:`update`)."""
        if name not in SOUNDS:
            raise KeyError(f"no sound {name!r}")
        if after > 0:
            self._due.append((after, name))
            return
        self.played.append(name)
        if self.muted:
            return
        sound = self._sound(name)
        if sound is not None:
            sound.play()

    def update(self, dt: float) -> None:
        """Play the sounds whose delay ran out."""
        due, self._due = self._due, []
        for left, name in due:
            if left - dt <= 0:
                self.play(name)
            else:
                self._due.append((left - dt, name))

    def cancel(self) -> None:
        """Forget the sounds still to come (a skip, a jump in a review)."""
        self._due = []

    def toggle_mute(self) -> bool:
        self.muted = not self.muted
        if self.muted:
            for sound in self._loaded.values():
                if sound is not None:
                    sound.stop()
        return self.muted


__all__ = ["NAMES", "Sounds", "sound_path"]
