-- Tournaments (issue 11): the tournament, its entrants, its tables round by round,
-- every finished game's results per player, and ratings per server and game.
CREATE TABLE tournaments (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id           INTEGER,
    channel_id         INTEGER,
    game_key           TEXT    NOT NULL,
    name               TEXT    NOT NULL,
    config             TEXT    NOT NULL,              -- formats.Config as JSON, declared up front
    seed               TEXT    NOT NULL,
    status             TEXT    NOT NULL DEFAULT 'signup'
                       CHECK (status IN ('signup', 'running', 'finished', 'cancelled')),
    round              INTEGER NOT NULL DEFAULT 0,      -- the round being played (0 before start)
    seeds              TEXT    NOT NULL DEFAULT '[]',   -- user ids in seed order, fixed at start
    schedule           TEXT,                            -- round robin: every round, fixed at start
    creator_id         INTEGER,
    signup_channel_id  INTEGER,
    signup_message_id  INTEGER,
    created_at         REAL    NOT NULL,
    updated_at         REAL    NOT NULL
);
CREATE INDEX tournaments_by_guild ON tournaments (guild_id, status);

CREATE TABLE tournament_players (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id        INTEGER NOT NULL,
    name           TEXT    NOT NULL,
    signup_order   INTEGER NOT NULL,
    is_ai          INTEGER NOT NULL DEFAULT 0,
    dropped_round  INTEGER,                              -- NULL while still in
    PRIMARY KEY (tournament_id, user_id)
);
CREATE INDEX tournament_players_by_user ON tournament_players (user_id);

-- One row per table and per bye of a round; a table's game is created by the host.
CREATE TABLE tournament_tables (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round          INTEGER NOT NULL,
    table_no       INTEGER NOT NULL,
    players        TEXT    NOT NULL,                     -- user ids in seat order
    game_id        INTEGER REFERENCES games (id) ON DELETE SET NULL,
    status         TEXT    NOT NULL DEFAULT 'pending'
                   CHECK (status IN ('pending', 'playing', 'finished', 'void', 'bye')),
    result         TEXT,                                 -- {"ranks": [..], "scores": [..]} in seat order
    reported_by    INTEGER,
    PRIMARY KEY (tournament_id, round, table_no)
);
CREATE INDEX tournament_tables_by_game ON tournament_tables (game_id);

-- Every finished game once per human seat: profiles, recent results, idempotent rating.
CREATE TABLE game_results (
    game_id        INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    guild_id       INTEGER NOT NULL DEFAULT 0,
    game_key       TEXT    NOT NULL,
    name           TEXT    NOT NULL,
    rank           INTEGER NOT NULL,
    n_players      INTEGER NOT NULL,
    score          REAL    NOT NULL DEFAULT 0,
    won            INTEGER NOT NULL DEFAULT 0,
    rated          INTEGER NOT NULL DEFAULT 0,
    rating_before  REAL,
    rating_after   REAL,
    tournament_id  INTEGER,
    finished_at    REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX game_results_by_user ON game_results (user_id, guild_id, finished_at);

CREATE TABLE ratings (
    guild_id    INTEGER NOT NULL DEFAULT 0,
    game_key    TEXT    NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    mu          REAL    NOT NULL,
    sigma       REAL    NOT NULL,
    ordinal     REAL    NOT NULL,                        -- mu - 3 sigma, what people see
    games       INTEGER NOT NULL DEFAULT 0,
    wins        INTEGER NOT NULL DEFAULT 0,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, game_key, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game_key, ordinal);
