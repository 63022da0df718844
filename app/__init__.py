"""Toybox app: the Ursina front end and the command line."""
