# Node 24 on the local Debian base, laid out as the official node:24-slim (node and npm in
# /usr/local, a `node` user with uid 1000). Built by scripts/docker/build-local-images.sh.
ARG BASE=site-local/debian:bookworm
FROM ${BASE}
COPY rootfs/ /
# The build machine's locally added CAs (unset when it has none), for npm behind a TLS-inspecting proxy.
ARG EXTRA_CA=
ENV NODE_EXTRA_CA_CERTS=${EXTRA_CA}
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node \
 && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && node --version && npm --version
CMD ["node"]
