-- My Island campaigns (issue 9): a fixed group of seats playing 24 episodes, one game each,
-- with the carried-over state (rules.my_island.campaign carry JSON) after every episode.
CREATE TABLE campaigns (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    guild_id         INTEGER,
    channel_id       INTEGER,
    game_key         TEXT    NOT NULL DEFAULT 'my_island',
    creator_id       INTEGER,
    status           TEXT    NOT NULL DEFAULT 'forming'
                     CHECK (status IN ('forming', 'running', 'finished', 'abandoned')),
    episode          INTEGER NOT NULL DEFAULT 1,          -- the next episode to play (25 = done)
    carry            TEXT,                                -- the carry JSON, fixed at episode 1
    settings         TEXT    NOT NULL DEFAULT '{}',       -- game settings for every episode
    message_channel_id INTEGER,                           -- the campaign's lobby message
    message_id       INTEGER,
    created_at       REAL    NOT NULL,
    updated_at       REAL    NOT NULL
);
CREATE INDEX campaigns_by_channel ON campaigns (guild_id, channel_id, status);

-- Fixed seats: seat order is the island order of the carry.
CREATE TABLE campaign_players (
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    seat         INTEGER NOT NULL,
    user_id      INTEGER,                                 -- NULL for an AI seat
    name         TEXT    NOT NULL,
    is_ai        INTEGER NOT NULL DEFAULT 0,
    island_name  TEXT,                                    -- chosen before episode 1
    PRIMARY KEY (campaign_id, seat)
);
CREATE INDEX campaign_players_by_user ON campaign_players (user_id);

-- Every game started for an episode (a void one is played again).
CREATE TABLE campaign_episodes (
    campaign_id  INTEGER NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE,
    episode      INTEGER NOT NULL,
    game_id      INTEGER NOT NULL,
    status       TEXT    NOT NULL DEFAULT 'playing'
                 CHECK (status IN ('playing', 'finished', 'void')),
    result       TEXT,                                    -- the game's result JSON
    started_at   REAL    NOT NULL,
    finished_at  REAL,
    PRIMARY KEY (campaign_id, game_id)
);
CREATE INDEX campaign_episodes_by_game ON campaign_episodes (game_id);
