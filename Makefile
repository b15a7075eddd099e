.PHONY: castle test lint

# The main job: the CASTLE loop (until the loop exists: validate CASTLE end to end).
castle:
	bash scripts/bootstrap.sh
	.venv/bin/closed-loop games validate castle

# The whole test suite, slow tests included.
test:
	bash scripts/test.sh

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check .
