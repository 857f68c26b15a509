-- How the player to act hears of their turn (issue 28, one signal per turn): 'mention' (pinged in the
-- game's thread) or 'dm' (a DM with their board, named without a ping in the thread). NULL: not chosen,
-- the server's choice applies (guild_prefs.turn_notice), and where none, 'mention'.
ALTER TABLE user_prefs ADD COLUMN turn_notice TEXT;
ALTER TABLE guild_prefs ADD COLUMN turn_notice TEXT;
