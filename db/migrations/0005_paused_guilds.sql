-- Servers the bot was removed from: their games wait (no moves, no AI, no DMs) until the bot
-- is added back, or are abandoned after the grace period (REMOVED_SERVER_GRACE_SECONDS).
CREATE TABLE paused_guilds (
    guild_id      INTEGER PRIMARY KEY,
    since         REAL    NOT NULL
);

-- The timers of paused games, held out of the timers table; given back (moved on by the
-- length of the pause) when the server returns.
CREATE TABLE held_timers (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    due_at        REAL    NOT NULL,
    PRIMARY KEY (game_id, seat, kind)
);

-- When a periodic job (the membership sweep) last ran, so a restart neither repeats nor skips it.
CREATE TABLE housekeeping (
    job           TEXT    PRIMARY KEY,
    last_at       REAL    NOT NULL
);
