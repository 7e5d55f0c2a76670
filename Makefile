# Two entry points (README): `make report` and `make test`; `make check` is the fast subset.
# Both build .venv from nothing but Python and make, with every extra ('.[all]', pins in constraints.txt).

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp

.PHONY: report test check venv clean

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

# the whole suite, on every core (pytest-xdist)
test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto

# the suite without the tests marked slow (tests/conftest.py): under a minute on 2 cores
check: $(STAMP)
	$(BIN)/python -m pytest -q -n auto -m "not slow"

clean:
	rm -rf $(VENV) build *.egg-info report out
