"""Board pictures drawn in worker processes (host/renders.py, host/worker_pool.py): the same bytes as
drawing in place, and a worker that dies or hangs costs one "unavailable" card, never a hang or an
error, and the next picture is drawn by fresh workers."""

from __future__ import annotations

import asyncio
import gc
import multiprocessing
import os
import sys
import time
from functools import partial
from pathlib import Path

import pytest

from host.i18n import speaking
from host.renders import Renders, draw, render_view, unavailable_png
from host.worker_pool import WorkerFailed, WorkerPool
from rules import ENGINES
from tests.board_samples import samples

BOUND = 120.0  # seconds: far beyond any render; reaching it means something waited forever


def _dies_once(marker: str, key: str, view: dict, full: bool, locale: str | None) -> tuple[bytes, float]:
    """A worker's job that kills its process the first time it runs (a worker killed mid-render)."""
    if not os.path.exists(marker):
        Path(marker).write_text("died")
        os._exit(3)
    return draw(key, view, full, locale)


def _always_dies(key: str, view: dict, full: bool, locale: str | None) -> tuple[bytes, float]:
    os._exit(4)


def _stuck_when_asked(key: str, view: dict, full: bool, locale: str | None) -> tuple[bytes, float]:
    if view.get("stuck"):
        time.sleep(600)
    return draw(key, view, full, locale)


def _refuses(x: int) -> int:
    raise ValueError(f"no {x}")


def _square(x: int) -> int:
    return x * x


def _worker_state() -> tuple[int, bool]:
    """In a worker: how many objects are left out of garbage collection, and whether the renderers are loaded."""
    return gc.get_freeze_count(), "render" in sys.modules


def _view(key: str = "land_vs_sea") -> dict:
    return samples(key, 2)[2].view  # the middle of a game, public


def test_pictures_drawn_in_workers_are_the_bytes_drawn_in_place():
    """Every game: the public and a seat's view, the phone card and the full board, in two languages."""
    cases = [(s.game, s.view, full, lang) for key in sorted(ENGINES) for s in samples(key, 2)[2:4]
             for full, lang in ((False, "en"), (False, "ru"), (True, "uk"))]
    renders = Renders(workers=2)

    async def run() -> list[bytes]:
        out = []
        for key, view, full, lang in cases:
            with speaking(lang):
                out.append(await renders.png(key, view, full))
        return out

    try:
        drawn = asyncio.run(asyncio.wait_for(run(), BOUND))
    finally:
        renders.close()
    for (key, view, full, lang), png in zip(cases, drawn, strict=True):
        with speaking(lang):
            assert png == render_view(key, view, full), f"{key} full={full} {lang} viewer={view.get('viewer')}"


def test_a_worker_that_dies_is_replaced_and_the_picture_drawn_again(tmp_path):
    view = _view()
    renders = Renders(workers=1, job=partial(_dies_once, str(tmp_path / "died")))
    try:
        png = asyncio.run(asyncio.wait_for(renders.png("land_vs_sea", view), BOUND))
        again = asyncio.run(asyncio.wait_for(renders.png("land_vs_sea", view, True), BOUND))
    finally:
        renders.close()
    assert (tmp_path / "died").exists(), "the first worker died"
    assert png == render_view("land_vs_sea", view)
    assert again == render_view("land_vs_sea", view, True)


def test_workers_that_keep_dying_give_the_unavailable_card_in_the_readers_language():
    view = _view()
    renders = Renders(workers=1, job=_always_dies)

    async def run() -> bytes:
        with speaking("uk"):
            return await renders.png("land_vs_sea", view)

    try:
        png = asyncio.run(asyncio.wait_for(run(), BOUND))
    finally:
        renders.close()
    with speaking("uk"):
        assert png == unavailable_png(view)
    assert png != unavailable_png(view), "the card is in Ukrainian, not English"
    assert png[:8] == b"\x89PNG\r\n\x1a\n"


def test_a_stuck_render_gives_the_card_after_its_timeout_and_the_next_one_is_drawn():
    view = _view()
    stuck = dict(view, stuck=True)
    renders = Renders(workers=1, timeout=3.0, job=_stuck_when_asked)

    async def run() -> tuple[bytes, bytes, float]:
        began = time.perf_counter()
        card = await renders.png("land_vs_sea", stuck)
        took = time.perf_counter() - began
        renders.timeout = BOUND  # fresh workers start (slowly on a busy machine) and draw the next one
        return card, await renders.png("land_vs_sea", view), took

    try:
        card, png, took = asyncio.run(asyncio.wait_for(run(), BOUND))
    finally:
        renders.close()
    assert card == unavailable_png(stuck)
    assert took < 60, "the stuck worker was given up on, not waited for"
    assert png == render_view("land_vs_sea", view)


