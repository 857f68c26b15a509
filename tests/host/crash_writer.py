"""Run as a subprocess by test_crash_safety: plays toy games through the host forever,
printing "ack GAME VERSION" after each acknowledged move, until it is killed."""

import asyncio
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from db.store import Store  # noqa: E402
from host import Host, PlayerRef  # noqa: E402
from rules import ENGINES  # noqa: E402
from tests.toy_engines import TOYS  # noqa: E402


async def main(path: str) -> None:
    ENGINES.update(TOYS)
    store = await Store.open(path)
    host = Host(store)
    ana, bo = PlayerRef(1, "Ana"), PlayerRef(2, "Bo")
    while True:
        info = await host.create_game("toy_race", {}, ana, 1, 2)
        await host.join(info.id, bo)
        await host.start(info.id, ana.user_id)
        while True:
            game = await host.get(info.id)
            if game.status != "active":
                break
            user = game.users_to_act()[0].user_id
            out = await host.submit(info.id, user, {"type": "add", "n": 1})
            print(f"ack {info.id} {out.game.version}", flush=True)


asyncio.run(main(sys.argv[1]))
