-- Issue 29: the process that runs a server's shard records the server's Discord language
-- (its preferred locale), so a process without that server in its cache (shard 0 answers
-- every DM click) speaks it too. NULL: not seen yet.
ALTER TABLE guild_prefs ADD COLUMN discord_locale TEXT;
