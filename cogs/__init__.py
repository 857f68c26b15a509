"""The Discord adapter: slash commands, buttons and selects, DMs and messages.

Handlers acknowledge the interaction, delegate to ``host`` and present the result; no
rules, SQL or drawing live here. ``cogs.app`` builds the bot and loads every module of
this package that defines ``async def setup(bot)``.
"""
