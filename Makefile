# Stud Dealer Trainer. `make run` serves the app with demo data; `make test` runs every test but the
# long differential and exhaustive runs (marked slow), which `make test-slow` runs.
PY ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
MANAGE := $(BIN)/python manage.py
ADDR ?= 127.0.0.1:8000
# pytest-xdist workers; "auto" uses every core.
WORKERS ?= auto

.PHONY: run test test-slow lint install messages lock clean answerability bench-engine bench-reports bench-items bench-answers profile-answers bench-load bench-faults bench-workers bench-slow-readers

run: messages
	$(MANAGE) migrate --noinput
	$(MANAGE) seed_demo
	$(MANAGE) runserver $(ADDR)

test: messages
	DJANGO_SETTINGS_MODULE=dealer_training.settings.test $(BIN)/pytest -n $(WORKERS) -m "not slow"

# The tests marked slow (the 2,000-hand pokerkit comparisons, the exhaustive hand orderings).
test-slow: messages
	DJANGO_SETTINGS_MODULE=dealer_training.settings.test $(BIN)/pytest -n $(WORKERS) -m slow

lint: install
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy
	$(BIN)/lint-imports --no-cache

install: $(STAMP)

$(BIN)/python:
	$(PY) -m venv $(VENV)

# Reinstall only when the pins change.
$(STAMP): pyproject.toml constraints.txt | $(BIN)/python
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	touch $@

messages: install
	$(MANAGE) translations_compile -v 0

# Regenerate constraints.txt from a clean environment built from pyproject.toml.
lock:
	rm -rf .lock-venv
	$(PY) -m venv .lock-venv
	.lock-venv/bin/python -m pip install -q -e '.[dev]'
	{ echo "# Every package the app and its tests install, pinned (pip install -c constraints.txt)."; \
	  echo "# Regenerate with: make lock"; \
	  .lock-venv/bin/python -m pip freeze --exclude-editable --exclude stud-dealer-trainer; } > constraints.txt
	rm -rf .lock-venv
	touch pyproject.toml

clean:
	rm -rf $(VENV) var test-artifacts .pytest_cache .mypy_cache .ruff_cache

# Every question answerable from its table, over many seeds (the test suite runs fewer):
# counts per game and kind (SEEDS=400: about 60,000 checks).
SEEDS ?= 400
answerability: install
	$(BIN)/python -m tests.bench.answerability --seeds $(SEEDS) --walk-seeds $(SEEDS)

# Engine speed: evaluators beside pokerkit and treys, whole hands beside pokerkit, solve as a process,
# generation, and issuing a question (one replay beside two, the same answers checked).
bench-engine: install
	$(BIN)/python -m tests.bench.evaluators
	$(BIN)/python -m tests.bench.hand_play
	$(BIN)/python -m tests.bench.generate
	$(BIN)/python -m tests.bench.generate --issue

# Report speed on PostgreSQL: 200 trainees, 500,000 attempts in a database made for the run and
# dropped after (BENCH_DATABASE_URL overrides postgres://postgres@127.0.0.1:5432/sdt_bench_reports).
bench-reports: install
	$(BIN)/python -m tests.bench.reports

# Item analysis of an exam on PostgreSQL: 5,000 sittings of 40 items (BENCH_DATABASE_URL overrides
# postgres://postgres@127.0.0.1:5432/sdt_bench_items); the exam's page and the items page.
bench-items: install
	$(BIN)/python -m tests.bench.item_analysis

# Answering under load: gunicorn and PostgreSQL on loopback, 20 trainees without a pause and then
# pausing 2 s between answers, each beside a trivial Django view measured in the same run.
bench-answers: install
	$(BIN)/python -m tests.bench.answering --trainees 20 --seconds 15
	$(BIN)/python -m tests.bench.answering --trainees 20 --seconds 15 --think 2

# Where an answer's server time goes: CPU and queries per request in process, per template, each
# hot read and the question row's INSERT compiled once beside the ORM's, and (PROFILE=1) a pyinstrument profile.
profile-answers: install
	$(BIN)/python -m tests.bench.profile_answers --answers 200 --templates --parts --floor --reads --writes --cache $(if $(PROFILE),--profile)

# The load check: 50 trainees for 60 s; fails unless every answer is stored exactly once, no error.
bench-load: install
	$(BIN)/python -m tests.bench.answering --trainees 50 --seconds 60 --think 1 --check

# Faults: PostgreSQL (this machine's cluster) restarted 20 s into 40 s of answering: only clean 503
# pages meanwhile, answers again afterwards, one attempt per question.
bench-faults: install
	$(BIN)/python -m tests.bench.answering --trainees 20 --seconds 40 --think 1 --restart-database-after 20

# Killed workers: PostgreSQL and RabbitMQ (BENCH_BROKER_URL overrides), an import and an export
# killed half-way with SIGKILL, once with the messages delivered again and once with them lost
# (the stalled-job check finds the jobs); fails unless both end done, each file and row once.
bench-workers: install
	$(BIN)/python -m tests.bench.workers

# Slow readers: clients that stream a big CSV export and read nothing, beside /health/, against
# gunicorn as gunicorn.conf.py runs it and as the old sync command line did (PostgreSQL).
bench-slow-readers: install
	$(BIN)/python -m tests.bench.slow_readers
