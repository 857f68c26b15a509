"""Fixtures of the campaign suite."""

import pytest


@pytest.fixture
def db_path(store_target):
    """The Discord tests of this suite run on both databases: an SQLite file or a PostgreSQL URL."""
    return store_target
