# Quick start: `make play` (a Bourloto match against bots, on the full-screen table: the tui
# extra, Textual) and `make test` (every test).
# The repository stands alone: conformance runs the scenarios shipped in tests/conformance/scenarios,
# and those of ../shared/conformance too when that folder is beside the clone.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed
DEVSTAMP := $(VENV)/.installed-dev

.PHONY: play test layers bench bench-peers lint typecheck conformance clean compiled pure test-compiled

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(STAMP): pyproject.toml | $(PY)
	$(PY) -m pip install --quiet -e '.[tui]'
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

# the benchmarks run on the compiled modules (below) when they build, on pure Python when not
# (no C compiler); the tree is left pure afterwards, as `make test` uses it
bench: $(DEVSTAMP)
	$(PY) -m pip install --quiet -e '.[all,dev,bench]'
	$(MAKE) compiled || echo "make bench: the compiled modules did not build: pure Python"
	$(PY) benchmarks/run_all.py; status=$$?; $(MAKE) pure; exit $$status

# trapoula beside the fastest loop each peer offers (OpenSpiel's observer API, colver's Rust,
# Pgx), compiled and pure builds in one run, one table (docs/benchmarks.md); ARGS=--tiny etc.
bench-peers: $(DEVSTAMP)
	$(PY) -m pip install --quiet -e '.[all,dev,bench]'
	$(MAKE) compiled || echo "make bench-peers: the compiled modules did not build: pure Python"
	$(PY) benchmarks/speed_peers.py $(ARGS); status=$$?; $(MAKE) pure; exit $$status

# Optional: rule modules compiled with mypyc (needs a C compiler; mypyc comes with the dev
# extra's mypy).  The compiled modules sit beside the .py files and are imported instead of
# them; the pure-Python modules stay the fallback everywhere and are what `make test` runs
# (`make pure` removes the compiled ones; `make test-compiled` builds them and checks that
# they decide exactly as the pure ones: tests/vector/test_compiled_agree.py, then the
# Burraco, Bourloto, vector and env tests and the user-error taxonomy on the compiled tree).
# Bourloto: state.py and context.py stay interpreted (a state's class derives from core's
# interpreted DealState, and drafts are sealed by a __class__ assignment, which compiled
# classes do not allow).  Burraco: the legal-move caches, the meld analysis, the card tables,
# the scoring, the public facts (public.py, read by a batch's observations) and the turn
# (turn.py: its Table, the rules object the public state and the batch play, is the base of
# the interpreted BurracoState, which mypyc allows through mypy_extensions'
# mypyc_attr(allow_interpreted_subclasses=True), imported under TYPE_CHECKING only: a no-op
# at run time, see tools/check_layers.py).
# Envs: Burraco's observation rows and the batch's loops (envs/burraco_fast.py, read from
# the compiled Table: -5 % of the instructions of a Burraco batch step) and the prefix rule
# of a meld's sub-decisions that they call (envs/burraco_actions.py).
# Search: the Bourloto double-dummy solver (`hard`'s PIMC worlds and the learned bot's
# double-dummy card targets, trapoula.train.dd_targets: ~1.7x the decisions a CPU second).
# Core: the standard library's shuffle algorithm (core/shuffle.py: the same permutations,
# checked at import; half the cost of dealing a Burraco deal in a batch).
BOURLOTO_COMPILED := actions bidding declarations declaring play scoring shows
BURRACO_COMPILED := legal melds tables scoring context ends turn public
SEARCH_COMPILED := bourloto_dd
ENVS_COMPILED := burraco_actions burraco_fast
CORE_COMPILED := shuffle
COMPILED := $(BOURLOTO_COMPILED:%=trapoula/games/bourloto/%.py) \
  $(BURRACO_COMPILED:%=trapoula/games/burraco/%.py) \
  $(SEARCH_COMPILED:%=trapoula/search/%.py) \
  $(ENVS_COMPILED:%=trapoula/envs/%.py) \
  $(CORE_COMPILED:%=trapoula/core/%.py)
compiled: $(DEVSTAMP)
	cd src && ../$(VENV)/bin/mypyc $(COMPILED) > ../$(VENV)/mypyc.log 2>&1 \
	  || { tail -n 30 ../$(VENV)/mypyc.log; exit 1; }
	rm -rf src/build  # (mypyc's C sources; tools/check_layers.py would read its setup.py)
	@echo "compiled (mypyc): $(COMPILED)"

pure:
	rm -rf src/build src/*__mypyc*.so src/trapoula/games/bourloto/*.so \
	  src/trapoula/games/burraco/*.so src/trapoula/search/*.so src/trapoula/envs/*.so \
	  src/trapoula/core/*.so

test-compiled: compiled
	$(PY) -m pytest -q -p no:cacheprovider tests/vector tests/games/burraco tests/games/bourloto \
	  tests/search/test_bourloto_dd.py tests/envs tests/core/test_user_errors.py

clean: pure
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
