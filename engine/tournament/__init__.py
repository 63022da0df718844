"""Tournaments and balance sweeps: many bot games, here or on a Ray cluster.

``runner`` plans and plays them, ``jobs`` is one game, ``results`` the
append-only JSONL file that makes a run resumable, ``sweeps`` the config
values varied, ``report`` the win-rate tables and chart, and ``cluster`` the
one place Ray is imported (lazily: nothing here imports it at load time).
"""
