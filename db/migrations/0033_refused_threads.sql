-- Issue 29: a game whose thread refused the bot's last post (a permission taken away mid-game)
-- is recorded on the game, so every process (and a restart, or a process that missed a change)
-- knows it, and the players are told once, by whichever process saw the refusal first.
ALTER TABLE games ADD COLUMN thread_refused INTEGER NOT NULL DEFAULT 0;
CREATE INDEX games_thread_refused ON games (thread_refused) WHERE thread_refused = 1;
