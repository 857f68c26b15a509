-- Clocks (issue 18): each seat's running turn and time bank, each player's playing hours and
-- vacation, and the level of an AI seat.
CREATE TABLE seat_clocks (
    game_id     INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat        INTEGER NOT NULL,
    bank        REAL,             -- seconds left in a time bank (NULL: the game's initial bank)
    turn_start  REAL,             -- when the running turn was last (re)based, NULL when not to act
    used        REAL    NOT NULL DEFAULT 0,  -- active seconds of this turn used before turn_start
    total       REAL,             -- active seconds this turn may take
    PRIMARY KEY (game_id, seat)
);

CREATE TABLE player_clocks (
    user_id         INTEGER PRIMARY KEY,
    timezone        TEXT,
    hours_start     INTEGER,      -- minutes after local midnight, NULL for no playing hours
    hours_end       INTEGER,
    vacation_from   REAL,
    vacation_until  REAL,
    vacation_year   INTEGER,
    vacation_used   INTEGER NOT NULL DEFAULT 0
);

ALTER TABLE seats ADD COLUMN ai_level TEXT;
