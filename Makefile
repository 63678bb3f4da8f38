# The project's common commands, one target a check. `make ci` runs every
# check CI runs (.ci/run installs the dependencies, then runs it); `make`
# alone lists the targets. CONTRIBUTING.md says what each one needs.
#
#   make test PYTEST_ARGS="-n 2"       the suite on two workers (pytest-xdist)
#   make fuzz FUZZ_SECONDS=10          ten seconds a fuzz target
#   make bench BENCH_ARGS=--quick      a rough look at the speed
#   make docs DOCS_OUT=/tmp/docs       build the documentation elsewhere
#   make wheel WHEEL_PYTHONS="python3.10 python3.12"
#                                       install and test the wheel on those

PYTHON ?= python
PYTEST_ARGS ?=
FUZZ_SECONDS ?= 60
BENCH_ARGS ?=
DOCS_OUT ?= docs/_build
DIST ?= dist
# The interpreters the wheel is installed into and tested on; WHEEL_ARGS
# adds options (.ci/run: --every-classified-version).
WHEEL_PYTHONS ?= $(PYTHON)
WHEEL_ARGS ?=
# Every folder of Python code that mypy --strict checks.
TYPED := briscola tests fuzz tools examples benchmarks

.PHONY: help test coverage lint types docs examples wheel fuzz bench ci

help:
	@echo "make test       the tests (python -m pytest; PYTEST_ARGS adds options)"
	@echo "make coverage   the tests again, measuring branch coverage of briscola/ (95% at least;"
	@echo "                the batched engine's kernels uncompiled: NUMBA_DISABLE_JIT=1)"
	@echo "make lint       ruff check and ruff format --check"
	@echo "make types      mypy --strict, on the code and on the docs' code blocks"
	@echo "make docs       the documentation (sphinx -W -n) and its doctests"
	@echo "make examples   run every examples/*.py and the command-line demo"
	@echo "make wheel      build the wheel and sdist; install and test the wheel in fresh venvs"
	@echo "make fuzz       each fuzz target for FUZZ_SECONDS seconds (atheris)"
	@echo "make bench      the speed table (benchmarks/bench.py; BENCH_ARGS adds options)"
	@echo "make ci         every check CI runs: test coverage types lint docs examples wheel fuzz"

test:
	@echo "== tests (the README's test command)"
	$(PYTHON) -m pytest $(PYTEST_ARGS)

coverage:
	@echo "== branch coverage of briscola/ (at least 95%)"
	rm -f .coverage .coverage.* coverage.json
	NUMBA_DISABLE_JIT=1 HYPOTHESIS_PROFILE=dev $(PYTHON) -m pytest $(PYTEST_ARGS) -q \
	  --cov=briscola --cov-branch --cov-report=
	$(PYTHON) -m coverage json -q -o coverage.json
	$(PYTHON) tools/branch_coverage.py coverage.json --min 95

lint:
	@echo "== ruff check and ruff format --check"
	$(PYTHON) -m ruff check .
	$(PYTHON) -m ruff format --check .

types:
	@echo "== mypy --strict"
	$(PYTHON) -m mypy --strict $(TYPED)
	@echo "== the README's and the docs' code blocks, mypy --strict"
	$(PYTHON) tools/check_snippets.py

docs:
	@echo "== docs (-W -n) and their doctests"
	$(PYTHON) -m sphinx -W -n -q -b html docs $(DOCS_OUT)/html
	$(PYTHON) -m sphinx -W -n -q -b doctest docs $(DOCS_OUT)/doctest

examples:
	@echo "== examples"
	@for example in examples/*.py; do \
	  echo "-- $$example"; \
	  $(PYTHON) "$$example" > /dev/null || exit 1; \
	done
	@echo "== demo"
	$(PYTHON) -m briscola --preset italian-2p --seed 1 > /dev/null

wheel:
	@echo "== the wheel and the sdist, installed in fresh venvs and tested from outside the tree"
	rm -rf $(DIST)
	$(PYTHON) -m build --outdir $(DIST) .
	$(PYTHON) tools/check_wheel.py $(WHEEL_ARGS) $(DIST) $(WHEEL_PYTHONS)

fuzz:
	@echo "== fuzzing (each target $(FUZZ_SECONDS) s; any crash but ValueError fails)"
	FUZZ_SECONDS=$(FUZZ_SECONDS) fuzz/run.sh

bench:
	$(PYTHON) benchmarks/bench.py $(BENCH_ARGS)

# In the order CI has always run them: the tests first, the fuzzing last.
ci: test coverage types lint docs examples wheel fuzz
	@echo "CI passed"
