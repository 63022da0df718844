# Two commands do all the set-up on a fresh machine:
#   make play   creates .venv if missing, installs Toybox, opens the app
#   make test   creates .venv if missing, installs Toybox with its test tools, runs the gates
#               (make check: ruff and mypy) and the tests
PYTHON ?= python3
VENV ?= .venv
PY := $(VENV)/bin/python

$(VENV)/.installed: pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $@

install: $(VENV)/.installed

play: $(VENV)/.installed
	$(VENV)/bin/toybox play

# The gates CI runs before the tests: lint (ruff) and types (mypy), both configured in pyproject.toml.
check: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

# Every core (pytest-xdist); loadgroup keeps the tests that share a cached result (a conformance
# playout, a module's Ray or offscreen run: their xdist_group marks) on one worker.
test: check
	$(PY) -m pytest -n auto --dist loadgroup

bench: $(VENV)/.installed
	$(VENV)/bin/toybox sim little-battle --players 4 --games 2000 --bots random

.PHONY: install play check test bench
