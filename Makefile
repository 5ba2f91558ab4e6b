# Two commands do all the set-up: `make run` serves the app, `make test` runs every test.
SHELL := /bin/bash
.DEFAULT_GOAL := run

PYTHON ?= python3
VENV := .venv
TOOLS := .tools
BUN := $(TOOLS)/node_modules/.bin/bun
# Founders' browser for the benchmark's page weight and Lighthouse; the browser tests drive
# the same Blink in Debian's headless shell (a third less CPU on these machines).
CHROMIUM := /usr/bin/chromium
HEADLESS_SHELL := /usr/bin/chromium-headless-shell
LIGHTHOUSE := $(TOOLS)/node_modules/.bin/lighthouse
# Extra flags for `make bench`, e.g. BENCH_ARGS="--production" or "--smoke" (see python -m bench -h).
BENCH_ARGS ?=
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

export PATH := $(CURDIR)/$(TOOLS)/node_modules/.bin:$(CURDIR)/$(VENV)/bin:$(PATH)
export REFLEX_USE_SYSTEM_BUN := 1
export REFLEX_TELEMETRY_ENABLED := false
export REFLEX_CHECK_LATEST_VERSION := false
export NPM_CONFIG_REGISTRY ?= $(shell npm config get registry 2>/dev/null)
# Compiled modules are kept (__pycache__, git-ignored) even where the shell says not to: the
# app is started in a dozen processes per test run, and pytest's rewritten test modules are
# cached the same way (collection: 11 s without, 4 s with).
unexport PYTHONDONTWRITEBYTECODE

PORT ?= 3000

.PHONY: install run dev prod test test-faults test-fast migrate lint format browser bench bench-smoke clean

# uv installs the pinned requirements in under half of pip's time (24 s against 55 s here),
# compiled as pip does (the dozen processes a test run starts then import without compiling).
$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet uv==0.13.9
	VIRTUAL_ENV=$(CURDIR)/$(VENV) $(VENV)/bin/uv pip install --quiet --compile-bytecode -r requirements.txt
	touch $@

$(BUN):
	mkdir -p $(TOOLS)
	npm install --prefix $(TOOLS) --no-audit --no-fund bun@1.4.4

$(CHROMIUM) $(HEADLESS_SHELL):
	$(SUDO) apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(notdir $@) fonts-dejavu-core

install: $(VENV)/.installed $(BUN)

browser: $(HEADLESS_SHELL)

migrate: install
	reflex db migrate

run: migrate
	reflex run --env prod

dev: migrate
	reflex run

# Production: PostgreSQL (DATABASE_URL) + Redis (REDIS_URL) + GRANIAN_WORKERS backend workers
# (default 2) serving the built frontend and the backend on one port ($(PORT)). Refuses without
# both URLs (or when they do not answer); applies the migrations first.
prod: install
	python -m startup_toolkit.production check
	reflex db migrate
	GRANIAN_WORKERS=$$(python -m startup_toolkit.production workers) \
		reflex run --env prod --frontend-port $(PORT) --backend-port $(PORT)

# Three workers: the fast tests on one, the browser tests on two (see tests/conftest.py).
test: install browser
	pytest -n 3 --dist loadgroup -m "not bench and not faults"

# A deployment's faults (issue 29): the AI provider failing, a worker killed or stopped
# mid-run, PostgreSQL and Redis restarting, a read-only database, a full disk (a tmpfs of its
# own under SQLite). Starts its own PostgreSQL and Redis (initdb, pg_ctl, redis-server on
# free ports) where a test needs to restart one.
test-faults: install
	pytest -m faults tests/faults

test-fast: install
	pytest -m "not e2e"

lint: install
	ruff check . && ruff format --check .

format: install
	ruff format . && ruff check --fix .

$(LIGHTHOUSE):
	mkdir -p $(TOOLS)
	npm install --prefix $(TOOLS) --no-audit --no-fund lighthouse@12.8.2

# Unstuck beside a blank Reflex app, both built and served in production mode: one table.
bench: install $(CHROMIUM) $(LIGHTHOUSE)
	python -m bench $(BENCH_ARGS)

bench-smoke: install
	pytest -m bench tests/bench

clean:
	rm -rf .web .states
