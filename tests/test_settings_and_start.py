"""Settings are read in one place and validated; starting without a token explains what to do."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from host.settings import SettingsError, load_settings

ROOT = Path(__file__).resolve().parent.parent


def test_defaults_need_nothing_but_a_token():
    s = load_settings({})
    assert s.database_path == Path("data/isle.db") and s.default_deadline_seconds == 24 * 3600
    assert not s.has_token and s.log_level == "INFO" and s.dev_guild_id is None


def test_every_bad_setting_is_listed_in_one_friendly_message():
    with pytest.raises(SettingsError) as err:
        load_settings({"LOG_LEVEL": "LOUD", "DEV_GUILD_ID": "my-server", "DEFAULT_DEADLINE_SECONDS": "5"})
    text = str(err.value)
    assert "LOG_LEVEL must be one of" in text
    assert "DEV_GUILD_ID must be a whole number" in text
    assert "DEFAULT_DEADLINE_SECONDS must be between 600 and 604800" in text


def test_deadline_can_be_switched_off():
    assert load_settings({"DEFAULT_DEADLINE_SECONDS": "none"}).default_deadline_seconds is None


def test_postgresql_and_shards_are_read_and_checked():
    s = load_settings({"DATABASE_URL": "postgresql://isle@db/isle", "SHARD_COUNT": "4", "SHARD_IDS": "2, 0"})
    assert s.database_url == "postgresql://isle@db/isle" and s.shard_count == 4 and s.shard_ids == (0, 2)
    assert load_settings({}).shard_count is None and load_settings({}).shard_ids is None
    for env, problem in (({"SHARD_IDS": "0"}, "SHARD_IDS needs SHARD_COUNT"),
                         ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"}, "from 0 to 1"),
                         ({"SHARD_COUNT": "2", "SHARD_IDS": "a"}, "shard numbers separated by commas"),
                         ({"SHARD_COUNT": "0"}, "SHARD_COUNT must be between"),
                         ({"AI_EXPERT_SECONDS": "soon"}, "AI_EXPERT_SECONDS must be a number of seconds"),
                         ({"AI_EXPERT_SECONDS": "0"}, "AI_EXPERT_SECONDS must be between"),
                         ({"AI_EXPERT_ITERATIONS": "-3"}, "AI_EXPERT_ITERATIONS must be between"),
                         ({"AI_WORKERS": "99"}, "AI_WORKERS must be between"),
                         ({"RENDER_WORKERS": "-1"}, "RENDER_WORKERS must be between"),
                         ({"RENDER_TIMEOUT_SECONDS": "0"}, "RENDER_TIMEOUT_SECONDS must be between")):
        with pytest.raises(SettingsError, match=problem):
            load_settings(env)


def test_env_example_lists_every_setting():
    example = (ROOT / ".env.example").read_text()
    for name in ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "LOG_LEVEL",
                 "DEFAULT_DEADLINE_SECONDS", "TIMER_POLL_SECONDS", "THREAD_ARCHIVE_GRACE_SECONDS",
                 "DEFAULT_LOCALE", "OWNER_IDS", "SHARD_COUNT", "SHARD_IDS", "AI_EXPERT_SECONDS", "AI_WORKERS",
                 "AI_EXPERT_ITERATIONS", "RENDER_WORKERS", "RENDER_TIMEOUT_SECONDS"):
        assert f"\n{name}=" in "\n" + example, name


def test_starting_without_a_token_explains_instead_of_crashing(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr
    assert "DISCORD_TOKEN" in proc.stderr and "bot+applications.commands" in proc.stderr
    assert "offline isle_of_skye" in proc.stderr


def test_bad_configuration_is_reported_without_a_traceback(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=x\nLOG_LEVEL=LOUD\n")
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "LOG_LEVEL")}
    proc = subprocess.run([sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=60)
    assert proc.returncode == 2 and "LOG_LEVEL must be one of" in proc.stderr and "Traceback" not in proc.stderr


def test_shard_settings_make_an_auto_sharded_bot_for_those_shards():
    import discord
    from discord.ext import commands

    from cogs.app import create_bot
    from cogs.shards import owns_guild

    plain = create_bot(load_settings({}))
    assert not isinstance(plain, commands.AutoShardedBot) and plain.shard_count is None
    sharded = create_bot(load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "1,3"}))
    assert isinstance(sharded, commands.AutoShardedBot) and isinstance(sharded, discord.AutoShardedClient)
    assert sharded.shard_count == 4 and sharded.shard_ids == [1, 3]
    settings = load_settings({"SHARD_COUNT": "4", "SHARD_IDS": "1,3"})
    assert owns_guild(settings, 1 << 22) and owns_guild(settings, 3 << 22) and not owns_guild(settings, 2 << 22)
    assert not owns_guild(settings, None) and owns_guild(load_settings({}), 2 << 22)
