"""A public picture (the game's board in its thread, which every player waits for) is drawn before the
private pictures (panels, DMs) asked before it and still waiting for a worker (issue 32, point 6);
in order within each kind, and a waiter that gives up passes its turn on."""

from __future__ import annotations

import asyncio
import time

from host.renders import Renders


def _named(key: str, view: dict, full: bool, locale: str | None) -> tuple[bytes, float]:
    """A worker's job that draws nothing: the picture's name as its bytes, after a moment."""
    time.sleep(0.05)
    return view["name"].encode(), 0.0


def _public(name: str) -> dict:
    return {"name": name}


def _private(name: str, seat: int = 0) -> dict:
    return {"name": name, "viewer": seat}


def test_the_board_is_drawn_before_the_panels_that_wait_for_a_worker():
    renders = Renders(workers=1, job=_named)

    async def run() -> list[str]:
        await renders.warm()
        done: list[str] = []

        async def draw(view: dict) -> None:
            done.append((await renders.png("my_island", view)).decode())

        # one worker: one panel drawn, one handed to it, two waiting; then the board is asked for
        await asyncio.gather(*(draw(v) for v in (_private("p1"), _private("p2"), _private("p3"), _private("p4"),
                                                 _public("board"), _private("p5"))))
        return done

    try:
        done = asyncio.run(run())
    finally:
        renders.close()
    assert done == ["p1", "p2", "board", "p3", "p4", "p5"], done


def test_a_waiter_that_gives_up_passes_its_turn_on_and_nothing_waits_forever():
    renders = Renders(workers=1, job=_named)

    async def run() -> list[str]:
        await renders.warm()
        done: list[str] = []

        async def draw(view: dict) -> None:
            done.append((await renders.png("my_island", view)).decode())

        first = [asyncio.ensure_future(draw(_private(n))) for n in ("p1", "p2")]
        gone = asyncio.ensure_future(draw(_private("gone")))
        board = asyncio.ensure_future(draw(_public("board")))
        await asyncio.sleep(0)  # everyone has asked
        gone.cancel()
        await asyncio.wait_for(asyncio.gather(*first, board, return_exceptions=True), 60)
        done.append((await asyncio.wait_for(renders.png("my_island", _private("after")), 60)).decode())
        assert renders._turns.busy == 0 and not renders._turns._waiting
        return done

    try:
        done = asyncio.run(run())
    finally:
        renders.close()
    assert done == ["p1", "p2", "board", "after"], done
