-- Games, seats, the append-only action log, state snapshots, timers, message ids, user prefs.
CREATE TABLE games (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    game_key      TEXT    NOT NULL,
    guild_id      INTEGER,
    channel_id    INTEGER,
    thread_id     INTEGER,
    creator_id    INTEGER,
    options       TEXT    NOT NULL DEFAULT '{}',
    settings      TEXT    NOT NULL DEFAULT '{}',
    seed          TEXT    NOT NULL,
    status        TEXT    NOT NULL DEFAULT 'lobby'
                  CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
    n_players     INTEGER,
    version       INTEGER NOT NULL DEFAULT 0,
    step_seats    TEXT    NOT NULL DEFAULT '[]',  -- seats to act when the current step began
    result        TEXT,
    created_at    REAL    NOT NULL,
    updated_at    REAL    NOT NULL
);
CREATE INDEX games_by_channel ON games (channel_id, status);
CREATE INDEX games_by_thread  ON games (thread_id);
CREATE INDEX games_by_status  ON games (status);

CREATE TABLE seats (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    user_id       INTEGER,
    display_name  TEXT    NOT NULL,
    is_ai         INTEGER NOT NULL DEFAULT 0,
    away          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_by_user ON seats (user_id);

-- Append-only: a row is never updated or deleted while its game exists.
CREATE TABLE actions (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq           INTEGER NOT NULL,
    seat          INTEGER NOT NULL,
    action        TEXT    NOT NULL,
    by_ai         INTEGER NOT NULL DEFAULT 0,
    at            REAL    NOT NULL,
    PRIMARY KEY (game_id, seq)
);

-- The engine state after `version` actions, with a hash to detect corruption.
CREATE TABLE snapshots (
    game_id       INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    version       INTEGER NOT NULL,
    state         TEXT    NOT NULL,
    state_hash    TEXT    NOT NULL
);

-- Reminders and deadlines of the seats to act ('half', 'soon', 'expire').
CREATE TABLE timers (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    kind          TEXT    NOT NULL CHECK (kind IN ('half', 'soon', 'expire')),
    due_at        REAL    NOT NULL,
    done          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (game_id, seat, kind)
);
CREATE INDEX timers_due ON timers (done, due_at);

-- Messages the adapter edits later (lobby, the live turn panel), by kind.
CREATE TABLE messages (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    kind          TEXT    NOT NULL,
    channel_id    INTEGER NOT NULL,
    message_id    INTEGER NOT NULL,
    PRIMARY KEY (game_id, kind)
);

-- One-time notices already given (e.g. "open your DMs"), so they are said once.
CREATE TABLE notices (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    kind          TEXT    NOT NULL,
    PRIMARY KEY (game_id, user_id, kind)
);

CREATE TABLE user_prefs (
    user_id           INTEGER PRIMARY KEY,
    dm_notifications  INTEGER NOT NULL DEFAULT 1,
    locale            TEXT
);
