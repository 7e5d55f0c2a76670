# Two entry points (README): `make report` and `make test`; `make check` is the fast subset.
# Both build .venv from nothing but Python and make, with every extra ('.[all]', pins in constraints.txt).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: report test check lint venv clean

venv: $(STAMP)

$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[all]'
	touch $(STAMP)

report: $(STAMP)
	$(BIN)/gb16 report

# The rule page the fan table is checked against (tests/test_table_command.py), where it sits
# beside the checkout; GB16_RULE_PAGE=PATH names another.
RULE_PAGE ?= $(firstword $(wildcard ../shared/seeds/000_*.txt))
export GB16_RULE_PAGE ?= $(RULE_PAGE)

# ruff over the tree and mypy --strict over the reference, corpus loader and API (pyproject.toml
# [tool.ruff], [tool.mypy]); mypy reads the installed layout through links in build/typecheck/gb16
# to the folders [tool.setuptools.package-dir] maps
TYPECHECK := build/typecheck/gb16
lint: $(STAMP)
	$(BIN)/ruff check --quiet .
	rm -rf $(TYPECHECK) && mkdir -p $(TYPECHECK)
	ln -s $(CURDIR)/gb16/*.py $(CURDIR)/gb16/py.typed $(TYPECHECK)/
	for dir in docs reference corpus properties tools; do ln -s $(CURDIR)/$$dir $(TYPECHECK)/$$dir; done
	$(BIN)/mypy

# the whole suite, on every core (pytest-xdist), after the lint
test: lint
	$(BIN)/python -m pytest -q -n auto

# the lint and the suite without the tests marked slow (tests/conftest.py): about 3½ minutes on 2 cores
check: lint
	$(BIN)/python -m pytest -q -n auto -m "not slow"

clean:
	rm -rf $(VENV) build *.egg-info report out
