#!/usr/bin/env bash
# Starts and stops a Docker engine for CI on a machine that may have none (run as root):
#   scripts/docker/engine.sh start   uses a running daemon, or installs Debian's docker.io when
#                                     dockerd is missing and starts dockerd in the background;
#                                     builds the Compose v2 CLI plugin from the Go module proxy
#                                     when `docker compose` is missing. Exit 1 (and why) when the
#                                     engine cannot run here.
#   scripts/docker/engine.sh stop    stops the dockerd that `start` started, and only that one.
# The daemon's log: .data/dockerd.log; its pid: .data/dockerd.pid (present only when started here).
set -uo pipefail
cd "$(dirname "$0")/../.."
data=$PWD/.data
pidfile=$data/dockerd.pid
logfile=$data/dockerd.log
compose_version=${COMPOSE_VERSION:-v2.32.4}
mkdir -p "$data"
say() { echo "[docker] $*"; }

start() {
  if docker info >/dev/null 2>&1; then
    say "a Docker daemon already runs: using it"
  else
    if ! command -v dockerd >/dev/null; then
      [ "$(id -u)" = 0 ] || { say "dockerd is missing and installing it needs root"; return 1; }
      say "installing docker.io (Debian)"
      # Package lists missing or stale on a fresh machine: one apt-get update, then a second try.
      apt_install() { DEBIAN_FRONTEND=noninteractive timeout 600 apt-get install -y -qq --no-install-recommends docker.io >/dev/null 2>"$data/docker-apt.log"; }
      apt_install || { timeout 300 apt-get update -qq >/dev/null 2>&1; apt_install; } ||
        { say "apt-get install docker.io failed: $(tail -1 "$data/docker-apt.log")"; return 1; }
    fi
    say "starting dockerd (log: $logfile)"
    dockerd >"$logfile" 2>&1 &
    echo $! >"$pidfile"
    for _ in $(seq 60); do
      docker info >/dev/null 2>&1 && break
      kill -0 "$(cat "$pidfile")" 2>/dev/null || break
      sleep 1
    done
    if ! docker info >/dev/null 2>&1; then
      say "dockerd did not come up; its last words:"
      grep -E 'level=(error|fatal)|failed' "$logfile" | tail -5
      stop
      return 1
    fi
    say "dockerd $(docker version -f '{{.Server.Version}}') runs ($(docker info -f '{{.Driver}}, cgroup {{.CgroupDriver}}'))"
  fi
  if ! docker compose version >/dev/null 2>&1; then
    say "building the Compose plugin $compose_version from the Go module proxy"
    local gobin
    gobin=$(mktemp -d)
    # -X stamps the version as Compose's own Makefile does (`docker compose version` says "dev"
    # otherwise); -w leaves out the debug information (84 MB → 67).
    GOBIN=$gobin timeout 1200 go install \
      -ldflags "-w -X github.com/docker/compose/v2/internal.Version=$compose_version" \
      "github.com/docker/compose/v2/cmd@$compose_version" ||
      { say "building Compose failed"; rm -rf "$gobin"; return 1; }
    mkdir -p ~/.docker/cli-plugins
    mv "$gobin/cmd" ~/.docker/cli-plugins/docker-compose
    rm -rf "$gobin"
  fi
  say "$(docker compose version)"
}

stop() {
  [ -f "$pidfile" ] || return 0
  local pid
  pid=$(cat "$pidfile")
  rm -f "$pidfile"
  kill -0 "$pid" 2>/dev/null || return 0
  say "stopping the dockerd started here (pid $pid)"
  kill "$pid"
  for _ in $(seq 30); do kill -0 "$pid" 2>/dev/null || return 0; sleep 1; done
  kill -9 "$pid" 2>/dev/null
}

case "${1:-}" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
