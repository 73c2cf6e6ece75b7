#!/usr/bin/env bash
# The dev overlay's end-to-end run on a single-node cluster of this machine (issue 34), opt-in:
#   scripts/k8s/e2e.sh            cluster up, images built and imported, k8s/test/e2e/run.mjs, down
#   KEEP_CLUSTER=1 scripts/k8s/e2e.sh    leaves the cluster running afterwards
# Every step prints its time. Needs root, Go, a Docker daemon (scripts/docker/engine.sh start) for
# the images, and our images built (docs/operations.md, "A real cluster on this machine").
set -euo pipefail
cd "$(dirname "$0")/../.."
export KUBECONFIG=$PWD/.data/k8s/admin.kubeconfig
start=$SECONDS
timed() { local name=$1 s=$SECONDS; shift; "$@"; echo "[e2e.sh] $name: $((SECONDS - s)) s"; }
cleanup() { [[ ${KEEP_CLUSTER:-} == 1 ]] || scripts/k8s/cluster.sh down; echo "[e2e.sh] total: $((SECONDS - start)) s"; }
trap cleanup EXIT
timed "cluster up" nice -n 10 scripts/k8s/cluster.sh up
timed "images" nice -n 10 scripts/k8s/images.sh
# The project's Node (24, as every npm script): run.mjs imports k8s/test/lib.ts, which Node 20 cannot load.
timed "checks" node_modules/.bin/node k8s/test/e2e/run.mjs
