"""Slash commands in the user's Discord language: descriptions, parameter help and choice names
come from the same gettext catalogs as every other string (``locales/<lang>``).

Command and parameter names stay English, so ``/game new`` is the same command for everyone.
"""

from __future__ import annotations

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from host.i18n import has_catalog, tr_data

FIXED = {Where.command_name, Where.group_name, Where.parameter_name}


class CatalogTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContextTypes) -> str | None:
        code = locale.value.split("-")[0]
        if context.location in FIXED or code == "en" or not has_catalog(code):
            return None
        text = tr_data(string.message, code)
        return text if text != string.message else None
