"""Generate the toy sounds the app plays (``python -m app.sounds.make_sounds``).

Every sound is synthesised here with numpy and written with the standard
``wave`` module (16-bit mono): nothing is downloaded or recorded. Each has
its own fixed seed, so running the script again writes the same bytes (a
test checks the committed files against it).

- ``dice``: plastic dice rattling in a hand and tumbling onto the table;
- ``thud``: a grenade die landing on the table;
- ``boom``: the toy grenade going off (a pop and a short rumble);
- ``card``: a card flipped over;
- ``coins``: coins poured into a chest;
- ``slide``: a wooden tile slid across the board and set down.
"""

from __future__ import annotations

import io
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np

RATE = 22050
"""Samples per second (chosen: plenty for toy clicks and thuds, small files)."""
FOLDER = Path(__file__).resolve().parent


def _t(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _lowpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    """A one-pole low-pass filter (warmer noise)."""
    a = np.exp(-2 * np.pi * cutoff / RATE)
    out = np.empty_like(x)
    acc = 0.0
    for i, v in enumerate(x):
        acc = (1 - a) * v + a * acc
        out[i] = acc
    return out


def _highpass(x: np.ndarray, cutoff: float) -> np.ndarray:
    return x - _lowpass(x, cutoff)


def _click(rng: np.random.Generator, length: float, tone: float, decay: float) -> np.ndarray:
    """One hard plastic click: a tiny noise burst and a short ringing tone."""
    t = _t(length)
    env = np.exp(-t / decay)
    ring = np.sin(2 * np.pi * tone * t + rng.uniform(0, np.pi)) * 0.6
    noise = _highpass(rng.standard_normal(t.size), 1500.0) * 0.5
    return (ring + noise) * env


def _place(out: np.ndarray, sound: np.ndarray, at: float, gain: float = 1.0) -> None:
    i = int(at * RATE)
    n = min(sound.size, out.size - i)
    if n > 0:
        out[i:i + n] += gain * sound[:n]


def dice() -> np.ndarray:
    rng = np.random.default_rng(11)
    out = np.zeros(int(RATE * 0.75))
    times = np.sort(rng.uniform(0.0, 0.38, 14))  # shaken in the hand
    for k, at in enumerate(times):
        _place(out, _click(rng, 0.03, rng.uniform(2600, 4200), 0.006), at, 0.35 + 0.2 * rng.random() + 0.01 * k)
    at = 0.42
    for k in range(7):  # thrown: bounces on the table, quicker and softer
        _place(out, _click(rng, 0.05, rng.uniform(1500, 2600), 0.01), at, 0.9 * 0.72 ** k)
        at += 0.07 * 0.8 ** k
    return out


def thud() -> np.ndarray:
    rng = np.random.default_rng(12)
    t = _t(0.35)
    body = np.sin(2 * np.pi * (95 - 40 * t) * t) * np.exp(-t / 0.06)
    knock = _lowpass(rng.standard_normal(t.size), 900.0) * np.exp(-t / 0.015) * 2.0
    return body + knock


def boom() -> np.ndarray:
    rng = np.random.default_rng(13)
    t = _t(1.1)
    pop = _highpass(rng.standard_normal(t.size), 800.0) * np.exp(-t / 0.02)
    rumble = _lowpass(rng.standard_normal(t.size), 220.0) * np.exp(-t / 0.28) * 4.0
    drop = np.sin(2 * np.pi * (70 - 30 * t) * t) * np.exp(-t / 0.2) * 0.8
    return pop + rumble + drop


def card() -> np.ndarray:
    rng = np.random.default_rng(14)
    t = _t(0.22)
    swish = _highpass(_lowpass(rng.standard_normal(t.size), 5000.0), 900.0)
    env = np.sin(np.pi * np.clip(t / 0.12, 0, 1)) ** 2
    flap = np.zeros_like(t)
    _place(flap, _click(rng, 0.04, 700.0, 0.008), 0.12, 0.8)
    return swish * env * 1.4 + flap


def coins() -> np.ndarray:
    rng = np.random.default_rng(15)
    out = np.zeros(int(RATE * 1.0))
    at = 0.0
    for k in range(11):  # a handful poured in: clinks, each a small bell of inharmonic partials
        t = _t(0.35)
        base = rng.uniform(2200, 3400)
        bell = sum(np.sin(2 * np.pi * base * r * t + rng.uniform(0, 6)) * w
                   for r, w in ((1.0, 1.0), (1.52, 0.6), (2.43, 0.35), (3.1, 0.2)))
        _place(out, bell * np.exp(-t / rng.uniform(0.05, 0.12)), at, 0.35 * (1 - 0.04 * k))
        at += rng.uniform(0.03, 0.09)
    return out


def slide() -> np.ndarray:
    rng = np.random.default_rng(16)
    t = _t(0.6)
    scrape = _lowpass(_highpass(rng.standard_normal(t.size), 300.0), 2500.0)
    env = np.clip(t / 0.05, 0, 1) * np.clip((0.45 - t) / 0.15, 0, 1)
    out = scrape * env * 0.8
    _place(out, _click(rng, 0.08, 450.0, 0.02), 0.46, 1.0)  # set down
    return out


SOUNDS: dict[str, Callable[[], np.ndarray]] = {
    "dice": dice, "thud": thud, "boom": boom, "card": card, "coins": coins, "slide": slide,
}
"""Every sound by name: its file is ``NAME.wav`` beside this script."""


def wav_bytes(samples: np.ndarray) -> bytes:
    """Samples as a 16-bit mono WAV file, normalised to -1 dBFS, faded out at the end."""
    fade = min(samples.size, int(RATE * 0.02))
    samples = samples.copy()
    samples[-fade:] *= np.linspace(1, 0, fade)
    peak = float(np.max(np.abs(samples))) or 1.0
    pcm = np.round(samples / peak * 0.89 * 32767).astype("<i2")
    buf = io.BytesIO()
    with wave.open(buf, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(pcm.tobytes())
    return buf.getvalue()


def main(folder: Path = FOLDER) -> int:
    from engine.core.files import write_atomic

    for name, make in SOUNDS.items():
        write_atomic(folder / f"{name}.wav", wav_bytes(make()))
        print(f"{folder / name}.wav")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else FOLDER))
