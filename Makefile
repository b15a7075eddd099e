.PHONY: castle test lint

# The main job: a local Prefect server and serve process, then `prefect deployment run closed-loop/castle --watch`.
castle:
	bash scripts/bootstrap.sh
	.venv/bin/closed-loop castle

# The whole test suite, slow tests included.
test:
	bash scripts/test.sh

lint:
	.venv/bin/ruff check . && .venv/bin/ruff format --check .

# The benchmark suite (under 15 minutes on 2 cores): bench/results/<name>.json and bench/results/summary.md.
.PHONY: bench
bench:
	bash scripts/bootstrap.sh
	.venv/bin/python -m bench
