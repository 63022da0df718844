"""Toybox engine: headless rules, geometry, bots and records. Never imports ursina."""
