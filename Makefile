# palmares — the two quick-start targets are `make demo` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint typecheck kernels bytecode unit unit-postgres chromium install clean

# The database tests (the site and the fuzzer's imports) run a second time on PostgreSQL (the
# server CI starts on loopback).
POSTGRES_URL ?= postgresql://postgres@127.0.0.1:5432/test
# Python writes the bytecode of what it imports (src, tests and the venv's packages) and
# pytest its rewritten test modules, even where the environment says not to
# (PYTHONDONTWRITEBYTECODE, as on this machine): otherwise every process of the suite — each
# worker, each `palmares` a test starts — compiles everything it imports again (18 s of
# collection a worker instead of 7 s).
unexport PYTHONDONTWRITEBYTECODE

# pytest-xdist: one worker per core (`make test WORKERS=0` runs in one process). loadgroup keeps
# the tests marked xdist_group together on one worker (the PostgreSQL standby: one per run).
WORKERS ?= auto
XDIST := -n $(WORKERS) --dist loadgroup
# Each pass ends with its 15 slowest tests: where a developer's wait goes (issue 36).
SLOWEST := --durations=15

# uv installs what pyproject.toml asks for (the same ranges pip reads) in a third of pip's time.
$(STAMP): pyproject.toml src/palmares/diplomacy/seeding/_kernel.c src/palmares/ratings/_kernels.c
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --disable-pip-version-check 'uv>=0.9,<1'
	$(BIN)/uv pip install -q --python $(BIN)/python -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

demo: $(STAMP)
	$(BIN)/palmares demo

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench

typecheck: $(STAMP)
	$(BIN)/mypy

# UNIT_SKIP: what `make test` has already run in its kernels' step (run once, not twice).
UNIT_SKIP ?=
unit: $(STAMP) chromium
	$(BIN)/pytest -q $(XDIST) $(SLOWEST) $(UNIT_SKIP)

# The browser tests are not run again: they drive the pages, whose writes and reads are the
# services' and the API's, run here; what a browser adds (screens, scripts) is not the database's.
unit-postgres: $(STAMP)
	bash .ci/pg-replication
	DATABASE_URL=$(POSTGRES_URL) $(BIN)/pytest -q -p no:cacheprovider $(XDIST) $(SLOWEST) \
		-m "not browser" tests/web tests/fuzz

# The browser test drives Debian's chromium (playwright cannot download browsers here).
chromium:
	@test -x /usr/bin/chromium || (apt-get update && apt-get install -y chromium)

# numba compiles a kernel at its first call and keeps it on disk (cache=True). On a clean clone
# both test workers would compile the same kernels at once (about 90 s of CPU); the kernels'
# own tests compile each once, on the core mypy leaves free, before the passes start.
KERNEL_TESTS := tests/ratings/test_kernels.py tests/ratings/test_certified.py \
	tests/ratings/backtest/test_kernels.py tests/ratings/backtest/test_bootstrap.py \
	tests/ratings/skill/test_flatten.py \
	tests/diplomacy/seeding/test_kernel.py

kernels: $(STAMP)
	$(BIN)/pytest -q -p no:cacheprovider $(KERNEL_TESTS)

# The collection once (when mypy is done), so that the passes' workers find the bytecode of
# every module written.
bytecode: $(STAMP)
	$(BIN)/pytest -q -p no:cacheprovider --collect-only tests > /dev/null

# The kernels' tests run in their own step (above), so the SQLite pass leaves them out.
test: lint
	$(MAKE) --no-print-directory -j2 --output-sync=target typecheck kernels bytecode
	$(MAKE) --no-print-directory unit unit-postgres \
		UNIT_SKIP="$(foreach t,$(KERNEL_TESTS),--ignore=$(t))"

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
