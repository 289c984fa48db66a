# The two newcomer commands: `make` renders every game into output/,
# `make test` runs the whole test suite. Both create or reuse .venv.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: all render test mutation bench clean

all: render

$(BIN)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $@

render: $(BIN)/.installed
	$(BIN)/pnp build all

# the tests run in a random order (pytest-randomly prints its seed); PYTEST_ARGS=--randomly-seed=N repeats one
test: $(BIN)/.installed
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# mutation testing of the modules that decide what users get; MODULES=expr picks some, JOBS=1 runs slower
JOBS ?= 2
mutation: $(BIN)/.installed
	$(BIN)/python tests/mutation/run.py --jobs $(JOBS) $(MODULES)

bench: $(BIN)/.installed
	for f in benchmarks/bench_*.py; do $(BIN)/python $$f || exit 1; done

clean:
	rm -rf output/* mutants $(VENV)
