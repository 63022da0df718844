"""Review mode: a finished (or saved) game stepped through from its record.

The record keeps every action, chance outcomes included, so any point of
the game is the record's first actions replayed through the engine: no
physics runs and nothing is drawn at random (:mod:`engine.core.record`).
:mod:`app.review.track` finds the steps and builds the state at each;
:mod:`app.review.controller` is the game's own controller that shows that
state and refuses to play; :mod:`app.review.screen` draws it on the 3D
table with a bar to step forwards, backwards and to any action.
"""
