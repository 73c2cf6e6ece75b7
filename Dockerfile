# One image recipe for the gateway and every service (their workers run from the service's image
# with the command `node dist/worker.js`; the auth image also runs the admin seed, `node dist/seed.js`).
# The web server has its own (web/Dockerfile): the server and the React app are one Vite bundle.
# Build from the repository root (the npm workspaces need the root lockfile), naming the workspace
# and its port from services.json:
#   docker build --build-arg WORKSPACE=services/auth --build-arg PORT=3001 -t site/auth .
#   docker build --build-arg WORKSPACE=gateway --build-arg PORT=8080 -t site/gateway .
# NODE_IMAGE: the base image (e.g. one in a local registry).
# No `# syntax=` line: it would pull the Dockerfile frontend from Docker Hub; the engine's own
# BuildKit knows RUN --mount and COPY --chmod.
ARG NODE_IMAGE=node:24-slim

# --- build: the dependencies of this workspace and the two packages it builds on, plus TypeScript
# and Node's types from the root, then tsc -b --------------------------------------------------------
FROM ${NODE_IMAGE} AS build
ARG WORKSPACE
RUN test -n "$WORKSPACE" || { echo 'set --build-arg WORKSPACE=gateway or services/<name>' >&2; exit 1; }
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY ${WORKSPACE}/package.json ${WORKSPACE}/
# The root's devDependencies are the whole toolbox (lint, tests, benchmarks, Lighthouse); building
# needs two of them. Both manifests keep just those, so npm ci installs them at their locked versions.
COPY scripts/docker/root-dev-deps.mjs /tmp/
RUN node /tmp/root-dev-deps.mjs typescript @types/node
# --ignore-scripts: the native modules used here ship prebuilt binaries (argon2 prebuilds, sharp's
# @img packages); nothing is compiled at install.
RUN --mount=type=cache,target=/root/.npm \
    npm ci -w packages/contracts -w packages/service-kit -w ${WORKSPACE} --include-workspace-root \
      --ignore-scripts --no-audit --no-fund
COPY tsconfig.base.json services.json ./
COPY packages/contracts/ packages/contracts/
COPY packages/service-kit/ packages/service-kit/
COPY ${WORKSPACE}/ ${WORKSPACE}/
RUN node_modules/.bin/tsc -b ${WORKSPACE}

# --- deps: production dependencies of this workspace only (no root devDependencies: no bench tools) -
FROM ${NODE_IMAGE} AS deps
ARG WORKSPACE
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/service-kit/package.json packages/service-kit/
COPY ${WORKSPACE}/package.json ${WORKSPACE}/
RUN --mount=type=cache,target=/root/.npm \
    npm ci -w ${WORKSPACE} --omit=dev --ignore-scripts --no-audit --no-fund

# --- runtime: node, tini, production node_modules and compiled JavaScript; no compiler, no sources -
FROM ${NODE_IMAGE} AS runtime
ARG WORKSPACE
ARG PORT
RUN test -n "$PORT" || { echo 'set --build-arg PORT (the port in services.json)' >&2; exit 1; }
# tini as PID 1: forwards SIGTERM to node (which drains, see SHUTDOWN_TIMEOUT_MS) and reaps zombies.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
# MALLOC_ARENA_MAX: two glibc malloc arenas instead of up to 8 per core (less memory kept
# resident by threads; see scripts/lib/processes.mjs).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=${PORT} \
    MALLOC_ARENA_MAX=2
WORKDIR /app
COPY --from=deps /app/ ./
# The registry: the gateway's default upstream ports and routes come from it.
COPY services.json ./
COPY --from=build /app/packages/contracts/dist/ packages/contracts/dist/
COPY --from=build /app/packages/service-kit/dist/ packages/service-kit/dist/
COPY --from=build /app/${WORKSPACE}/dist/ ${WORKSPACE}/dist/
# `npm run backup` / `restore` (scripts/backup.mjs and what it imports; the MongoDB and Redis clients
# are in every image's node_modules): the backup component's CronJob runs it (docs/operations.md).
COPY scripts/backup.mjs scripts/restore.mjs scripts/
COPY scripts/lib/infra.mjs scripts/lib/containers.mjs scripts/lib/stack-file.mjs scripts/lib/
COPY scripts/lib/backup/ scripts/lib/backup/
WORKDIR /app/${WORKSPACE}
# The image's `node` user, by number so Kubernetes' runAsNonRoot can verify it. Files stay root-owned
# (read-only for the process); the root filesystem can be mounted read-only.
USER 1000:1000
EXPOSE ${PORT}
# node-heap sizes the heap from MEMORY_LIMIT_MB (the container's memory limit, set by the manifests).
COPY --chmod=755 scripts/docker/node-heap.sh /usr/local/bin/node-heap
ENTRYPOINT ["/usr/bin/tini", "--", "/usr/local/bin/node-heap"]
CMD ["node", "dist/server.js"]
