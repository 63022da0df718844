"""The level editor: a headless document model (this package's ``document``
and ``commands``) that the Ursina editor window drives, and tests drive too."""
