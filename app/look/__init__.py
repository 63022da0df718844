"""The look of the toy table: generated textures, materials, lighting and the
measures that say how rich a frame is. Drawing only: nothing here decides a rule."""
