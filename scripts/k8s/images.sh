#!/usr/bin/env bash
# Images for the single-node cluster (scripts/k8s/cluster.sh), imported into its containerd:
#   - ours from the Docker path (docs/operations.md, "Images"): site/<name>:dev built by
#     scripts/build-images.mjs on site-local/node:24, and site-local/{ferretdb,redis,mail-catcher}
#     from scripts/docker/build-local-images.sh (Docker Hub is unreachable here);
#   - the cluster's own, built from Go modules of the module proxy: the pod sandbox
#     (scripts/k8s/pause, tagged registry.k8s.io/pause:3.10), CoreDNS and metrics-server; and
#     kube-router, whose firewall enforces the NetworkPolicies (run on the node by cluster.sh);
#   - with E2E_KEDA=1, for the keda component: KEDA's operator and metrics adapter (keda-build.sh)
#     and Prometheus, which the ScaledObjects query.
# Needs a Docker daemon (scripts/docker/engine.sh start) and the cluster's containerd running.
#   scripts/k8s/images.sh            build what is missing, import everything
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
K8S_VERSION=${K8S_VERSION:-v1.36.3}
TOOLS=$ROOT/.tools/k8s
SOCK=$ROOT/.data/k8s/run/containerd.sock
COREDNS_VERSION=v1.12.4
METRICS_SERVER_VERSION=v0.9.0
PROMETHEUS_VERSION=v0.316.0 # the Go module's version of Prometheus 3.16
export KEDA_VERSION=v2.21.0
say() { echo "[images] $*"; }
docker info >/dev/null 2>&1 || { say "no Docker daemon answers: scripts/docker/engine.sh start"; exit 1; }
[[ -S $SOCK ]] || { say "the cluster's containerd is not running: scripts/k8s/cluster.sh up"; exit 1; }
export CGO_ENABLED=0 GOFLAGS=-trimpath

# A static binary in an image of its own (FROM scratch: no base image to pull).
scratch_image() { # tag, binary, [extra Dockerfile lines]
  local tag=$1 bin=$2 ctx
  docker image inspect "$tag" >/dev/null 2>&1 && return
  ctx=$(mktemp -d)
  cp "$bin" "$ctx/"
  printf 'FROM scratch\nCOPY %s /%s\n%s\nENTRYPOINT ["/%s"]\n' "$(basename "$bin")" "$(basename "$bin")" "${3:-}" "$(basename "$bin")" >"$ctx/Dockerfile"
  docker build -q -t "$tag" "$ctx" >/dev/null
  rm -rf "$ctx"
  say "built $tag"
}

start=$SECONDS
[[ -x $TOOLS/pause ]] || (cd scripts/k8s/pause && go build -ldflags '-s -w' -o "$TOOLS/pause" .)
[[ -x $TOOLS/coredns ]] || GOBIN=$TOOLS go install -ldflags '-s -w' "github.com/coredns/coredns@$COREDNS_VERSION"
[[ -x $TOOLS/metrics-server ]] ||
  GOBIN=$TOOLS go install -ldflags '-s -w' "sigs.k8s.io/metrics-server/cmd/metrics-server@$METRICS_SERVER_VERSION"
[[ -x $TOOLS/kube-router ]] ||
  GOBIN=$TOOLS go install -ldflags '-s -w' github.com/cloudnativelabs/kube-router/v2/cmd/kube-router@v2.1.0
cluster=(registry.k8s.io/pause:3.10 "site-local/coredns:${COREDNS_VERSION#v}"
  "site-local/metrics-server:${METRICS_SERVER_VERSION#v}")
if [[ ${E2E_KEDA:-} == 1 ]]; then
  [[ -x $TOOLS/prometheus ]] ||
    GOBIN=$TOOLS go install -ldflags '-s -w' "github.com/prometheus/prometheus/cmd/prometheus@$PROMETHEUS_VERSION"
  scripts/k8s/keda-build.sh
  scratch_image "site-local/prometheus:${PROMETHEUS_VERSION#v}" "$TOOLS/prometheus" 'USER 65534:65534'
  scratch_image "site-local/keda:${KEDA_VERSION#v}" "$TOOLS/keda/keda" 'USER 1000:1000'
  scratch_image "site-local/keda-metrics-apiserver:${KEDA_VERSION#v}" "$TOOLS/keda/keda-adapter" 'USER 1000:1000'
  cluster+=("site-local/prometheus:${PROMETHEUS_VERSION#v}" "site-local/keda:${KEDA_VERSION#v}"
    "site-local/keda-metrics-apiserver:${KEDA_VERSION#v}")
fi
scratch_image registry.k8s.io/pause:3.10 "$TOOLS/pause" 'USER 65535:65535'
scratch_image "site-local/coredns:${COREDNS_VERSION#v}" "$TOOLS/coredns"
scratch_image "site-local/metrics-server:${METRICS_SERVER_VERSION#v}" "$TOOLS/metrics-server" 'USER 1000:1000'
# metrics-server's own manifests (manifests/base of its module), on our image; the kubelet's
# serving certificate is signed by the cluster's CA but not for the names metrics-server checks.
ms=$(go mod download -json "sigs.k8s.io/metrics-server@$METRICS_SERVER_VERSION" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')
mkdir -p "$TOOLS/metrics-server-manifests"
cp "$ms"/manifests/base/*.yaml "$TOOLS/metrics-server-manifests/"
chmod u+w "$TOOLS"/metrics-server-manifests/*
cat >"$TOOLS/metrics-server-manifests/kustomization.yaml" <<YAML
resources: [rbac.yaml, service.yaml, deployment.yaml, apiservice.yaml]
labels: [{ pairs: { k8s-app: metrics-server }, includeSelectors: true }]
images: [{ name: gcr.io/k8s-staging-metrics-server/metrics-server, newName: site-local/metrics-server, newTag: '${METRICS_SERVER_VERSION#v}' }]
patches:
  - target: { kind: Deployment, name: metrics-server }
    patch: |-
      - { op: add, path: /spec/template/spec/containers/0/args/-, value: --kubelet-insecure-tls }
      - { op: replace, path: /spec/template/spec/containers/0/imagePullPolicy, value: Never }
YAML
say "cluster images: $((SECONDS - start)) s"

ours=(site/gateway:dev site/web:dev site/auth:dev site/content:dev site/blog:dev site/chat:dev site/contact:dev
  site-local/ferretdb:1.24 site-local/redis:7 site-local/mail-catcher:1)
missing=()
for i in "${ours[@]}"; do docker image inspect "$i" >/dev/null 2>&1 || missing+=("$i"); done
if [[ ${#missing[@]} -gt 0 ]]; then
  say "missing from Docker: ${missing[*]} (scripts/docker/build-local-images.sh, then"
  say "  node scripts/build-images.mjs dev -- --build-arg NODE_IMAGE=site-local/node:24)"
  exit 1
fi
start=$SECONDS
docker save "${cluster[@]}" "${ours[@]}" | ctr --address "$SOCK" -n k8s.io images import - >/dev/null
say "imported ${#ours[@]} + ${#cluster[@]} images into the cluster's containerd: $((SECONDS - start)) s"
