#!/usr/bin/env bash
# A single-node Kubernetes cluster on this machine (issue 34), from the registries we have:
#   scripts/k8s/cluster.sh up      builds the binaries if missing (build.sh), makes certificates and
#                                  starts etcd, kube-apiserver, kube-controller-manager,
#                                  kube-scheduler, containerd, kubelet, kube-proxy (bridge CNI) and
#                                  kube-router's firewall (NetworkPolicies) when built
#   scripts/k8s/cluster.sh down    stops every process `up` started (by the pids it recorded) and
#                                  removes the pods' containers; state stays in .data/k8s
#   scripts/k8s/cluster.sh reset   down, then deletes .data/k8s (etcd, certificates, containerd)
#   scripts/k8s/cluster.sh status  which of them run
# kubectl: KUBECONFIG=.data/k8s/admin.kubeconfig. etcd, containerd, runc and the CNI plugins are
# Debian's (etcd-server, containerd, runc, containernetworking-plugins; installed when missing).
# Each step prints its time. Needs root. docs/operations.md, "A real cluster on this machine".
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
K8S_VERSION=${K8S_VERSION:-v1.36.3}
BIN=$ROOT/.tools/k8s/$K8S_VERSION
DIR=$ROOT/.data/k8s
PKI=$DIR/pki
LOGS=$DIR/logs
RUN=$DIR/run
NODE=$(hostname)
NODE_IP=${NODE_IP:-$(ip -4 route get 1.1.1.1 2>/dev/null | sed -n 's/.* src \([0-9.]*\).*/\1/p')}
SERVICE_CIDR=10.96.0.0/16
POD_CIDR=10.244.0.0/24
export KUBECONFIG=$DIR/admin.kubeconfig
say() { echo "[cluster] $*"; }
step() { # name, command...: runs it and prints how long it took
  local name=$1 start=$SECONDS
  shift
  "$@"
  say "$name: $((SECONDS - start)) s"
}

