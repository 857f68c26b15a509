-- Issue 19: people who follow a game (a DM for each public move), and the index that
-- per-player turn times and server statistics read the action log by.
CREATE TABLE followers (
    game_id       INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    since         REAL    NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
CREATE INDEX followers_by_user ON followers (user_id);
CREATE INDEX games_by_guild ON games (guild_id, status);
