#!/usr/bin/env bash
# Builds the Kubernetes control plane and kubelet from k8s.io/kubernetes through the Go module
# proxy (issue 34): a throwaway module of ours requires k8s.io/kubernetes and replaces each of its
# staging modules (k8s.io/api, k8s.io/client-go, …; in its own go.mod they point at ./staging)
# with the published version of the same release. Binaries go to .tools/k8s/<version>/ (git-ignored);
# a second run with the binaries present does nothing. Run it with `nice -n 10`: it is CPU heavy.
set -euo pipefail
K8S_VERSION="${K8S_VERSION:-v1.36.3}"
STAGING_VERSION="v0.${K8S_VERSION#v1.}"
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
OUT="$ROOT/.tools/k8s/$K8S_VERSION"
BINARIES=(kube-apiserver kube-controller-manager kube-scheduler kubelet kube-proxy)
missing=0
for b in "${BINARIES[@]}"; do [[ -x "$OUT/$b" ]] || missing=1; done
if [[ $missing == 0 ]]; then echo "k8s $K8S_VERSION binaries present in $OUT"; exit 0; fi

MOD="$ROOT/.tools/k8s/build-$K8S_VERSION"
mkdir -p "$MOD" "$OUT"
cd "$MOD"
export GOFLAGS="-mod=mod -buildvcs=false" CGO_ENABLED=0
[[ -f go.mod ]] || go mod init site.local/k8s-build >/dev/null 2>&1
# The staging modules, read from the release's own go.mod (its `replace … => ./staging/…` lines).
gomod="$(go mod download -json "k8s.io/kubernetes@$K8S_VERSION" | sed -n 's/.*"GoMod": "\(.*\)".*/\1/p')"
mapfile -t staging < <(sed -n 's#^\s*\(k8s.io/[a-z0-9-]*\) => ./staging/.*#\1#p' "$gomod")
echo "k8s.io/kubernetes $K8S_VERSION: ${#staging[@]} staging modules pinned to $STAGING_VERSION"
go mod edit -require="k8s.io/kubernetes@$K8S_VERSION"
for m in "${staging[@]}"; do go mod edit -replace="$m=$m@$STAGING_VERSION"; done
cat > tools.go <<'GO'
//go:build tools

package tools

import (
	_ "k8s.io/kubernetes/cmd/kube-apiserver"
	_ "k8s.io/kubernetes/cmd/kube-controller-manager"
	_ "k8s.io/kubernetes/cmd/kube-scheduler"
	_ "k8s.io/kubernetes/cmd/kubelet"
	_ "k8s.io/kubernetes/cmd/kube-proxy"
)
GO
go mod tidy -e >/dev/null 2>&1 || true
go get "k8s.io/kubernetes@$K8S_VERSION" 2>&1 | tail -3 || true
v=k8s.io/component-base/version
minor="$(cut -d. -f2 <<<"$K8S_VERSION")"
ldflags="-s -w -X $v.gitVersion=$K8S_VERSION -X $v.gitMajor=1 -X $v.gitMinor=$minor -X $v.gitTreeState=clean -X $v.buildDate=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
for b in "${BINARIES[@]}"; do
  [[ -x "$OUT/$b" ]] && continue
  start=$(date +%s)
  go build -tags tools -trimpath -ldflags "$ldflags" -o "$OUT/$b" "k8s.io/kubernetes/cmd/$b"
  echo "built $b in $(($(date +%s) - start)) s ($(du -h "$OUT/$b" | cut -f1))"
done
"$OUT/kube-apiserver" --version
