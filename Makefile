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

# Every CPU (pytest-xdist -n logical: "auto" counts physical cores once psutil is installed, half
# the workers where the CPUs are hyperthreads). --dist loadfile: a test file runs on one worker, so
# what its tests share (a conformance case's cached playout, a module's Ray or offscreen run) is made
# once. --no-loadscope-reorder: files are handed out in collection order, where tests/conftest.py puts
# the longest first (LONGEST_FILES), not the files with the most tests first. (loadgroup with
# xdist_group marks would group finer, but pytest-xdist 3.8 marks a group by renaming the node, which
# pytest 9.2's node ids ignore.)
PYTEST_PARALLEL := -n logical --dist loadfile --no-loadscope-reorder

test: check
	$(PY) -m pytest $(PYTEST_PARALLEL)

# Everything: the long seeded playouts (-m slow) and the fuzzers (-m fuzz) too; a marker's tests run
# only when -m names it (tests/conftest.py), and this expression names both and selects every test.
test-all: check
	$(PY) -m pytest $(PYTEST_PARALLEL) -m "slow or fuzz or not (slow or fuzz)"

bench: $(VENV)/.installed
	$(VENV)/bin/toybox sim little-battle --players 4 --games 2000 --bots random

.PHONY: install play check test test-all bench