def test_a_call_past_its_timeout_kills_its_worker_process():
    """The stuck worker is stopped, not left running (``host.worker_pool._kill_workers``: this
    Python's way to stop a busy worker of a process pool; a Python without one fails here)."""
    pool = WorkerPool(1)
    try:
        assert asyncio.run(pool.run(os.getpid)) != os.getpid()
        workers = [p for p in multiprocessing.active_children() if p.is_alive()]
        assert workers, "the worker process runs"
        with pytest.raises(WorkerFailed) as failed:
            asyncio.run(pool.run(time.sleep, BOUND, timeout=1.0))
        assert failed.value.timed_out
        for process in workers:
            process.join(BOUND)
            assert not process.is_alive() and process.exitcode is not None and process.exitcode < 0, \
                "killed by a signal, not finished"
    finally:
        pool.close()


def test_a_job_that_raises_raises_the_same_error_and_the_pool_goes_on():
    pool = WorkerPool(1)

    async def run() -> int:
        with pytest.raises(ValueError, match="no 7"):
            await pool.run(_refuses, 7)
        return int(await pool.run(_square, 9))

    try:
        assert asyncio.run(asyncio.wait_for(run(), BOUND)) == 81
        assert pool.started
    finally:
        pool.close()
    assert not pool.started


def test_a_render_worker_loads_the_renderers_when_it_starts_and_leaves_them_out_of_garbage_collection():
    """A full collection in the middle of a render would otherwise walk every font, table and rules
    datum the worker loaded (once 66 ms in a My Island render); a plain pool freezes nothing."""
    renders, plain = Renders(workers=1), WorkerPool(1)

    async def run() -> tuple[tuple[int, bool], tuple[int, bool]]:
        return (await renders._pool.run(_worker_state, timeout=BOUND), await plain.run(_worker_state))

    try:
        (frozen, loaded), (plain_frozen, _plain_loaded) = asyncio.run(asyncio.wait_for(run(), BOUND))
    finally:
        renders.close()
        plain.close()
    assert loaded and frozen > 10_000, (frozen, loaded)
    assert plain_frozen == 0  # (its job, from this module, imports the renderers too)


def test_a_dead_worker_is_one_failure_then_fresh_workers():
    pool = WorkerPool(1)

    async def run() -> int:
        with pytest.raises(WorkerFailed) as failed:
            await pool.run(os._exit, 5)
        assert not failed.value.timed_out
        return int(await pool.run(_square, 4))

    try:
        assert asyncio.run(asyncio.wait_for(run(), BOUND)) == 16
    finally:
        pool.close()


@pytest.mark.sqlite_only
async def test_the_services_draw_in_workers_and_stop_them_on_close(tmp_path):
    from host import PlayerRef
    from host.services import open_services
    from host.settings import Settings

    services = await open_services(Settings(database_path=tmp_path / "isle.db", render_workers=1))
    try:
        host = services.host
        out = await host.create_table("land_vs_sea", {}, [PlayerRef(1, "Ana"), PlayerRef(2, "Bo")], guild_id=1,
                                      channel_id=10, seed=3)
        game_id = out.game.id
        assert not host.renders._pool.started, "no worker before a picture is asked for or the bot warms them"
        await asyncio.wait_for(host.renders.warm(), BOUND)
        assert host.renders.workers == 1 and host.renders._pool.started
        png = await asyncio.wait_for(host.public_png(game_id), BOUND)
        assert png == render_view("land_vs_sea", await host.public_view(game_id))
        mine = await asyncio.wait_for(host.private_png(game_id, 1, full=True), BOUND)
        assert mine == render_view("land_vs_sea", await host.private_view(game_id, 1), True)
    finally:
        await services.close()
    assert not host.renders._pool.started, "closing the services stopped the workers"


@pytest.mark.sqlite_only
async def test_a_game_goes_on_when_its_pictures_cannot_be_drawn(store):
    from host import Host, PlayerRef

    host = Host(store, renders=Renders(workers=1, job=_always_dies))
    try:
        out = await host.create_table("land_vs_sea", {}, [PlayerRef(1, "Ana"), PlayerRef(2, "Bo")], guild_id=1,
                                      channel_id=10, seed=3)
        game_id = out.game.id
        card = await asyncio.wait_for(host.public_png(game_id), BOUND)
        assert card == unavailable_png(await host.public_view(game_id))
        info = await host.get(game_id)
        user = info.seats[min(info.to_act)].user_id
        choice = (await host.choices(game_id, user))[0]
        await host.submit(game_id, user, choice.action, expected_version=info.version)
        assert (await host.get(game_id)).version == info.version + 1
    finally:
        host.renders.close()


