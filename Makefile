# Every target creates .venv and installs the project if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# The catalogues of what is said, one .po a language, compiled at install (.mo).
LOCALE := services/words/locale

.PHONY: run test test-slow bench lint format clean messages upgrade-deps

# The project is compiled once at install: where PYTHONDONTWRITEBYTECODE is set,
# every command would otherwise compile it again before it starts (a second of CPU).
$(STAMP): pyproject.toml constraints.txt $(wildcard $(LOCALE)/*/LC_MESSAGES/*.po)
	@echo "Setting up $(VENV) (first run: installs the dependencies, a few minutes)..."
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --progress-bar off --quiet --quiet -e ".[dev]" -c constraints.txt
	$(BIN)/python -m compileall -q -j 0 domain services projections tools
	$(BIN)/pybabel -q compile -d $(LOCALE) -D wizards
	@echo "Installed: $(BIN)/wizards"
	touch $(STAMP)

run: $(STAMP)
	@echo "Starting Wizard Ledger on http://$${HOST:-127.0.0.1}:$${PORT:-8000}/ (store: $${WIZARDS_STORE:-sqlite:///wizards.db})"
	$(BIN)/wizards serve --host $${HOST:-127.0.0.1} --port $${PORT:-8000}

test: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 $(PYTEST_ARGS)

test-slow: $(STAMP)
	$(BIN)/python -m pytest -q -n 2 -m slow $(PYTEST_ARGS)

# The revision before the performance work (issue 11): its HTTP figures are
# measured in the same run, side by side. BASELINE= turns that off.
BASELINE ?= 0f60cbc
# The revision issue 25 was filed against: its CLI commands and its bot games are
# timed beside this code's. CLI_BASELINE= turns that off.
CLI_BASELINE ?= 71d2c52
# The revision before the referee's tools were made fast on long games (issue 25):
# its disputes, diffs, verify and exports are measured beside this code's on the
# same stores. REVIEW_BASELINE= turns that off.
REVIEW_BASELINE ?= f35064b
bench: $(STAMP)
	$(BIN)/python -m tools.bench $(if $(BASELINE),--baseline $(BASELINE)) $(if $(CLI_BASELINE),--cli-baseline $(CLI_BASELINE)) $(if $(REVIEW_BASELINE),--review-baseline $(REVIEW_BASELINE))

# ruff, the import contracts of pyproject.toml (tools -> projections -> services ->
# domain; the kernel imports no game; the rooms of services in their order), and
# the type checker.
lint: $(STAMP)
	$(BIN)/ruff check domain services projections tools tests
	$(BIN)/ruff format --check domain services projections tools tests
	$(BIN)/lint-imports
	$(BIN)/mypy

format: $(STAMP)
	$(BIN)/ruff format domain services projections tools tests
	$(BIN)/ruff check --fix domain services projections tools tests

# The messages the code says (phrase, plural) into every catalogue: new ones
# added untranslated, gone ones marked obsolete (tests/services/words fail on both).
# Each format's keywords are babel.cfg's; Babel (2.19) still wants one given here,
# and phrase() is a keyword of the Python code anyway (no page says phrase()).
messages: $(STAMP)
	$(BIN)/pybabel -q extract -F $(LOCALE)/babel.cfg --no-default-keywords -k phrase \
		--omit-header --sort-by-file -w 100 -o $(LOCALE)/wizards.pot domain services tools/cli
	$(BIN)/pybabel -q update --no-fuzzy-matching -w 100 -d $(LOCALE) -D wizards \
		-i $(LOCALE)/wizards.pot
	rm $(LOCALE)/wizards.pot
	$(BIN)/pybabel -q compile -d $(LOCALE) -D wizards

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache

# The newest releases the pyproject's ranges allow, written to constraints.txt for
# CI and fresh installs to take; run make lint and make test before committing it.
upgrade-deps: $(STAMP)
	$(BIN)/python -m pip install --progress-bar off --quiet --upgrade --upgrade-strategy eager -e ".[dev]"
	{ sed -n '1,3p' constraints.txt; $(BIN)/python -m pip freeze --exclude-editable | grep -v '^wizard'; } > constraints.new
	mv constraints.new constraints.txt
