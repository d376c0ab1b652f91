# `make demo` and `make test` each set up everything on a fresh machine, then run.
PY      ?= python3
VENV    := .venv
BIN     := $(VENV)/bin
STAMP   := $(VENV)/.installed
EXTRAS  := test

.PHONY: demo test check lint typecheck pytest kernels faults bench clean browser fuzz books slow-list

# The browser test drives Debian's Chromium, as its headless shell (the same Blink without the
# desktop browser around it: ~40 % less CPU per browser test, tests/page_driver.py; Playwright comes
# from the test extra, its own browser download is never used).  Installed once, only when missing.
CHROMIUM := /usr/bin/chromium-headless-shell
SUDO     := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# uv (from PyPI, into the venv by the venv's own pip) installs the rest: it resolves and fetches in
# parallel and compiles no bytecode up front (Python compiles what it imports, once).  Measured on
# this machine: pip ~145 s of the clock and 77 CPU s for the test extra, uv ~20 s and 8 CPU s.
UV      := $(BIN)/uv pip install -q --python $(BIN)/python

# "Once" needs Python to keep what it compiled.  An environment with PYTHONDONTWRITEBYTECODE set
# (this machine's is) made every process of the suite compile numpy, numba, rich and zermelo again:
# importing the CLI took 2.7 CPU s instead of 0.8, in each test worker, CLI child, server and docs
# example.  Make's recipes write bytecode (into .venv/ and src/, __pycache__ folders git ignores).
export PYTHONDONTWRITEBYTECODE :=

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q uv
	$(UV) -e ".[$(EXTRAS)]"
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/python -m zermelo.demo

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks

typecheck: $(STAMP)
	$(BIN)/mypy src

$(CHROMIUM):
	$(SUDO) apt-get update -q
	$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium-headless-shell

browser: $(CHROMIUM)

# numba's kernels compiled once into its disk cache before the tests (tests/warm_kernels.py says why).
kernels: $(STAMP)
	$(BIN)/python tests/warm_kernels.py

# The long fault and memory runs (marker `faults`) are `make faults`: a Dask cluster's coordinator
# killed and the census resumed, kill -9 of a sequence and its resume, 600 games' memory.
pytest: $(STAMP) $(CHROMIUM) kernels
	$(BIN)/python -m pytest -n 2 --dist loadgroup --durations=20 -m "not faults"

faults: $(STAMP) kernels
	$(BIN)/python -m pytest -n 2 --dist loadgroup -m faults

# mypy (~20 CPU s, one core) runs beside the tests, which leave a third of two cores idle while
# they wait on servers, browsers and child processes; either failing fails the target.
test: lint
	$(MAKE) --no-print-directory -j2 typecheck pytest

# The quick loop while working: lint, types and every test but the `slow`, `browser` and `faults`
# ones (docs/architecture.md, "Tests a loaded machine cannot break"); `make test` runs all but
# `faults`, `make faults` those.
check: $(STAMP) kernels
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/ruff format --check src tests benchmarks
	$(BIN)/mypy src
	$(BIN)/python -m pytest -n 2 --dist loadgroup -m "not slow and not browser and not faults"

# The fuzz test of bad input at length (`make test` runs it with 60 examples a command).
FUZZ_EXAMPLES ?= 2000
# Measure every test's CPU and rewrite tests/slow_tests.txt (the tests `make check` leaves out).
slow-list: $(STAMP) $(CHROMIUM)
	rm -f .cpu-times.log
	PYTHONPATH=tests ZERMELO_CPU_LOG=$(CURDIR)/.cpu-times.log $(BIN)/python -m pytest -n 2 --dist loadgroup -p cpu_times
	$(BIN)/python tests/cpu_times.py .cpu-times.log > tests/slow_tests.txt
	rm -f .cpu-times.log

# Each worker writes the case it is about to run to .fuzz-last/WORKER.txt: on a failure they are
# shown (a worker killed from outside loses its hypothesis example, not its last case).
fuzz: $(STAMP)
	rm -rf .fuzz-last && mkdir .fuzz-last
	ZERMELO_FUZZ_LAST=$(CURDIR)/.fuzz-last ZERMELO_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) \
	  $(BIN)/python -m pytest -n 2 -p no:cacheprovider --hypothesis-profile=explore tests/test_fuzz.py \
	  || { tail -n +1 .fuzz-last/*.txt; exit 1; }

bench: $(STAMP)
	$(UV) -e ".[bench]"
	$(BIN)/python -m benchmarks

# The opening books shipped with zermelo, built again by its own solver (byte for byte the same file;
# tests/test_connect4_book.py checks them against search).
books: $(STAMP)
	$(BIN)/zermelo book connect4:6x5 --plies 6 --out src/zermelo/games/books/connect4-6x5.npz

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
