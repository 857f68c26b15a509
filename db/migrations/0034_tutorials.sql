-- Issue 31: a /learn tutorial survives a restart. One row per learner (a learner plays one tutorial at a
-- time): which tutorial (its game), the learner's name at the table, the learner's moves so far (JSON list:
-- the table is rebuilt by replaying them from the tutorial's prepared position, the AI seats being
-- deterministic), the script's step and the engine's dump of the state reached (JSON: a check that the
-- replay arrived where the learner was). Never a game row: not a lobby, not rated, not in stats.
CREATE TABLE tutorials (
    user_id       INTEGER PRIMARY KEY,
    game          TEXT NOT NULL,
    learner_name  TEXT NOT NULL,
    actions       TEXT NOT NULL,
    step          INTEGER NOT NULL,
    decisions     INTEGER NOT NULL,
    state         TEXT NOT NULL,
    updated_at    REAL NOT NULL
);
