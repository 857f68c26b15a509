"""What the people who run the bot can observe: Prometheus metrics, error reports, JSON logs and
the HTTP endpoint that serves health and metrics.

The bottom layer of the project beside rules/: it imports nothing of it, so cogs, host, db and
the front ends may all record into it. Labels stay bounded (a game key, a route template, a
status class, a level, a kind): never a user, a server or a game id.
"""
