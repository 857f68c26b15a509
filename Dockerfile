# Isle Host: the Discord bot in a small image. Data (the SQLite file) lives in the /app/data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/app/data/isle.db \
    HEALTH_FILE=/tmp/isle-health \
    HTTP_PORT=8080 \
    HTTP_HOST=0.0.0.0 \
    ISLE_OUT_DIR=/app/data/out \
    ISLE_IN_CONTAINER=1

WORKDIR /app

# Dependencies first, in their own layer: rebuilt only when pyproject.toml changes
# (the project itself is plain files, so installing "." installs just its dependencies).
COPY pyproject.toml README.md ./
RUN pip install . \
    && useradd --create-home --uid 10001 isle \
    && mkdir -p /app/data && chown isle:isle /app/data

# Only what runs (.dockerignore leaves out tests, benchmarks, docs and build leftovers), owned by
# root and read-only for the bot's user: it writes only to /app/data (the database, the offline
# table's games and boards under /app/data/out).
COPY . .
ARG ISLE_RELEASE=""
ENV ISLE_RELEASE=${ISLE_RELEASE}

VOLUME ["/app/data"]

# Healthy while /readyz answers 200: connected to Discord and to the database. /metrics on the same
# port for Prometheus (publish it with "ports: - 127.0.0.1:8080:8080" or scrape it on the compose network).
EXPOSE 8080
HEALTHCHECK --interval=60s --timeout=10s --start-period=120s --retries=3 CMD ["python", "bot.py", "health"]

# The entrypoint starts as root only to make a bind-mounted data folder writable for uid 10001,
# then runs the bot as that user (scripts/container-start). Without DISCORD_TOKEN the bot explains
# what to do once and exits 0, so restart: on-failure does not loop.
STOPSIGNAL SIGTERM
ENTRYPOINT ["scripts/container-start"]
CMD ["python", "bot.py"]
