"""The "Legacy" campaign as a series of games: what carries over between episodes.

The engine plays ONE episode per game (options ``{"mode": "campaign", "episode": k,
"carry": carry}``).  Everything that persists lives in a plain JSON ``carry`` dict and is
produced by the pure functions below, so the host can store a campaign as a list of games
and a carry value, and rebuild it after a restart.

Functions for the host / the ``/campaign`` commands:

- ``new_carry(n_players, names=None) -> carry``: a fresh campaign before episode 1
  (``/campaign new``).
- ``episode_options(carry) -> dict``: the engine options for the next episode
  (``/campaign next`` starts ``ENGINE.setup(carry["players"], episode_options(carry), seed)``).
- ``next_carry(carry, result, final_state_dump) -> carry``: after the episode's game is
  over, the new carry (prosperity, debt, stickers, first places, unlocked modules,
  history, opened envelopes; ``episode`` moves on by one).  Pure: the inputs are not changed.
- ``campaign_status(carry) -> dict``: what ``/campaign status`` shows: the next episode,
  the chapters with their titles (rules only for opened envelopes), the standings by
  prosperity, each island's stickers, and once the campaign is finished the winners.
  Its words (chapter titles, rule lines, ``unlocked_module_names``) are ``rules.base.Msg``
  texts: the host translates them where it shows them.
- ``rename_island(carry, seat, name) -> carry``: the island's name (free text, persistent).
- ``validate_carry(carry, n_players)``: raises ``ValueError`` with a clear message.

Carry layout (version 1)::

    {"version": 1, "players": n, "episode": next episode 1..25 (25 = finished),
     "opened_chapters": [1, ...], "unlocked_modules": ["terrain", ...],
     "islands": [{"name": str, "prosperity": int, "debt": int, "first_places": int,
                  "huts": ["r,c"], "harbours": ["r,c"], "doubles": [["t14", 0]],
                  "extra_tiles": bool, "episode_scores": [int, ...]}],
     "history": [{"episode": k, "scores": [...], "ranks": [...], "prosperity": [...]}]}
"""

from __future__ import annotations

from rules.base import plain_copy
from rules.my_island.data import ALL_TILES, TERRAIN, unkey
from rules.my_island.modules import CHAPTERS, EPISODES, N_EPISODES, chapter_of, episode_rules, module_lines
from rules.my_island.text import MODULE_NAMES, TERRAIN_WORDS, word
from rules.text import Msg, T

CARRY_VERSION = 1


def new_carry(n_players: int, names: list[str] | None = None) -> dict:
    if not isinstance(n_players, int) or not 2 <= n_players <= 4:
        raise ValueError(T("A campaign needs 2 to 4 players."))
    names = list(names or [])
    return {
        "version": CARRY_VERSION,
        "players": n_players,
        "episode": 1,
        "opened_chapters": [],
        "unlocked_modules": [],
        "islands": [
            {"name": names[i] if i < len(names) else T("Island {n}", n=i + 1), "prosperity": 0, "debt": 0,
             "first_places": 0, "huts": [], "harbours": [], "doubles": [], "extra_tiles": False,
             "episode_scores": []}
            for i in range(n_players)
        ],
        "history": [],
    }


_FIELDS = {"prosperity": T("prosperity"), "debt": T("debt"), "first_places": T("first places")}


def _bad(why: Msg) -> ValueError:
    return ValueError(T("Bad campaign carry: {why}", why=why))


def _cell_list(value, what: Msg, terrain: str) -> None:
    if not isinstance(value, list):
        raise _bad(T("{what} must be a list of 'row,col' cells.", what=what))
    for k in value:
        try:
            cell = unkey(k)
        except (AttributeError, ValueError):
            raise _bad(T("{what} holds {cell}, not a 'row,col' cell.", what=what, cell=repr(k))) from None
        if cell not in TERRAIN or TERRAIN[cell] != terrain:
            raise _bad(T("{what} holds {cell}, which is not a {terrain} cell.", what=what, cell=repr(k),
                         terrain=word(TERRAIN_WORDS, terrain)))
    if len(set(value)) != len(value):
        raise _bad(T("{what} holds the same cell twice.", what=what))


def validate_carry(carry, n_players: int) -> None:
    if not isinstance(carry, dict):
        raise _bad(T("it must be a JSON object."))
    if carry.get("version") != CARRY_VERSION:
        raise _bad(T("unknown version {version}.", version=repr(carry.get("version"))))
    islands = carry.get("islands")
    if not isinstance(islands, list) or len(islands) != n_players:
        if not isinstance(islands, list):
            raise _bad(T("it holds no islands for {players} players.", players=n_players))
        raise _bad(T("it holds {n} islands for {players} players.", n=len(islands), players=n_players))
    ep = carry.get("episode")
    if not isinstance(ep, int) or isinstance(ep, bool) or not 1 <= ep <= N_EPISODES + 1:
        raise _bad(T("episode must be 1..{last}.", last=N_EPISODES + 1))
    for i, isl in enumerate(islands):
        if not isinstance(isl, dict):
            raise _bad(T("island {n} must be an object.", n=i + 1))
        for field in ("prosperity", "debt", "first_places"):
            v = isl.get(field, 0)
            if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                raise _bad(T("island {n}: {field} must be a whole number >= 0.", n=i + 1, field=_FIELDS[field]))
        if not isinstance(isl.get("name", ""), str):
            raise _bad(T("island {n}: name must be text.", n=i + 1))
        _cell_list(isl.get("huts", []), T("island {n} huts", n=i + 1), "steppe")
        _cell_list(isl.get("harbours", []), T("island {n} harbours", n=i + 1), "beach")
        doubles = isl.get("doubles", [])
        if not isinstance(doubles, list):
            raise _bad(T("island {n}: doubles must be a list.", n=i + 1))
        for d in doubles:
            ok = (isinstance(d, list) and len(d) == 2 and d[0] in ALL_TILES and isinstance(d[1], int)
                  and 0 <= d[1] < len(ALL_TILES[d[0]]["cells"]) and ALL_TILES[d[0]]["cells"][d[1]][2] == "wall")
            if not ok:
                raise _bad(T("island {n}: double wall {cell} is not a wall cell of a tile.", n=i + 1, cell=repr(d)))


