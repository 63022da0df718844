"""Little Soldiers' table rules on top of the game-free geometry: the
battlefield vocabulary (Levels, Objects), figurine sizes, cord bands,
climbing and the Marshmallow jump, the Grenade and Mortar throws, the
design checks of a battlefield for this game and its balance view.

Each module fills the geometry's parameters (figure specs, throw specs,
cord lengths) from ``engine.little_soldiers.data``, the one source of every
size. Import the module you need; this package imports nothing heavy."""
