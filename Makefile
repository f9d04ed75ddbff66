# Minimal bootstrap; the foundation work replaces this with run/test/lint targets.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin

$(BIN)/python:
	$(PY) -m venv $(VENV)

.PHONY: install lint test
install: $(BIN)/python
	$(BIN)/pip install -q -c constraints.txt -e '.[dev]'

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

test: install
	$(BIN)/pytest