packages() {
  local missing=()
  command -v etcd >/dev/null || missing+=(etcd-server)
  command -v containerd >/dev/null || missing+=(containerd)
  command -v runc >/dev/null || missing+=(runc)
  [[ -x /usr/lib/cni/bridge ]] || missing+=(containernetworking-plugins)
  command -v conntrack >/dev/null || missing+=(conntrack)
  command -v iptables >/dev/null || missing+=(iptables)
  [[ ${#missing[@]} == 0 ]] && return
  say "installing ${missing[*]} (Debian)"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
}

cert() { # name, subject, [extensions for the CSR]: a key and a certificate signed by the cluster CA
  local name=$1 subj=$2 ext=${3:-}
  [[ -f $PKI/$name.crt ]] && return
  openssl genrsa -out "$PKI/$name.key" 2048 2>/dev/null
  openssl req -new -key "$PKI/$name.key" -subj "$subj" -out "$PKI/$name.csr" 2>/dev/null
  local extfile=$PKI/$name.ext
  printf 'basicConstraints=CA:FALSE\nkeyUsage=digitalSignature,keyEncipherment\nextendedKeyUsage=serverAuth,clientAuth\n%s\n' "$ext" >"$extfile"
  openssl x509 -req -in "$PKI/$name.csr" -CA "$PKI/${CA:-ca}.crt" -CAkey "$PKI/${CA:-ca}.key" -CAcreateserial \
    -days 365 -extfile "$extfile" -out "$PKI/$name.crt" 2>/dev/null
}

kubeconfig() { # name, certificate
  local file=$DIR/$1.kubeconfig
  [[ -f $file ]] && return
  cat >"$file" <<YAML
apiVersion: v1
kind: Config
clusters:
  - name: local
    cluster: { certificate-authority: $PKI/ca.crt, server: 'https://$NODE_IP:6443' }
users:
  - name: $1
    user: { client-certificate: $PKI/$2.crt, client-key: $PKI/$2.key }
contexts:
  - name: local
    context: { cluster: local, user: $1 }
current-context: local
YAML
}

pki() {
  mkdir -p "$PKI"
  for ca in ca front-proxy-ca; do
    [[ -f $PKI/$ca.crt ]] && continue
    openssl req -x509 -newkey rsa:2048 -nodes -keyout "$PKI/$ca.key" -out "$PKI/$ca.crt" -days 365 \
      -subj "/CN=site-local-$ca" 2>/dev/null
  done
  cert apiserver /CN=kube-apiserver \
    "subjectAltName=IP:$NODE_IP,IP:127.0.0.1,IP:10.96.0.1,DNS:kubernetes,DNS:kubernetes.default,DNS:kubernetes.default.svc,DNS:kubernetes.default.svc.cluster.local,DNS:$NODE"
  cert admin /O=system:masters/CN=admin
  cert apiserver-kubelet-client /O=system:masters/CN=kube-apiserver-kubelet-client
  cert controller-manager /CN=system:kube-controller-manager
  cert scheduler /CN=system:kube-scheduler
  cert kubelet "/O=system:nodes/CN=system:node:$NODE" "subjectAltName=IP:$NODE_IP,DNS:$NODE"
  cert kube-proxy /CN=system:kube-proxy
  CA=front-proxy-ca cert front-proxy-client /CN=front-proxy-client
  [[ -f $PKI/sa.key ]] || openssl genrsa -out "$PKI/sa.key" 2048 2>/dev/null
  openssl rsa -in "$PKI/sa.key" -pubout -out "$PKI/sa.pub" 2>/dev/null
  kubeconfig admin admin
  kubeconfig controller-manager controller-manager
  kubeconfig scheduler scheduler
  kubeconfig kubelet kubelet
  kubeconfig kube-proxy kube-proxy
}

start() { # name, command...: in the background, log and pid recorded
  local name=$1
  shift
  if [[ -f $RUN/$name.pid ]] && kill -0 "$(cat "$RUN/$name.pid")" 2>/dev/null; then return; fi
  "$@" >>"$LOGS/$name.log" 2>&1 &
  echo $! >"$RUN/$name.pid"
}
wait_for() { # what, seconds, command...
  local what=$1 limit=$2
  shift 2
  for _ in $(seq "$limit"); do "$@" >/dev/null 2>&1 && return 0; sleep 1; done
  say "$what did not come up within $limit s; its log: $LOGS/$what.log"
  tail -5 "$LOGS/$what.log"
  return 1
}

control_plane() {
  start etcd etcd --name local --data-dir "$DIR/etcd" --listen-client-urls http://127.0.0.1:2379 \
    --advertise-client-urls http://127.0.0.1:2379 --listen-peer-urls http://127.0.0.1:2380
  wait_for etcd 30 curl -sf http://127.0.0.1:2379/health
  start kube-apiserver "$BIN/kube-apiserver" --advertise-address="$NODE_IP" --bind-address=0.0.0.0 \
    --secure-port=6443 --etcd-servers=http://127.0.0.1:2379 --service-cluster-ip-range=$SERVICE_CIDR \
    --authorization-mode=Node,RBAC --enable-admission-plugins=NodeRestriction --allow-privileged=true \
    --client-ca-file="$PKI/ca.crt" --tls-cert-file="$PKI/apiserver.crt" --tls-private-key-file="$PKI/apiserver.key" \
    --kubelet-client-certificate="$PKI/apiserver-kubelet-client.crt" \
    --kubelet-client-key="$PKI/apiserver-kubelet-client.key" --kubelet-certificate-authority="$PKI/ca.crt" \
    --service-account-key-file="$PKI/sa.pub" --service-account-signing-key-file="$PKI/sa.key" \
    --service-account-issuer=https://kubernetes.default.svc.cluster.local \
    --requestheader-client-ca-file="$PKI/front-proxy-ca.crt" --requestheader-allowed-names=front-proxy-client \
    --requestheader-extra-headers-prefix=X-Remote-Extra- --requestheader-group-headers=X-Remote-Group \
    --requestheader-username-headers=X-Remote-User --proxy-client-cert-file="$PKI/front-proxy-client.crt" \
    --proxy-client-key-file="$PKI/front-proxy-client.key" --enable-aggregator-routing=true
  wait_for kube-apiserver 120 kubectl get --raw /readyz
  start kube-controller-manager "$BIN/kube-controller-manager" --kubeconfig="$DIR/controller-manager.kubeconfig" \
    --authentication-kubeconfig="$DIR/controller-manager.kubeconfig" \
    --authorization-kubeconfig="$DIR/controller-manager.kubeconfig" \
    --service-account-private-key-file="$PKI/sa.key" --root-ca-file="$PKI/ca.crt" \
    --cluster-signing-cert-file="$PKI/ca.crt" --cluster-signing-key-file="$PKI/ca.key" \
    --use-service-account-credentials=true --allocate-node-cidrs=true --cluster-cidr=10.244.0.0/16 \
    --node-cidr-mask-size=24 --service-cluster-ip-range=$SERVICE_CIDR --leader-elect=false \
    --horizontal-pod-autoscaler-sync-period=5s
  start kube-scheduler "$BIN/kube-scheduler" --kubeconfig="$DIR/scheduler.kubeconfig" \
    --authentication-kubeconfig="$DIR/scheduler.kubeconfig" --authorization-kubeconfig="$DIR/scheduler.kubeconfig" \
    --leader-elect=false
  wait_for kube-controller-manager 60 curl -sk https://127.0.0.1:10257/healthz
  wait_for kube-scheduler 60 curl -sk https://127.0.0.1:10259/healthz
}

cri_ready() {
  ctr --address "$RUN/containerd.sock" plugins ls 2>/dev/null | grep -E 'io\.containerd\.grpc\.v1 +cri +[^ ]+ +ok' >/dev/null
}
# The node Ready as the kubelet running now reports it (a Node object of an earlier run is not enough).
node_ready() {
  kill -0 "$(cat "$RUN/kubelet.pid")" 2>/dev/null &&
    [[ $(kubectl get node "$NODE" -o jsonpath='{.status.conditions[?(@.type=="Ready")].status}') == True ]]
}

node_parts() {
  mkdir -p "$DIR/containerd" /etc/cni/net.d
  # Containerd of its own (socket, state and images under .data/k8s), CNI from Debian's plugins,
  # cgroupfs as the kubelet (this machine has cgroup v1), the sandbox image imported locally.
  cat >"$DIR/containerd/config.toml" <<TOML
version = 2
root = "$DIR/containerd/root"
state = "$DIR/containerd/state"
[grpc]
  address = "$RUN/containerd.sock"
[plugins."io.containerd.grpc.v1.cri"]
  sandbox_image = "registry.k8s.io/pause:3.10"
  # This machine's root may not lower a process's oom_score_adj (runc: "failed to update
  # /proc/self/oom_score_adj: Permission denied" for the sandbox's -998): keep containerd's floor.
  restrict_oom_score_adj = true
  [plugins."io.containerd.grpc.v1.cri".cni]
    bin_dir = "/usr/lib/cni"
    conf_dir = "/etc/cni/net.d"
  [plugins."io.containerd.grpc.v1.cri".containerd.runtimes.runc]
    runtime_type = "io.containerd.runc.v2"
TOML
  cat >/etc/cni/net.d/10-site-bridge.conflist <<JSON
{ "cniVersion": "0.4.0", "name": "site-pods", "plugins": [
  { "type": "bridge", "bridge": "cni0", "isGateway": true, "ipMasq": true, "hairpinMode": true,
    "ipam": { "type": "host-local", "ranges": [[{ "subnet": "$POD_CIDR" }]], "routes": [{ "dst": "0.0.0.0/0" }] } },
  { "type": "portmap", "capabilities": { "portMappings": true } } ] }
JSON
  cat >/etc/cni/net.d/99-loopback.conf <<JSON
{ "cniVersion": "0.4.0", "name": "lo", "type": "loopback" }
JSON
  start containerd containerd --config "$DIR/containerd/config.toml"
  # Its CRI plugin answers later than its API: a kubelet started before exits ("server is not
  # initialized yet").
  wait_for containerd 60 cri_ready
  modprobe br_netfilter 2>/dev/null || true
  sysctl -qw net.ipv4.ip_forward=1 net.bridge.bridge-nf-call-iptables=1 2>/dev/null || true
  cat >"$DIR/kubelet.yaml" <<YAML
apiVersion: kubelet.config.k8s.io/v1beta1
kind: KubeletConfiguration
authentication:
  x509: { clientCAFile: $PKI/ca.crt }
  webhook: { enabled: true }
  anonymous: { enabled: false }
authorization: { mode: Webhook }
tlsCertFile: $PKI/kubelet.crt
tlsPrivateKeyFile: $PKI/kubelet.key
containerRuntimeEndpoint: unix://$RUN/containerd.sock
cgroupDriver: cgroupfs
failCgroupV1: false
failSwapOn: false
clusterDNS: [10.96.0.10]
clusterDomain: cluster.local
podCIDR: $POD_CIDR
maxPods: 60
serializeImagePulls: false
imageGCHighThresholdPercent: 95
evictionHard: { memory.available: 200Mi, nodefs.available: 2%, imagefs.available: 2% }
YAML
  # containerd lists its CRI plugin as ok a moment before the CRI server answers; a kubelet started
  # in between exits ("server is not initialized yet"): start it again, a few times.
  for _ in 1 2 3 4 5; do
    start kubelet "$BIN/kubelet" --config="$DIR/kubelet.yaml" --kubeconfig="$DIR/kubelet.kubeconfig" \
      --hostname-override="$NODE" --node-ip="$NODE_IP" --root-dir="$DIR/kubelet"
    sleep 5
    kill -0 "$(cat "$RUN/kubelet.pid")" 2>/dev/null && break
  done
  start kube-proxy "$BIN/kube-proxy" --kubeconfig="$DIR/kube-proxy.kubeconfig" --cluster-cidr=10.244.0.0/16 \
    --hostname-override="$NODE" --proxy-mode=iptables
  wait_for kubelet 120 node_ready
  # NetworkPolicies need an enforcer; the bridge plugin has none. kube-router's firewall alone
  # (built from its Go module: images.sh) turns them into iptables and ipset rules.
  if [[ -x $ROOT/.tools/k8s/kube-router ]]; then
    command -v ipset >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ipset >/dev/null
    start kube-router "$ROOT/.tools/k8s/kube-router" --kubeconfig="$DIR/admin.kubeconfig" --run-firewall=true \
      --run-router=false --run-service-proxy=false --hostname-override="$NODE" --health-port=20244
  else
    say "kube-router not built: NetworkPolicies are stored but not enforced (scripts/k8s/images.sh builds it)"
  fi
}

up() {
  [[ $(id -u) == 0 ]] || { say "needs root"; exit 1; }
  mkdir -p "$LOGS" "$RUN"
  step "binaries ($K8S_VERSION)" "$ROOT/scripts/k8s/build.sh"
  export PATH=$BIN:$PATH
  step packages packages
  step certificates pki
  step "control plane (etcd, apiserver, controller-manager, scheduler)" control_plane
  step "node (containerd, kubelet, kube-proxy)" node_parts
  say "up: KUBECONFIG=$KUBECONFIG kubectl get nodes"
}

down() {
  for name in kube-router kube-proxy kubelet kube-scheduler kube-controller-manager kube-apiserver etcd; do
    stop "$name"
  done
  # The pods' containers and shims outlive the kubelet: end them through containerd, then it.
  if [[ -S $RUN/containerd.sock ]]; then
    for id in $(ctr --address "$RUN/containerd.sock" -n k8s.io tasks ls -q 2>/dev/null); do
      ctr --address "$RUN/containerd.sock" -n k8s.io tasks kill -s SIGKILL "$id" >/dev/null 2>&1 || true
    done
    sleep 2
  fi
  stop containerd
  pkill_shims
  # kube-proxy's and kube-router's rules and sets (table by table: a whole dump restored at once
  # fails on the sets its rules name), and the pods' bridge.
  for table in filter nat mangle raw; do
    iptables-save -t "$table" 2>/dev/null | grep -v -- KUBE- | iptables-restore -T "$table" 2>/dev/null || true
  done
  for set in $(ipset list -n 2>/dev/null | grep '^KUBE-'); do ipset destroy "$set" 2>/dev/null || true; done
  ip link del cni0 2>/dev/null || true
  # Addresses of pods whose containers were killed above, never released through the CNI plugin.
  rm -rf /var/lib/cni/networks/site-pods
  grep " $DIR/" /proc/mounts | awk '{print $2}' | sort -r | xargs -r umount -l 2>/dev/null || true
  say down
}

stop() {
  local pidfile=$RUN/$1.pid
  [[ -f $pidfile ]] || return 0
  local pid
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    kill -9 "$pid" 2>/dev/null || true
    say "stopped $1"
  fi
  rm -f "$pidfile"
}

pkill_shims() { # the containerd-shim processes of our containerd (their command line names its socket)
  for pid in $(pgrep -f "containerd-shim-runc-v2 .*-address $RUN/containerd.sock" || true); do
    kill "$pid" 2>/dev/null || true
  done
}

status() {
  for name in etcd kube-apiserver kube-controller-manager kube-scheduler containerd kubelet kube-proxy kube-router; do
    if [[ -f $RUN/$name.pid ]] && kill -0 "$(cat "$RUN/$name.pid")" 2>/dev/null; then
      say "$name runs (pid $(cat "$RUN/$name.pid"))"
    else
      say "$name: not running"
    fi
  done
}

case ${1:-} in
  up) up ;;
  down) down ;;
  reset) down; rm -rf "$DIR"; say "removed $DIR" ;;
  status) status ;;
  *) echo "usage: $0 up|down|reset|status" >&2; exit 2 ;;
esac
