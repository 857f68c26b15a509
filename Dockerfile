# Isle Host: the Discord bot in a small image. Data (the SQLite file) lives in the /app/data volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    DATABASE_PATH=/app/data/isle.db

WORKDIR /app

# Dependencies first, in their own layer: rebuilt only when pyproject.toml changes
# (the project itself is plain files, so installing "." installs just its dependencies).
COPY pyproject.toml README.md ./
RUN pip install . \
    && useradd --create-home --uid 10001 isle \
    && mkdir -p /app/data && chown isle:isle /app/data

COPY --chown=isle:isle . .

USER isle
VOLUME ["/app/data"]

# discord.py closes cleanly on SIGTERM (docker stop); see cogs/app.py.
STOPSIGNAL SIGTERM
CMD ["python", "bot.py"]
