# Our FerretDB 1.24 build (tools/ferretdb, SQLite handler) on the local Debian base: the
# MongoDB-compatible server where mongo cannot be pulled. Built by scripts/docker/build-local-images.sh.
ARG BASE=site-local/debian:bookworm
FROM ${BASE}
COPY ferretdb /usr/local/bin/ferretdb
RUN mkdir -p /data/db && chown 1000:1000 /data/db
VOLUME /data/db
USER 1000:1000
EXPOSE 27017
CMD ["ferretdb", "-listen", "0.0.0.0:27017", "-dir", "/data/db"]
