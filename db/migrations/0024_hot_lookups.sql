-- Issue 21: every lookup on a move or a timer tick uses an index, flat however many games
-- are stored. A game's timers (read when a deadline fires and when a move sets new ones)
-- were found through timers_due (done, due_at): every pending timer of every game.
CREATE INDEX timers_by_game ON timers (game_id, done, due_at);
