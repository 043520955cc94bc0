# The README's two commands: `make serve` and `make test`. Both set up whatever is missing first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
X4_CHROMIUM ?= /usr/bin/chromium
export X4_CHROMIUM
export NO_MKDOCS_2_WARNING := 1

.PHONY: setup serve build lint test test-fast bench pdf check-external-links chromium clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.installed: requirements.txt pyproject.toml | $(BIN)/python
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	$(BIN)/pip install --quiet --disable-pip-version-check --no-deps -e .
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund
	touch $@

setup: $(VENV)/.installed node_modules/.package-lock.json

serve: setup
	$(BIN)/mkdocs serve --dev-addr 127.0.0.1:8000

build: setup
	$(BIN)/mkdocs build --strict

# Debian's chromium when no browser is at $X4_CHROMIUM (GitHub's runners point it at their Chrome).
chromium:
	@if [ ! -x "$(X4_CHROMIUM)" ]; then \
	  echo "Installing Debian's chromium (no browser at $(X4_CHROMIUM))"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && $$SUDO apt-get install -y -qq chromium >/dev/null; \
	fi

# Lint, format and types: ruff and mypy as configured in pyproject.toml.
lint: setup
	$(BIN)/ruff check calc tools tests
	$(BIN)/ruff format --check calc tools tests
	$(BIN)/mypy

test: lint chromium
	$(BIN)/python -m pytest

# The tests that need neither the built site nor a browser (about 25 s on 2 cores): calc, data, CLI, catalogs.
test-fast: setup
	$(BIN)/python -m pytest -m "not browser and not site"

bench: setup chromium
	$(BIN)/python tools/bench.py

# The module as one PDF per language (site/pdf/x4-en.pdf, x4-es.pdf), printed from the built site by the same
# Chromium the tests use. X4_PDF makes that build link every page's footer to its language's PDF.
pdf: export X4_PDF := 1
pdf: build chromium
	$(BIN)/python tools/pdf.py

# Needs the network: checks every source URL the data cites (not part of `make test`).
check-external-links: setup
	$(BIN)/python tools/check_external_links.py

clean:
	rm -rf site $(VENV) node_modules
