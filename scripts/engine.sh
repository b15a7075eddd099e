#!/usr/bin/env bash
# Make sure a container engine answers on this machine, and that the sandbox tools are installed.
#
#   bash scripts/engine.sh            # install what is missing (root, Debian/Ubuntu apt), start dockerd, wait
#
# A machine that already has Docker (Docker Desktop, docker-ce with systemd, a remote DOCKER_HOST, rootless
# Docker) is left alone: if `docker info` answers, nothing is installed or started. Set
# CLOSED_LOOP_NO_ENGINE=1 to skip the engine entirely (the `process` backend then runs the games).
# Idempotent: a second run only checks. dockerd's log goes to data/dockerd.log, its pid to data/dockerd.pid.
set -euo pipefail
cd "$(dirname "$0")/.."

DATA_DIR=${CLOSED_LOOP_DATA:-data}
ENGINE_WAIT=${CLOSED_LOOP_ENGINE_WAIT:-60}
mkdir -p "$DATA_DIR"

log() { echo "engine: $*"; }

engine_answers() {
  # `docker info` can hang on a wedged daemon: bound it.
  command -v docker >/dev/null 2>&1 && timeout 10 docker info >/dev/null 2>&1
}

apt_updated=0
apt_install() {
  # $@: Debian packages that must be present. Installs only the missing ones.
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    log "missing ${missing[*]} and cannot install them (needs root and apt-get); install them yourself" >&2
    return 1
  fi
  if [ "$apt_updated" -eq 0 ]; then
    log "apt-get update"
    timeout 300 apt-get update -qq
    apt_updated=1
  fi
  log "installing ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive timeout 900 apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

start_dockerd() {
  local pidfile="$DATA_DIR/dockerd.pid"
  # The pid must still be a dockerd: after a reboot the number may belong to anything.
  if [ -f "$pidfile" ] && [ "$(cat "/proc/$(cat "$pidfile")/comm" 2>/dev/null)" = dockerd ]; then
    log "dockerd (pid $(cat "$pidfile")) is starting already"
    return 0
  fi
  log "starting dockerd (log: $DATA_DIR/dockerd.log)"
  # setsid: the daemon must outlive this script and the make/CI job that ran it.
  setsid dockerd >>"$DATA_DIR/dockerd.log" 2>&1 </dev/null &
  echo $! >"$pidfile"
}

wait_for_engine() {
  local waited=0
  until engine_answers; do
    if [ "$waited" -ge "$ENGINE_WAIT" ]; then
      log "docker info still fails after ${ENGINE_WAIT}s; see $DATA_DIR/dockerd.log" >&2
      tail -n 20 "$DATA_DIR/dockerd.log" >&2 || true
      return 1
    fi
    sleep 1
    waited=$((waited + 1))
  done
  log "engine answers ($(docker info --format '{{.ServerVersion}} {{.Driver}}' 2>/dev/null))"
}

if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" -eq 0 ]; then
  apt_install mmdebstrap bubblewrap
fi

if [ "${CLOSED_LOOP_NO_ENGINE:-0}" = "1" ]; then
  log "CLOSED_LOOP_NO_ENGINE=1: not touching the container engine"
  exit 0
fi
if engine_answers; then
  log "engine answers already; nothing to do"
  exit 0
fi
if ! command -v dockerd >/dev/null 2>&1; then
  if [ "$(id -u)" -ne 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    # Not fatal: games then run with the process backend (the docker tests will say what is missing).
    log "no engine answers and this is not a root Debian/Ubuntu shell: install Docker yourself" >&2
    exit 0
  fi
  apt_install docker.io iptables
fi
start_dockerd
wait_for_engine
