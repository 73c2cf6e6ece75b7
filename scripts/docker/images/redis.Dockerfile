# Debian's redis-server (7.0) on the local Debian base, used where redis:7 cannot be pulled.
# Built by scripts/docker/build-local-images.sh.
ARG BASE=site-local/debian:bookworm
FROM ${BASE}
RUN apt-get update \
 && apt-get install -y --no-install-recommends redis-server \
 && rm -rf /var/lib/apt/lists/* \
 && mkdir -p /data && chown redis:redis /data
WORKDIR /data
USER redis
EXPOSE 6379
CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no"]