def test_the_settings_size_the_render_workers():
    from host.services import renders_for
    from host.settings import default_render_workers, load_settings

    assert 1 <= default_render_workers() <= 4
    assert renders_for(load_settings({}, None)).workers == default_render_workers()
    made = renders_for(load_settings({"RENDER_WORKERS": "0", "RENDER_TIMEOUT_SECONDS": "5"}, None))
    assert (made.workers, made.timeout) == (0, 5.0)


def _replay_fails(*args: object) -> tuple[bytes, str]:
    os._exit(6)


@pytest.mark.sqlite_only
async def test_a_replay_is_built_in_a_worker_as_in_place_and_a_dead_worker_is_a_friendly_refusal(store, monkeypatch):
    from host import Host, history
    from host.errors import NotAllowed

    host = Host(store, renders=Renders(workers=1))
    try:
        outcome = await host.create_table("land_vs_sea", {}, [None, None], 1, 10, settings={"ai_level": "greedy"},
                                          seed=4)
        game_id = outcome.game.id
        with speaking("ru"):
            name, data = await asyncio.wait_for(history.animation(host, game_id, captions=True), BOUND)
            record = await history.replay_source(host, game_id)
            assert (data, name.rsplit(".", 1)[1]) == history.build_animation(record, None, True)
        monkeypatch.setattr(history, "build_animation", _replay_fails)  # the worker asked to build it dies
        with speaking("uk"), pytest.raises(NotAllowed) as refused:
            await asyncio.wait_for(history.animation(host, game_id, captions=False), BOUND)
        assert f"#{game_id}" in str(refused.value) and "зараз" in str(refused.value)
    finally:
        host.renders.close()


def test_where_no_worker_process_can_be_started_the_pictures_are_drawn_in_a_thread(monkeypatch, caplog):
    """A host where this user may not start processes (the offline table as another user over a
    private Python, a process limit): drawn in a thread, said once in the log, never a failure."""
    import host.worker_pool as worker_pool

    class Refused:
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(worker_pool, "ProcessPoolExecutor", Refused)
    renders = Renders(workers=2, timeout=30)
    view = _view()
    with caplog.at_level("WARNING", logger="host"):
        first = asyncio.run(renders.png("land_vs_sea", view))
        again = asyncio.run(renders.png("land_vs_sea", view, full=True))
        squared = asyncio.run(renders.call(_square, 7))
    assert first == draw("land_vs_sea", view, False, None)[0] and again == draw("land_vs_sea", view, True, None)[0]
    assert squared == 49 and renders._pool.cannot_start
    assert len([r for r in caplog.records if "cannot be started" in r.getMessage()]) == 1
    renders.close()


async def test_a_picture_asked_again_is_kept_not_drawn_again():
    """Issue 32: the same view in the same language and kind is drawn once; another language, the
    full board or a changed view is drawn; the "unavailable" card is never kept."""
    from host import renders as renders_module

    asked: list[tuple[str, bool, str]] = []

    def counting(key: str, view: dict, full: bool, locale: str | None) -> tuple[bytes, float]:
        asked.append((key, full, locale or ""))
        return draw(key, view, full, locale)

    renders = Renders(workers=0, job=counting)
    view = _view()
    first = await renders.png("land_vs_sea", view)
    assert await renders.png("land_vs_sea", dict(view)) == first, "an equal view: the same bytes"
    assert len(asked) == 1, "drawn once"
    with speaking("ru"):
        assert await renders.png("land_vs_sea", view) != first
    await renders.png("land_vs_sea", view, full=True)
    await renders.png("land_vs_sea", {**view, "seat_names": ["Ana", "Bo"]})
    assert len(asked) == 4, "another language, the full board, another view: each drawn"
    renders_module.KEPT_BYTES, kept_before = 0, renders_module.KEPT_BYTES
    try:  # nothing may be kept: asked again, drawn again
        await renders.png("land_vs_sea", {**view, "viewer": 0})
        await renders.png("land_vs_sea", {**view, "viewer": 0})
        assert len(asked) == 6
    finally:
        renders_module.KEPT_BYTES = kept_before


def test_the_unavailable_card_is_never_kept():
    """A picture that could not be drawn is asked of the workers again next time (they may be back)."""
    from telemetry.metrics import REGISTRY

    def unavailable() -> float:
        return REGISTRY.get_sample_value("isle_renders_total", {"game": "land_vs_sea", "picture": "unavailable"}) or 0.0

    view = _view()
    renders = Renders(workers=1, job=_always_dies)
    before = unavailable()
    try:
        first = asyncio.run(asyncio.wait_for(renders.png("land_vs_sea", view), BOUND))
        second = asyncio.run(asyncio.wait_for(renders.png("land_vs_sea", view), BOUND))
    finally:
        renders.close()
    assert first == second == unavailable_png(view)
    assert unavailable() == before + 2, "tried again, not given from what is kept"