def episode_options(carry: dict) -> dict:
    if carry["episode"] > N_EPISODES:
        raise ValueError(T("The campaign is finished: all {n} episodes have been played.", n=N_EPISODES))
    return {"mode": "campaign", "episode": carry["episode"], "carry": plain_copy(carry)}


def next_carry(carry: dict, result: dict, final_state_dump: dict) -> dict:
    """The carry after one finished episode (pure; see the module docstring)."""
    if not result or "scores" not in result:
        raise ValueError(T("The episode is not finished yet."))
    state = final_state_dump
    episode = state.get("episode")
    if state.get("mode") != "campaign" or episode != carry["episode"]:
        raise ValueError(T("That game is not episode {k} of this campaign.", k=carry["episode"]))
    out = plain_copy(carry)
    rules = state["rules"]
    ranks = result["ranks"]
    awarded = result["prosperity"]
    for seat, isl in enumerate(out["islands"]):
        played = state["islands"][seat]
        isl["prosperity"] += awarded[seat]
        isl["debt"] = result["debt"][seat]
        if ranks[seat] == 1:
            isl["first_places"] += 1
        isl["huts"] = list(played["huts"])
        isl["harbours"] = list(played["harbours"])
        isl["doubles"] = [list(d) for d in played["doubles"]]
        isl["extra_tiles"] = bool(isl.get("extra_tiles") or rules["extra_tiles"])
        isl["name"] = played.get("name") or isl.get("name", "")
        isl.setdefault("episode_scores", []).append(result["scores"][seat])
    out["history"].append({"episode": episode, "scores": list(result["scores"]), "ranks": list(ranks),
                           "prosperity": list(awarded)})
    for m in rules["modules"]:
        if m not in out["unlocked_modules"]:
            out["unlocked_modules"].append(m)
    ch = chapter_of(episode)
    if ch not in out["opened_chapters"]:
        out["opened_chapters"].append(ch)
    out["episode"] = episode + 1
    return out


def rename_island(carry: dict, seat: int, name: str) -> dict:
    if not isinstance(name, str) or not name.strip() or len(name) > 40:
        raise ValueError(T("An island name is 1 to 40 characters."))
    if not isinstance(seat, int) or not 0 <= seat < len(carry["islands"]):
        raise ValueError(T("No such seat in this campaign."))
    out = plain_copy(carry)
    out["islands"][seat]["name"] = name.strip()
    return out


def standings(carry: dict) -> list[dict]:
    """Campaign order: most prosperity, then most episode first places (R17); shared otherwise."""
    rows = []
    for seat, isl in enumerate(carry["islands"]):
        rows.append({"seat": seat, "name": isl.get("name", ""), "prosperity": isl["prosperity"],
                     "first_places": isl["first_places"], "debt": isl["debt"]})
    rows.sort(key=lambda r: (-r["prosperity"], -r["first_places"], r["seat"]))
    for i, row in enumerate(rows):
        prev = rows[i - 1] if i else None
        same = prev and (prev["prosperity"], prev["first_places"]) == (row["prosperity"], row["first_places"])
        row["rank"] = prev["rank"] if same else i + 1
    return rows


def campaign_status(carry: dict) -> dict:
    ep = carry["episode"]
    finished = ep > N_EPISODES
    current_chapter = None if finished else chapter_of(ep)
    opened = set(carry["opened_chapters"]) | ({current_chapter} if current_chapter else set())
    chapters = []
    for c, ch in sorted(CHAPTERS.items()):
        entry = {"chapter": c, "title": T(ch["title"]), "episodes": list(ch["episodes"]), "opened": c in opened}
        if c in opened:  # an opened envelope shows its rule sheets (R21)
            entry["rules"] = {e: module_lines(episode_rules(e)) for e in ch["episodes"]}
            entry["reconstructed"] = any(EPISODES[e]["source"] != "rulebook" for e in ch["episodes"])
        chapters.append(entry)
    table = standings(carry)
    status = {
        "players": carry["players"],
        "next_episode": None if finished else ep,
        "chapter": current_chapter,
        "episodes_played": len(carry["history"]),
        "finished": finished,
        "standings": table,
        "islands": [{"seat": s, "name": i.get("name", ""), "prosperity": i["prosperity"], "debt": i["debt"],
                     "first_places": i["first_places"], "episode_scores": list(i.get("episode_scores", [])),
                     "points_total": sum(i.get("episode_scores", [])), "hut_cells": list(i["huts"]),
                     "harbour_cells": list(i["harbours"]), "huts": len(i["huts"]), "harbours": len(i["harbours"]),
                     "double_walls": len(i["doubles"]), "extra_tiles": i.get("extra_tiles", False)}
                    for s, i in enumerate(carry["islands"])],
        "chapters": chapters,
        "unlocked_modules": list(carry["unlocked_modules"]),
        "unlocked_module_names": [word(MODULE_NAMES, m) for m in carry["unlocked_modules"]],
        "history": plain_copy(carry["history"]),
    }
    if not finished:
        status["next_rules"] = module_lines(episode_rules(ep))
        status["next_source"] = EPISODES[ep]["source"]
    if finished:
        status["winners"] = [r["seat"] for r in table if r["rank"] == 1]
    return status
