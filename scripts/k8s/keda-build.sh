#!/usr/bin/env bash
# KEDA's operator and metrics adapter from the Go module proxy, for the keda component (issue 34),
# and KEDA's own manifests (config/minimal of its module: CRDs, RBAC, operator, metrics API server;
# no admission webhooks) on those images. Called by images.sh; a second run with the binaries
# present only writes the manifests again.
# `go install github.com/kedacore/keda/v2/cmd/operator@v2.21.0` is refused ("The go.mod file for
# the module providing named packages contains one or more replace directives"): as build.sh does
# for Kubernetes, a throwaway module of ours requires KEDA and repeats its go.mod's replace and
# exclude lines, read from that go.mod.
set -euo pipefail
KEDA_VERSION=${KEDA_VERSION:-v2.21.0}
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT=$ROOT/.tools/k8s/keda
MOD=$ROOT/.tools/k8s/keda-build-$KEDA_VERSION
mkdir -p "$OUT" "$MOD"
cd "$MOD"
export GOFLAGS="-mod=mod -buildvcs=false" CGO_ENABLED=0
src=$(go mod download -json "github.com/kedacore/keda/v2@$KEDA_VERSION" | sed -n 's/.*"Dir": "\(.*\)".*/\1/p')

if [[ ! -x $OUT/keda || ! -x $OUT/keda-adapter ]]; then
  [[ -f go.mod ]] || go mod init site.local/keda-build >/dev/null 2>&1
  go mod edit -require="github.com/kedacore/keda/v2@$KEDA_VERSION"
  # KEDA's single-line replace and exclude directives (`replace a v => b v`, `exclude m v`).
  while read -r from fromv _ to tov; do
    go mod edit -replace="$from@$fromv=$to@$tov"
  done < <(grep -E '^replace [^ (]+ v[^ ]+ => [^ ]+ v' "$src/go.mod" | cut -d' ' -f2-)
  while read -r m v; do go mod edit -exclude="$m@$v"; done < <(grep -E '^exclude [^ (]' "$src/go.mod" | cut -d' ' -f2-)
  cat >tools.go <<'GO'
//go:build tools

package tools

import (
	_ "github.com/kedacore/keda/v2/cmd/adapter"
	_ "github.com/kedacore/keda/v2/cmd/operator"
)
GO
  go mod tidy -e >/dev/null 2>&1 || true
  v=github.com/kedacore/keda/v2/version
  for b in operator:keda adapter:keda-adapter; do
    start=$(date +%s)
    go build -tags tools -trimpath -ldflags "-s -w -X $v.Version=${KEDA_VERSION#v}" -o "$OUT/${b#*:}" \
      "github.com/kedacore/keda/v2/cmd/${b%%:*}"
    echo "[keda] built ${b#*:} in $(($(date +%s) - start)) s ($(du -h "$OUT/${b#*:}" | cut -f1))"
  done
fi

# The manifests: KEDA's config/ as released, our images (imported, never pulled).
man=$ROOT/.tools/k8s/keda-manifests
rm -rf "$man"
mkdir -p "$man"
cp -r "$src/config" "$man/config"
chmod -R u+w "$man"
cat >"$man/kustomization.yaml" <<YAML
resources: [config/minimal]
images:
  - { name: ghcr.io/kedacore/keda, newName: site-local/keda, newTag: '${KEDA_VERSION#v}' }
  - { name: ghcr.io/kedacore/keda-metrics-apiserver, newName: site-local/keda-metrics-apiserver, newTag: '${KEDA_VERSION#v}' }
patches:
  - target: { kind: Deployment }
    patch: |-
      - { op: replace, path: /spec/template/spec/containers/0/imagePullPolicy, value: Never }
YAML
echo "[keda] $KEDA_VERSION: binaries in $OUT, manifests in $man"
