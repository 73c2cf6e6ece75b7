#!/bin/sh
# Entry point of every image (after tini): sizes V8's heap from the container's memory limit.
# The manifests set MEMORY_LIMIT_MB from the downward API (resources.limits.memory, in MiB). The
# heap (young + old generation) gets 75 % of it; the rest is for code, buffers and sockets. Near
# the limit the process then collects garbage harder instead of being OOM-killed. Same formula as
# heapFlags() in scripts/lib/processes.mjs (docs/operations.md, "Memory").
# `node-heap node dist/server.js` runs `node --max-semi-space-size=S --max-old-space-size=O
# dist/server.js`; without MEMORY_LIMIT_MB, or for any other command (a shell), it runs as given.
# Not --optimize-for-size: about 7 MB less per idle process, but 15-20 % more CPU per cold page.
if [ "$1" = node ] && [ -n "$MEMORY_LIMIT_MB" ]; then
  shift
  # Young generation: three semi-spaces of limit/128 MiB (1..16), small: an idle service keeps
  # little young garbage resident; the old generation gets the rest.
  semi=$((MEMORY_LIMIT_MB / 128))
  [ "$semi" -lt 1 ] && semi=1
  [ "$semi" -gt 16 ] && semi=16
  exec node --max-semi-space-size=$semi --max-old-space-size=$((MEMORY_LIMIT_MB * 3 / 4 - 3 * semi)) "$@"
fi
exec "$@"
