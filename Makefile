# Quick start: `make play` (a Bourloto match against bots) and `make test` (every test).
# The repository stands alone: conformance runs the scenarios shipped in tests/conformance/scenarios,
# and those of ../shared/conformance too when that folder is beside the clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: play test layers bench lint typecheck conformance clean compiled pure

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e .
	touch $@

$(DEVSTAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[all,dev]'
	touch $@ $(STAMP)

play: $(STAMP)
	$(VENV)/bin/trapoula play bourloto

test: $(DEVSTAMP)
	$(PY) -m ruff check src tests benchmarks tools
	$(PY) -m mypy
	$(PY) tools/check_layers.py
	$(VENV)/bin/trapoula conformance tests/conformance/scenarios > $(VENV)/conformance.log \
	  || { cat $(VENV)/conformance.log; exit 1; }
	tail -n 1 $(VENV)/conformance.log
	if [ -d ../shared/conformance ]; then \
	  $(VENV)/bin/trapoula conformance ../shared/conformance > $(VENV)/conformance.log \
	  || { cat $(VENV)/conformance.log; exit 1; }; \
	  tail -n 1 $(VENV)/conformance.log; fi
	sh tools/ensure-services.sh
	$(PY) -m pytest -n 2 -p no:cacheprovider

# the import layers and the 600-line limit (docs/architecture.md); --strict: no known list
layers:
	$(PYTHON) tools/check_layers.py

conformance: $(STAMP)
	$(VENV)/bin/trapoula conformance tests/conformance/scenarios
	if [ -d ../shared/conformance ]; then $(VENV)/bin/trapoula conformance ../shared/conformance; fi

bench: $(DEVSTAMP)
	$(PY) -m pip install --quiet -e '.[all,dev,bench]'
	$(PY) benchmarks/run_all.py

# Optional: the Bourloto rule modules compiled with mypyc (needs a C compiler; mypyc comes
# with the dev extra's mypy).  The compiled modules sit beside the .py files and are imported
# instead of them; the pure-Python modules stay the fallback everywhere: `make pure` removes
# the compiled ones.  (state.py and context.py stay interpreted: a state's class derives from
# core's interpreted DealState, and drafts are sealed by a __class__ assignment, which
# compiled classes do not allow.)
COMPILED := actions bidding declarations declaring play scoring shows
compiled: $(DEVSTAMP)
	cd src && ../$(VENV)/bin/mypyc $(COMPILED:%=trapoula/games/bourloto/%.py)

pure:
	rm -rf src/build src/*__mypyc*.so src/trapoula/games/bourloto/*.so

clean: pure
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
