-- Issue 31: a tutorial's row is saved by compare-and-set. Two windows (two processes) that move the same
-- learner's tutorial at the same moment both read version N; the first to store its move makes it N + 1 and
-- the other's UPDATE ... WHERE version = N changes nothing, so it re-reads the winner's table instead of
-- overwriting it (before, the last write won and the first move was lost).
ALTER TABLE tutorials ADD COLUMN version INTEGER NOT NULL DEFAULT 0;
