"""Each player's final score split into the rulebook's categories, each with the rule that gave it
(issue 31: "why this score?").

An engine's ``result`` lists categories; some add up to the score, others are there for the
tie-break or as a tally (Isle of Skye's coins left, Islebound's wood + fish, Island Siege's forts
and colonists). Which is which, and which rule each one comes from, is written here once per game,
with the ``/rules`` topic (its English heading: ``cogs/rules_text/<game>.md``) a reader can open.
Island Siege's score is its coins, and its engine keeps no tally of where they came from: they are
summed from the events of the moves in force (every coin gained is an event with ``coins``).

A property test (``tests/host/test_score_breakdown.py``) holds that the parts add up to the score
in random games of every game.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from host.i18n import N_
from rules.isle_of_skye.text import SCROLL_NAMES, scroll_count
from rules.islebound.data import FAME_THRESHOLD
from rules.text import T, Tn


@dataclass(frozen=True)
class ScoreRule:
    """Points of one category (``category``: the engine's key, or a prefix of it ending in ``:``)."""

    category: str
    topic: str  # the /rules topic, in English
    rule: str  # the rule, one line (a catalog message)
    players: tuple[int, ...] = ()  # the table sizes this wording is for (the rulebook's schedules); (): any

    def matches(self, name: str, n_players: int = 0) -> bool:
        if self.players and n_players not in self.players:
            return False
        return name == self.category or (self.category.endswith(":") and name.startswith(self.category))


@dataclass(frozen=True)
class EventSource:
    """Points an event of ``event_type`` carries in ``field`` for its ``seat``."""

    event_type: str
    label: str  # a catalog message
    topic: str
    rule: str
    field: str = "coins"


RULES: dict[str, tuple[ScoreRule, ...]] = {
    "isle_of_skye": (
        ScoreRule("Goal A:", "Scoring", N_("Goal A scores in rounds 1, 3 and 5 (2–4 players)."), (2, 3, 4)),
        ScoreRule("Goal B:", "Scoring", N_("Goal B scores in rounds 2, 4 and 6 (2–4 players)."), (2, 3, 4)),
        ScoreRule("Goal C:", "Scoring", N_("Goal C scores in rounds 3, 5 and 6 (2–4 players)."), (2, 3, 4)),
        ScoreRule("Goal D:", "Scoring", N_("Goal D scores in rounds 4, 5 and 6 (2–4 players)."), (2, 3, 4)),
        # the back of the board, 5 players and 5 rounds: its own schedule
        ScoreRule("Goal A:", "Scoring", N_("Goal A scores in rounds 1, 2 and 4 (5 players)."), (5,)),
        ScoreRule("Goal B:", "Scoring", N_("Goal B scores in rounds 1, 3 and 5 (5 players)."), (5,)),
        ScoreRule("Goal C:", "Scoring", N_("Goal C scores in rounds 2, 4 and 5 (5 players)."), (5,)),
        ScoreRule("Goal D:", "Scoring", N_("Goal D scores in rounds 3, 4 and 5 (5 players)."), (5,)),
        ScoreRule("Scrolls", "Scoring", N_("At the end every scroll scores for the whole territory; "
                                           "inside a completed area it scores double.")),
        ScoreRule("Coins (1 VP per 5)", "Scoring", N_("At the end every 5 coins left are worth 1 VP.")),
    ),
    "islebound": (
        ScoreRule("Coins", "End and scoring", N_("Final fame counts every coin you hold.")),
        ScoreRule("Buildings", "End and scoring", N_("Final fame counts the cost of your buildings.")),
        ScoreRule("Building abilities", "Buildings", N_("Some buildings give fame at the end by their ability.")),
        ScoreRule("Fame track", "Fame", N_("Fame gained in play (events, cities, buildings) on your fame track.")),
        ScoreRule("Fame tokens", "Fame", N_("Each fame token taken when your track reached 7 is worth 7 fame.")),
    ),
    "land_vs_sea": (
        ScoreRule("Completed areas (tiles)", "Scoring areas",
                  N_("A closed area scores 1 point per tile for the side of its terrain.")),
        ScoreRule("Bonus marks", "Scoring areas",
                  N_("Whoever closes an area scores 1 point per bonus mark inside (the volcano and whirlpool have 5).")),
        ScoreRule("Waypoints returned", "Modules",
                  N_("A waypoint returned when its area closes or its tile is surrounded scores 1 for whoever caused it.")),
        ScoreRule("Mountains and corals", "Modules",
                  N_("When a chain grows, its side scores 1 per range in the whole chain.")),
        ScoreRule("Caravan/ship adjacency", "Modules",
                  N_("A trade icon placed next to another scores 2.")),
        ScoreRule("Trade routes", "Modules",
                  N_("At the end each trade route goes to the side with more caravans or ships, worth caravans + ships.")),
    ),
    "my_island": (
        ScoreRule("Start", "Setup", N_("Everyone starts with 10 points.")),
        ScoreRule("Totem roads", "Scoring", N_("+5 per totem the first time a road network links it to a beach.")),
        ScoreRule("Largest farm", "Scoring", N_("At the end +5 for the largest group of fields (ties all score).")),
        ScoreRule("Largest village", "Scoring", N_("At the end +5 for the largest group of houses (ties all score).")),
        ScoreRule("Largest bastion", "Scoring", N_("At the end +5 for the largest group of walls (ties all score).")),
        ScoreRule("Largest road network", "Scoring",
                  N_("At the end +5 for the largest road network (ties all score).")),
        ScoreRule("Beach penalty", "Scoring", N_("At the end −1 per uncovered beach cell.")),
        ScoreRule("Passes", "Pass or end", N_("Each pass costs 1 point.")),
        ScoreRule("Farms", "Scoring", N_("+3 the first time a group reaches 5 or more fields.")),
        ScoreRule("Villages", "Scoring", N_("+3 the first time a group reaches 5 or more houses.")),
        ScoreRule("Bastions", "Scoring", N_("+3 the first time a group reaches 5 or more walls.")),
        ScoreRule("Houses on beach", "Scoring", N_("Campaign rule of this episode: points per house on a beach cell.")),
        ScoreRule("Fields on palms", "Scoring", N_("Campaign rule of this episode: points per field on a palm cell.")),
        ScoreRule("Harbour roads", "Scoring", N_("Campaign rule of this episode: points per harbour a road reaches.")),
        ScoreRule("Cleared jungle", "Scoring", N_("Campaign rule of this episode: points per jungle cell cleared.")),
        ScoreRule("Mountain row", "Tie-break", N_("Campaign rule of this episode: points for filling the row by the mountains.")),
        ScoreRule("Debt repaid", "Scoring", N_("Campaign: gains pay off the debt carried from earlier episodes first.")),
        ScoreRule("Frozen at 55", "Scoring", N_("Campaign: the score track stops at 55.")),
        ScoreRule("Carried as debt (below 0)", "Scoring",
                  N_("Campaign: the track stops at 0; points below it are carried as debt.")),
    ),
}

EVENT_SOURCES: dict[str, tuple[EventSource, ...]] = {
    "island_siege": (
        EventSource("build_fort", N_("Forts built"), "Actions", N_("+1 coin per cube of your own placed in a new fort.")),
        EventSource("build_building", N_("Buildings built"), "Actions", N_("A building gives the coins printed on it.")),
        EventSource("build_ship", N_("Ships built"), "Actions", N_("A ship gives the coins printed on it.")),
        EventSource("smelt", N_("Smelting"), "Actions", N_("Smelting a colonist from a fort gives 1 coin.")),
        EventSource("leadership", N_("Leadership"), "Attack", N_("Some leadership abilities give coins in an attack.")),
    ),
}


@dataclass(frozen=True)
class Detail:
    """One scoring event (or one source of several) inside a part: ``label`` a Msg, translated when shown."""

    label: str
    points: int


@dataclass(frozen=True)
class Part:
    """One line of a player's breakdown: untranslated ``label`` and ``rule`` (catalog messages)."""

    label: str
    points: int
    topic: str
    rule: str
    counted: bool = True  # False: shown for the tie-break or as a tally, not part of the score
    details: tuple[Detail, ...] = ()  # the scoring events the points are made of (they sum to ``points``)


def needs_events(game_key: str) -> bool:
    """Whether the breakdown of ``game_key`` is summed from the events of the moves in force, or
    lists them inside its categories (:data:`DETAILS`)."""
    return game_key in EVENT_SOURCES or game_key in DETAILS


Details = dict[tuple[int, str], list[Detail]]
"""(seat, category or category prefix ending in ``:``) -> the events inside that category."""


def _skye_details(events: Iterable[dict[str, Any]], n: int, result: dict[str, Any]) -> Details:
    """Each goal's scorings round by round, each scroll on its own line."""
    out: Details = {}
    for event in events:
        if event.get("type") == "goal":
            for seat, points in enumerate(event.get("points") or []):
                if seat < n and points:
                    out.setdefault((seat, f"Goal {event['slot']}:"), []).append(
                        Detail(T("round {n}", n=event["round"]), points))
        elif event.get("type") == "scroll" and isinstance(event.get("seat"), int) and event.get("vp"):
            counted = scroll_count(event["kind"], event["count"])
            label = (T("{scroll}: {counted}, doubled in a completed area", scroll=SCROLL_NAMES[event["kind"]],
                       counted=counted) if event.get("doubled")
                     else T("{scroll}: {counted}", scroll=SCROLL_NAMES[event["kind"]], counted=counted))
            out.setdefault((event["seat"], "Scrolls"), []).append(Detail(label, event["vp"]))
    return out


FAME_SOURCE_LABELS = {
    "event": N_("Event cards"),
    "reputation": N_("Reputation cards"),
    "building": N_("Building abilities in play"),
    "city": N_("City visits"),
    "other": N_("Other gains"),
}


def _islebound_details(events: Iterable[dict[str, Any]], n: int, result: dict[str, Any]) -> Details:
    """Islebound's fame track by where the fame came from (one line per source, how many times),
    less the fame moved to fame tokens (each token takes 7 off the track)."""
    gained: dict[tuple[int, str], list[int]] = {}
    tokens = [0] * n
    for event in events:
        seat = event.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < n:
            continue
        if event.get("type") == "fame" and event.get("n"):
            gained.setdefault((seat, str(event.get("source", "other"))), []).append(int(event["n"]))
        elif event.get("type") == "token":
            tokens[seat] += 1
    out: Details = {}
    for seat in range(n):
        lines = [Detail(Tn("{source} (once)", "{source} ({n} times)", len(got), source=T(FAME_SOURCE_LABELS[src])),
                        sum(got))
                 for src in FAME_SOURCE_LABELS if (got := gained.get((seat, src)))]
        if tokens[seat]:
            lines.append(Detail(Tn("moved to {n} fame token", "moved to {n} fame tokens", tokens[seat]),
                                -FAME_THRESHOLD * tokens[seat]))
        out[(seat, "Fame track")] = lines
    return out


def _land_vs_sea_details(events: Iterable[dict[str, Any]], n: int, result: dict[str, Any]) -> Details:
    """Land vs Sea's completed areas, by size: how many areas of each size went to the seat's side."""
    team_of = {seat: team for team, seats in (result.get("teams") or {}).items() for seat in seats}
    sizes: dict[str, dict[int, int]] = {}
    for event in events:
        if event.get("type") == "area_completed" and isinstance(event.get("tiles"), int):
            by_size = sizes.setdefault(str(event.get("terrain")), {})
            by_size[event["tiles"]] = by_size.get(event["tiles"], 0) + 1
    out: Details = {}
    for seat in range(n):
        by_size = sizes.get(team_of.get(seat, ""), {})
        out[(seat, "Completed areas (tiles)")] = [
            Detail(Tn("{count} area of size {size}", "{count} areas of size {size}", count, size=size, count=count),
                   size * count) for size, count in sorted(by_size.items(), reverse=True)]
    return out


DETAILS: dict[str, Callable[[list[dict[str, Any]], int, dict[str, Any]], Details]] = {
    "isle_of_skye": _skye_details, "islebound": _islebound_details, "land_vs_sea": _land_vs_sea_details}
"""Games whose categories are made of several scoring events, and how to list them from the events."""


def _details_of(details: Details, seat: int, name: str, points: int) -> tuple[Detail, ...]:
    """The events of category ``name``, where there are two or more and they add up to its points
    (an event list that does not, e.g. a breakdown asked without its events, is not shown)."""
    found = next((d for (s, key), d in details.items()
                  if s == seat and (key == name or (key.endswith(":") and name.startswith(key)))), [])
    if len(found) < 2 or sum(d.points for d in found) != points:
        return ()
    return tuple(found)


def breakdown(game_key: str, result: dict[str, Any], events: Iterable[dict[str, Any]] = ()) -> list[list[Part]]:
    """Per seat, the parts of its score (counted first, then the tallies), from ``result`` and,
    where the game needs them (:func:`needs_events`), the events of the moves in force."""
    scores = list(result.get("scores") or [])
    n = len(scores)
    categories: dict[str, Any] = dict(result.get("categories") or {})
    out: list[list[Part]] = [[] for _ in range(n)]
    rules = RULES.get(game_key, ())
    sources = EVENT_SOURCES.get(game_key, ())
    events = list(events)
    details = DETAILS[game_key](events, n, result) if game_key in DETAILS and events else {}
    if sources:
        totals = {(src.event_type, s): 0 for src in sources for s in range(n)}
        for event in events:
            seat, points = event.get("seat"), event.get(sources[0].field)
            if isinstance(seat, int) and 0 <= seat < n and isinstance(points, int) and (event.get("type"), seat) in totals:
                totals[(str(event.get("type")), seat)] += points
        for seat in range(n):
            out[seat] += [Part(src.label, totals[(src.event_type, seat)], src.topic, src.rule) for src in sources
                          if totals[(src.event_type, seat)]]
    for name, values in categories.items():
        if not isinstance(values, list):
            continue
        rule = next((r for r in rules if r.matches(name, n)), None)
        counted = rule is not None and not sources
        for seat in range(min(n, len(values))):
            value = values[seat]
            if not isinstance(value, int) or (counted and value == 0):
                continue
            if rule is not None and counted:
                out[seat].append(Part(name, value, rule.topic, rule.rule,
                                      details=_details_of(details, seat, name, value)))
            elif not sources or name != "Coins":
                out[seat].append(Part(name, value, "", "", counted=False))
    return out


def counted_total(parts: list[Part]) -> int:
    return sum(p.points for p in parts if p.counted)


def message_texts() -> list[str]:
    """The catalog messages above (the extractor finds them as ``N_``; listed for tests)."""
    return [r.rule for rules in RULES.values() for r in rules] + \
        [t for srcs in EVENT_SOURCES.values() for s in srcs for t in (s.label, s.rule)] + \
        list(FAME_SOURCE_LABELS.values())
