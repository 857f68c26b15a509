-- Store integrity and lookups that stay flat as games pile up (issue 15).

-- A game whose stored rows cannot be read or replayed is marked broken (what is damaged;
-- NULL for a sound game), so it is reported once and refused clearly.
ALTER TABLE games ADD COLUMN broken TEXT;

-- Ended games whose thread is still to be archived: the 30 s tick reads only these (a
-- partial index), not every finished game. Replaces the 'thread archived' notices.
ALTER TABLE games ADD COLUMN thread_archived INTEGER NOT NULL DEFAULT 0;
UPDATE games SET thread_archived = 1
    WHERE id IN (SELECT game_id FROM notices WHERE user_id = 0 AND kind = 'thread archived');
CREATE INDEX games_threads_to_archive ON games (updated_at)
    WHERE thread_archived = 0 AND thread_id IS NOT NULL AND status IN ('finished', 'abandoned');

-- The game of a thread, and the open game of a channel without threads.
CREATE INDEX games_by_thread_open ON games (thread_id, status, updated_at);
CREATE INDEX games_by_channel_open ON games (channel_id, thread_id, status, updated_at);
