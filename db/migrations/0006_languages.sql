-- A server's chosen language for posts in its game threads (/server language); NULL = follow the
-- server's Discord setting. Each player's DM language is user_prefs.locale (0001).
CREATE TABLE guild_prefs (
    guild_id  INTEGER PRIMARY KEY,
    locale    TEXT
);
