"""Rulebook, Grenadier "Throw a Grenade": "... roll the die towards your
targets ... an attack of the value you rolled (3, 5 or 7)". One source for
one number: the face the physics names is read from the game's resolved
Chosen values, the same list the rules score."""

from __future__ import annotations

import dataclasses

from engine.little_soldiers.state import new_game


def test_throw_a_grenade_the_physics_names_the_face_from_the_games_chosen_faces():
    state = new_game(None, seed=3)
    chosen = state.chosen
    relabelled = dataclasses.replace(chosen, grenade_die_faces=tuple(f"face-{i}" for i in range(12)))
    start = (60.0, 40.0, 0.0)
    plain = state.terrain.throw("grenade", start, 30.0, 0.5, seed=11, chosen=chosen)
    named = state.terrain.throw("grenade", start, 30.0, 0.5, seed=11, chosen=relabelled)
    assert (named.x, named.y) == (plain.x, plain.y)  # the same flight: only the names differ
    index = int(named.face.removeprefix("face-"))
    assert chosen.grenade_die_faces[index] == plain.face
