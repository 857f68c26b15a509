-- Store integrity (issue 15): a game whose stored rows cannot be read or replayed is marked
-- broken (what is damaged; NULL for a sound game), so it is reported once and refused clearly.
ALTER TABLE games ADD COLUMN broken TEXT;
