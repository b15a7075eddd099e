#!/usr/bin/env bash
# Install everything closed-loop needs on this machine: the Python venv, and (later steps) the container engine.
# Idempotent: a second run only checks.
set -euo pipefail
cd "$(dirname "$0")/.."

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  echo "bootstrap: creating .venv"
  "$PYTHON" -m venv .venv
fi
if [ ! -f .venv/.installed ] || [ pyproject.toml -nt .venv/.installed ]; then
  echo "bootstrap: installing closed-loop and its test tools into .venv"
  .venv/bin/pip install --quiet --disable-pip-version-check -e '.[test]'
  touch .venv/.installed
fi

# The container engine (docker.io + dockerd when none answers), mmdebstrap and bubblewrap: see scripts/engine.sh.
# Then the base image games build on, so tests and the main job find it. CLOSED_LOOP_NO_ENGINE=1 skips both.
bash scripts/engine.sh
if [ "${CLOSED_LOOP_NO_ENGINE:-0}" != "1" ] && timeout 10 docker info >/dev/null 2>&1; then
  .venv/bin/closed-loop sandbox bootstrap
fi
