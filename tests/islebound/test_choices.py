"""Every choice the rulebook gives a player is the player's (issue 22; RULES.md E1-E8): one fact
per test in a small literal position, named after the spec section; random play reaches each."""

import collections
import json
import random

import pytest

from rules.ai import chooser_for
from rules.base import IllegalAction, canonical, rng_for
from rules.islebound import ENGINE
from rules.islebound.decisions import place_cubes
from rules.islebound.gains import gain, gain_fame

from .helpers import act, at, fresh, sailor


def legal(state, seat):
    return ENGINE.legal_actions(state, seat)


def deck(state, seat):
    return {x["id"]: x["deck"] for x in state["players"][seat]["sailors"]}


def lines(events, names=("Ana", "Bo", "Chen", "Dan")):
    return [str(ENGINE.describe_event(e, list(names))) for e in events]


# -- E1 which sailor ---------------------------------------------------------------------------
def test_toll_sailor_is_chosen_among_skill_sets_spec_8_1():
    s = at(fresh(2), 0, "rockslide")  # toll: exhaust an admin
    sailor(s, 0, "s16")  # admin/sailing
    act(s, 0, {"type": "visit"})
    assert legal(s, 0) == [{"type": "crew", "sailor": "s01"}, {"type": "crew", "sailor": "s16"}]
    act(s, 0, {"type": "crew", "sailor": "s16"})
    assert deck(s, 0) == {"s01": True, "s02": True, "s09": True, "s16": False}
    assert s["players"][0]["books"] == 1 and s["turn"]["main"]


def test_alike_sailors_are_no_choice_and_the_log_names_the_one_spec_8_1():
    s = at(fresh(2), 0, "rockslide")  # two admin-only sailors: identical in effect
    events = act(s, 0, {"type": "visit"})
    assert s["pending"] == [] and deck(s, 0)["s01"] is False
    assert "Ana visits Rockslide, exhausting a sailor (admin)" in lines(events)


def test_sharing_a_region_admin_is_chosen_spec_7_r4():
    s = fresh(2)
    s["players"][1]["region"] = "sans_rest"
    sailor(s, 0, "s14")  # admin/combat
    act(s, 0, {"type": "move", "to": "sans_rest"})
    assert s["players"][0]["region"] == "tandrake"  # nothing happens before the choice
    assert legal(s, 0) == [{"type": "crew", "sailor": "s01"}, {"type": "crew", "sailor": "s14"}]
    events = act(s, 0, {"type": "crew", "sailor": "s14"})
    assert s["players"][0]["region"] == "sans_rest" and deck(s, 0)["s14"] is False
    assert "Ana sails from Tandrake to Sans Rest, exhausting a sailor (admin/combat)" in lines(events)


def test_event_cost_sailor_is_chosen_spec_9_1():
    s = at(fresh(2), 0, "farwold")
    s["event_decks"] = [["e15"], [e for e in s["event_decks"][0] + s["event_decks"][1] if e != "e15"]]
    sailor(s, 0, "s15")  # admin/negotiation
    sailor(s, 0, "s22")  # negotiation/sailing
    act(s, 0, {"type": "event", "deck": 1})
    assert [a["sailor"] for a in legal(s, 0)] == ["s15", "s22"]
    act(s, 0, {"type": "crew", "sailor": "s22"})
    assert deck(s, 0)["s22"] is False and deck(s, 0)["s15"] is True and "e15" in s["event_discard"]


def test_combat_sailors_that_roll_are_chosen_spec_8_2():
    s = at(fresh(2), 0, "ratnest")
    s["players"][0]["pirates"] = 1
    s["supply"]["pirates"] -= 1
    sailor(s, 0, "s14")  # admin/combat
    sailor(s, 0, "s21")  # combat/sailing
    act(s, 0, {"type": "attack"})
    assert {"type": "commit", "combat": 1} in legal(s, 0)
    act(s, 0, {"type": "commit", "combat": 1})
    assert [a["sailor"] for a in legal(s, 0)] == ["s14", "s21"]
    events = act(s, 0, {"type": "crew", "sailor": "s21"})
    roll = next(e for e in events if e["type"] == "roll")
    assert len(roll["dice"]) == 2 and roll["crew"] == ["s21"]
    assert deck(s, 0)["s21"] is False and deck(s, 0)["s14"] is True


def test_wounded_sailor_is_chosen_spec_8_2_r8():
    s = at(fresh(2), 0, "stratic")
    s["players"][0]["serpents"] = 2
    s["supply"]["serpents"] -= 2
    s.update(phase="attack", attack={"city": "stratic", "strength": 6, "stage": "reroll", "pirates": 0,
                                     "serpents": 2, "ichor": False, "combat": 0, "crew": [], "dice": [5, 4],
                                     "total": 5, "rerolls": 0})
    s["turn"]["main"] = True
    act(s, 0, {"type": "wound", "n": 1})
    assert legal(s, 0) == [{"type": "crew", "sailor": "s01"}, {"type": "crew", "sailor": "s09"}]
    events = act(s, 0, {"type": "crew", "sailor": "s01"})
    assert [x["id"] for x in s["players"][0]["sailors"] if x["wounded"]] == ["s01"]
    assert "Ana wounds a sailor (admin) to win" in lines(events)


def test_exchange_sailor_is_chosen_spec_8_1():
    s = at(fresh(2), 0, "jilliam")
    s["players"][0]["fish"] = 1
    act(s, 0, {"type": "visit"})
    act(s, 0, {"type": "exchange", "pay": "fish"})
    assert [a["sailor"] for a in legal(s, 0)] == ["s02", "s09"]
    act(s, 0, {"type": "crew", "sailor": "s02"})
    assert s["players"][0]["books"] == 1 and deck(s, 0) == {"s01": False, "s02": False, "s09": True}


# -- E3 diplomacy ------------------------------------------------------------------------------
def _diplomacy_at_farwold(cubes: dict, negotiators=()):
    s = at(fresh(3), 0, "farwold")  # Farwold: influence 6
    for space, seat in cubes.items():
        s["influence"][space - 1] = seat
    for sid in negotiators:
        sailor(s, 0, sid)
    return s


def test_diplomacy_cubes_are_chosen_by_value_spec_8_3():
    s = _diplomacy_at_farwold({1: 0, 7: 0, 13: 0, 14: 0}, ["s15"])  # cubes worth 1, 2, 3, 3
    act(s, 0, {"type": "diplomacy"})
    assert legal(s, 0) == [{"type": "pay", "value": 1}, {"type": "pay", "value": 2}, {"type": "pay", "value": 3},
                           {"type": "pay", "sailor": "s15"}, {"type": "cancel"}]
    act(s, 0, {"type": "pay", "value": 3})
    act(s, 0, {"type": "pay", "value": 2})
    assert "farwold" not in s["owner"]  # 5 of 6 paid
    events = act(s, 0, {"type": "pay", "sailor": "s15"})
    assert s["owner"]["farwold"] == {"seat": 0, "method": "diplomacy"}
    assert s["influence"][0] == 0 and s["influence"][6] is None and s["influence"][12:14].count(0) == 1
    assert deck(s, 0)["s15"] is False
    assert "Ana uses diplomacy at Farwold (needs 6), paying with cubes from spaces 7, 14, a sailor " \
           "(admin/negotiation)" in lines(events)


def test_diplomacy_may_overpay_and_steps_that_cannot_reach_are_not_offered_spec_8_3():
    s = _diplomacy_at_farwold({1: 0, 13: 0, 14: 0})  # 1 + 3 + 3 = 7 for 6
    act(s, 0, {"type": "diplomacy"})
    assert {"type": "pay", "value": 1} in legal(s, 0)
    act(s, 0, {"type": "pay", "value": 3})
    act(s, 0, {"type": "pay", "value": 1})
    assert legal(s, 0) == [{"type": "pay", "value": 3}, {"type": "cancel"}]
    act(s, 0, {"type": "pay", "value": 3})
    assert s["owner"]["farwold"]["seat"] == 0 and s["influence"].count(0) == 0


def test_diplomacy_cancel_gives_the_main_action_back_spec_8_3():
    s = _diplomacy_at_farwold({13: 0, 14: 0})
    before = [list(s["influence"]), deck(s, 0)]
    act(s, 0, {"type": "diplomacy"})
    act(s, 0, {"type": "pay", "value": 3})
    act(s, 0, {"type": "cancel"})
    assert s["phase"] == "act" and not s["turn"]["main"] and [s["influence"], deck(s, 0)] == before


def test_diplomacy_not_offered_when_unreachable_spec_8_3():
    s = _diplomacy_at_farwold({13: 0}, ["s15"])  # 3 + 1 < 6
    assert {"type": "diplomacy"} not in legal(s, 0)


# -- E2 free hire ------------------------------------------------------------------------------
def test_free_hire_slot_is_chosen_spec_10_12_2():
    s = at(fresh(2), 0, "borsham")
    s["tokens"].remove("f16")
    s["tokens"].insert(0, "f16")
    row = list(s["sailor_row"])
    gain_fame(s, 0, 7, [])
    assert legal(s, 0) == [{"type": "hire", "slot": 1}, {"type": "hire", "slot": 2}, {"type": "hire", "slot": 3}]
    events = act(s, 0, {"type": "hire", "slot": 2})
    p = s["players"][0]
    assert p["sailors"][-1]["id"] == row[1] and p["coins"] == 7 and s["pending"] == []
    assert any(line.startswith("Ana hires a sailor (") and line.endswith("for free (slot 2)") for line in lines(events))


def test_free_hire_with_one_sailor_left_takes_it_spec_10():
    s = at(fresh(2), 0, "borsham")
    s["tokens"].remove("f16")
    s["tokens"].insert(0, "f16")
    s["sailor_row"] = [None, None, "s20"]
    events = []
    gain_fame(s, 0, 7, events)
    assert s["pending"] == [] and s["players"][0]["sailors"][-1]["id"] == "s20"
    assert "Ana hires a sailor (combat/negotiation) for free (slot 3)" in lines(events), "the log says what was taken"


# -- E6 the hold -------------------------------------------------------------------------------
def test_full_hold_keeps_the_players_mix_spec_11_2():
    s = at(fresh(2), 0, "borsham")
    s["players"][0]["wood"] = 4
    gain(s, 0, {"fish": 9}, [])
    assert ENGINE.to_act(s) == {0}
    assert [(a["wood"], a["fish"]) for a in legal(s, 0)] == [(4, 6), (3, 7), (2, 8), (1, 9)]
    events = act(s, 0, {"type": "keep", "wood": 2, "fish": 8})
    assert (s["players"][0]["wood"], s["players"][0]["fish"]) == (2, 8)
    assert "Ana's hold is full: 2 wood + 1 fish discarded" in lines(events)


def test_full_hold_of_one_good_needs_no_choice_spec_11_2():
    s = at(fresh(2), 0, "borsham")
    events = []
    gain(s, 0, {"fish": 12}, events)
    assert s["pending"] == [] and s["players"][0]["fish"] == 10
    assert "Ana's hold is full: 2 fish discarded" in lines(events)


def test_a_visit_waits_for_the_hold_choice_then_goes_on_spec_11_2():
    s = at(fresh(2), 0, "the_grotto")  # +4 fish, +1 per work sailor on deck
    s["players"][0]["wood"] = 8
    act(s, 0, {"type": "visit"})
    assert s["phase"] == "city" and legal(s, 0)[0]["type"] == "keep"
    act(s, 0, {"type": "keep", "wood": 8, "fish": 2})
    assert s["phase"] == "city"  # the next op's fish (one work sailor) overflows again: discarded at once
    assert legal(s, 0) == [{"type": "keep", "wood": 8, "fish": 2}, {"type": "keep", "wood": 7, "fish": 3}]
    act(s, 0, {"type": "keep", "wood": 7, "fish": 3})
    assert s["phase"] == "act" and (s["players"][0]["wood"], s["players"][0]["fish"]) == (7, 3)


# -- E5 House of Commons -----------------------------------------------------------------------
def test_house_of_commons_no_choice_when_values_are_equal_spec_9_1_r31():
    s = fresh(3)
    s["players"][0]["buildings"] = ["b21"]
    events = []
    place_cubes(s, 0, 2, events)
    assert s["pending"] == [] and s["influence"][:2] == [0, 0] and events[-1]["skip"] is False
    assert lines(events)[-1] == "Ana places cubes on influence spaces 1, 2 (House of Commons: skipping would gain " \
                                "nothing)"


def test_house_of_commons_no_skip_that_only_loses_a_cube_spec_9_1_r31():
    s = fresh(3)
    s["players"][0]["buildings"] = ["b21"]
    s["influence"][:17] = [1] * 17  # one empty space left
    place_cubes(s, 0, 1, [])
    assert s["pending"] == [] and s["influence"][17] == 0


def test_later_cubes_wait_behind_a_house_of_commons_choice_spec_9_1_r24():
    s = fresh(3)
    s["players"][0]["buildings"] = ["b21"]
    s["influence"][:5] = [2] * 5
    place_cubes(s, 0, 1, [])
    place_cubes(s, 1, 1, [])  # seat 1's cube comes later and lands after seat 0 decided
    act(s, 0, {"type": "commons", "skip": False})
    assert s["influence"][5:7] == [0, 1]


# -- E7 Architect: which card pays a book ------------------------------------------------------
def test_architect_card_paying_a_book_is_chosen_and_stays_private_spec_15_6():
    s = at(fresh(2, {"architect": True}), 0, "morlim")
    s["event_decks"] = [["e01"], [e for e in s["event_decks"][0] + s["event_decks"][1] if e != "e01"]]
    s["players"][0]["hand"] = ["b05", "b12"]
    act(s, 0, {"type": "event", "deck": 1})
    assert legal(s, 0) == [{"type": "pay_card", "card": "b05"}, {"type": "pay_card", "card": "b12"}]
    act(s, 0, {"type": "pay_card", "card": "b12"})
    assert s["players"][0]["hand"] == ["b05"] and s["discard"] == ["b12"]
    pub = json.dumps(ENGINE.view(s, None))
    assert "b12" not in pub and s["last_move"]["action"] == {"type": "pay_card"}


def test_architect_card_choice_is_hidden_while_pending_spec_15_6():
    s = at(fresh(2, {"architect": True}), 0, "crimsica")
    s["owner"]["crimsica"] = {"seat": 0, "method": "attack"}
    s["players"][0]["hand"] = ["b05", "b12", "b20"]
    s["players"][0]["sailors"].append({"id": "s13", "deck": True, "wounded": False})
    act(s, 0, {"type": "visit"})
    act(s, 0, {"type": "exchange"})  # any number: 1 book -> 1 influence cube
    assert [a["card"] for a in legal(s, 0)] == ["b05", "b12", "b20"]
    for who in (None, 1):
        view = ENGINE.view(s, who)
        assert "b12" not in json.dumps(view["pending"]) and "b05" not in json.dumps(view)


# -- E8 trade ----------------------------------------------------------------------------------
def _trade_position():
    s = at(fresh(2, {"trade": True}), 0, "borsham")
    s["players"][1]["region"] = "borsham"
    s["players"][0].update(wood=2, fish=2)
    s["players"][1].update(pirates=1, fish=1)
    s["supply"]["pirates"] -= 1
    act(s, 0, {"type": "trade", "with": 1})
    return s


def test_trade_several_goods_each_way_spec_15_2():
    s = _trade_position()
    for good in ("wood", "wood", "fish"):
        act(s, 0, {"type": "give", "good": good})
    act(s, 0, {"type": "ask", "good": "pirate"})
    act(s, 0, {"type": "ask", "good": "fish"})
    events = act(s, 0, {"type": "send"})
    assert "Ana offers Bo 2 wood + 1 fish for 1 pirate + 1 fish" in lines(events)
    act(s, 1, {"type": "accept"})
    assert [s["players"][0][k] for k in ("wood", "fish", "pirates")] == [0, 2, 1]
    assert [s["players"][1][k] for k in ("wood", "fish", "pirates")] == [2, 1, 0]


def test_trade_each_side_receives_a_type_it_did_not_give_spec_15_2_r28():
    s = _trade_position()
    act(s, 0, {"type": "give", "good": "wood"})
    act(s, 0, {"type": "give", "good": "fish"})
    act(s, 0, {"type": "ask", "good": "fish"})
    assert {"type": "send"} not in legal(s, 0)  # seat 0 would only get fish back
    with pytest.raises(IllegalAction):
        act(s, 0, {"type": "send"})
    act(s, 0, {"type": "ask", "good": "pirate"})
    assert {"type": "send"} in legal(s, 0)
    assert {"type": "ask", "good": "pirate"} not in legal(s, 0)  # seat 1 holds one pirate


def test_trade_overflow_asks_the_receiver_spec_15_2_11_2():
    s = _trade_position()
    s["players"][1].update(wood=5, fish=5)
    act(s, 0, {"type": "give", "good": "wood"})
    act(s, 0, {"type": "ask", "good": "pirate"})
    act(s, 0, {"type": "send"})
    act(s, 1, {"type": "accept"})
    assert ENGINE.to_act(s) == {1} and legal(s, 1)[0]["type"] == "keep"
    act(s, 1, {"type": "keep", "wood": 5, "fish": 5})
    assert ENGINE.to_act(s) == {0} and s["phase"] == "act"


# -- Harbormaster's Hall -----------------------------------------------------------------------
def test_harbormasters_hall_no_fame_for_an_exhaust_toll_spec_13_5_8_1():
    s = at(fresh(2), 0, "rockslide")
    s["owner"]["rockslide"] = {"seat": 1, "method": "diplomacy"}
    s["players"][1]["buildings"] = ["m10"]
    act(s, 0, {"type": "visit"})
    assert s["players"][1]["fame"] == 0


# -- the AI chooses too ------------------------------------------------------------------------
def test_ai_pays_with_the_sailor_it_can_spare_and_keeps_the_richer_diplomacy():
    ai = chooser_for("islebound")
    s = at(fresh(2), 0, "rockslide")
    sailor(s, 0, "s16")  # admin/sailing: worth more than a plain admin
    s["players"][0]["sailors"][0]["deck"] = False  # s01 below: s02 is the plain admin left
    act(s, 0, {"type": "visit"})
    assert ai(ENGINE.view(s, 0), legal(s, 0), rng_for("t", 1)) == {"type": "crew", "sailor": "s02"}
    s = _diplomacy_at_farwold({1: 0, 7: 0, 13: 0}, ["s15"])  # exact 6 = 3 + 2 + 1 cube, or with the sailor
    act(s, 0, {"type": "diplomacy"})
    assert ai(ENGINE.view(s, 0), legal(s, 0), rng_for("t", 2)) == {"type": "pay", "sailor": "s15"}


def test_ai_takes_the_best_free_hire_and_skips_with_house_of_commons():
    ai = chooser_for("islebound")
    s = at(fresh(3), 0, "borsham")
    s["tokens"].remove("f16")
    s["tokens"].insert(0, "f16")
    s["sailor_row"] = ["s17", "s16", "s18"]  # work/combat 4, admin/sailing 6, work/negotiation 4
    gain_fame(s, 0, 7, [])
    assert ai(ENGINE.view(s, 0), legal(s, 0), rng_for("t", 3)) == {"type": "hire", "slot": 2}
    s = fresh(3)
    s["players"][0]["buildings"] = ["b21"]
    s["influence"][:5] = [1] * 5
    place_cubes(s, 0, 1, [])
    assert ai(ENGINE.view(s, 0), legal(s, 0), rng_for("t", 4)) == {"type": "commons", "skip": True}


# -- random play reaches every choice ----------------------------------------------------------
def test_random_playthroughs_reach_every_new_choice():
    seen = collections.Counter()
    options = [{"architect": True, "trade": True}, {"trade": True, "metropolis": True}, {"advanced": True, "trade": True}]
    for g in range(60):
        s = ENGINE.setup(2 + g % 3, dict(options[g % 3]), g)
        rnd = random.Random(g)
        while ENGINE.result(s) is None:
            seat = min(ENGINE.to_act(s))
            acts = legal(s, seat)
            if s["pending"]:
                e = s["pending"][0]
                seen[e["kind"] if e["kind"] != "pay" else f"{e['action']['type']}:{acts[0]['type']}"] += 1
            a = rnd.choice(acts)
            if a["type"] == "send" and len(s["trade"]["give"]) + len(s["trade"]["get"]) > 2:
                seen["trade of several types"] += 1
            if a["type"] == "pay":
                seen["diplomacy step"] += 1
            ENGINE.apply(s, seat, a)
    assert set(seen) >= {"move:crew", "visit:crew", "event:crew", "exchange:crew", "commit:crew", "wound:crew",
                         "event:pay_card", "exchange:pay_card", "hold", "hire", "cubes", "diplomacy step",
                         "trade of several types"}, seen


# -- loading a saved state ---------------------------------------------------------------------
def _saved():
    return json.loads(canonical(ENGINE.dump(fresh(3))))


@pytest.mark.parametrize("damage,reason", [
    (lambda d: d.pop("players"), "state has no players"),
    (lambda d: d["players"][1].pop("coins"), "players[1] has no coins"),
    (lambda d: d["players"][0].update(fish="3"), "players[0].fish has the wrong type"),
    (lambda d: d["players"][0].update(coins=-1), "players[0].coins is out of range"),
    (lambda d: d.update(n=5), "state.n is out of range"),
    (lambda d: d["influence"].__setitem__(4, 3), "influence names a seat that is not in the game"),
    (lambda d: d["owner"].update(borsham={"seat": 7, "method": "attack"}), "owner names a seat"),
    (lambda d: d.update(order=[0, 1, 1]), "the seat order is not one of the seats"),
    (lambda d: d.update(phase="dance"), "the phase is unknown"),
    (lambda d: d.update(pending=[{"kind": "hold", "seat": 9}]), "pending names a seat"),
    (lambda d: d["players"][2]["sailors"].append({"id": "s99", "deck": True, "wounded": False}), "unknown id"),
    (lambda d: d.update(phase="attack"), "state has no attack"),
    (lambda d: d.update(options={"trade": True}), "the options are not those of a game"),
])
def test_load_rejects_a_malformed_state_with_the_reason(damage, reason):
    data = _saved()
    damage(data)
    with pytest.raises(ValueError, match="not a usable Islebound state") as err:
        ENGINE.load(data)
    assert reason in str(err.value)


@pytest.mark.parametrize("junk", [None, [], "state", 3])
def test_load_rejects_what_is_not_a_state(junk):
    with pytest.raises(ValueError, match="not a usable Islebound state"):
        ENGINE.load(junk)


def test_load_accepts_every_state_of_a_game_with_open_choices():
    s = ENGINE.setup(3, {"architect": True, "trade": True}, 4)
    rnd = random.Random(4)
    while ENGINE.result(s) is None:
        seat = min(ENGINE.to_act(s))
        ENGINE.apply(s, seat, rnd.choice(legal(s, seat)))
        assert ENGINE.load(json.loads(canonical(ENGINE.dump(s)))) == s


# -- the public view names no hidden card -------------------------------------------------------
def _hidden_ids(s):
    hidden = set(s["deck"]) | set(s["metro_deck"]) | set(s["discard"]) | set(s["sailor_stack"][1:])
    hidden |= set(s["tokens"][1:]) | {x for d in s["event_decks"] + s["rep_decks"] for x in d[1:]}
    for p in s["players"]:
        hidden |= set(p["hand"]) | set(p["packet"])
    public = set(s["row"]) | set(s["metro_row"]) | set(s["event_discard"]) | set(s["rep_discard"])
    for p in s["players"]:
        public |= set(p["buildings"]) | set(p["tokens"]) | {x["id"] for x in p["sailors"]}
    return hidden - public


@pytest.mark.parametrize("options", [{"architect": True, "metropolis": True, "trade": True}, {"metropolis": True}])
def test_public_view_names_no_hidden_card_through_a_game(options):
    s = ENGINE.setup(3, options, 8)
    rnd = random.Random(8)
    while ENGINE.result(s) is None:
        seat = min(ENGINE.to_act(s))
        ENGINE.apply(s, seat, rnd.choice(legal(s, seat)))
        text = json.dumps(ENGINE.view(s, None))
        assert '"seed"' not in text
        leaked = [x for x in _hidden_ids(s) if f'"{x}"' in text]
        assert not leaked, (leaked, s["phase"], s["last_move"])


def test_ai_keeps_the_mix_the_reachable_buildings_need():
    ai = chooser_for("islebound")
    s = at(fresh(2), 0, "borsham")
    s["row"] = ["b12", "b23", "b29", "b30", "b31"]  # in reach without books: Sawmill 0-3, Harbor 2-1
    s["players"][0]["wood"] = 9
    gain(s, 0, {"fish": 9}, [])  # wood share (1 + 2) / (1 + 2 + 1 + 4) = 3/8 of 10
    assert ai(ENGINE.view(s, 0), legal(s, 0), rng_for("t", 5)) == {"type": "keep", "wood": 4, "fish": 6}


def test_another_move_during_an_open_choice_is_refused_with_what_to_decide():
    s = at(fresh(2), 0, "rockslide")
    sailor(s, 0, "s16")
    act(s, 0, {"type": "visit"})
    before = canonical(ENGINE.dump(s))
    with pytest.raises(IllegalAction, match="Decide this first: which sailor to exhaust"):
        act(s, 0, {"type": "end_turn"})
    assert canonical(ENGINE.dump(s)) == before


def test_two_wounds_that_can_only_fall_on_the_same_two_sailors_need_no_choice_spec_8_2():
    s = at(fresh(2), 0, "stratic")
    s["players"][0]["serpents"] = 1
    s["supply"]["serpents"] -= 1
    s["players"][0]["sailors"] = [{"id": "s09", "deck": True, "wounded": False},
                                  {"id": "s16", "deck": True, "wounded": False}]
    s.update(phase="attack", attack={"city": "stratic", "strength": 6, "stage": "reroll", "pirates": 0,
                                     "serpents": 1, "ichor": False, "combat": 0, "crew": [], "dice": [6],
                                     "total": 3, "rerolls": 0})
    s["turn"]["main"] = True
    assert {"type": "wound", "n": 2} not in legal(s, 0) and {"type": "wound", "n": 3} not in legal(s, 0)
    s["attack"]["total"] = 4
    events = act(s, 0, {"type": "wound", "n": 2})  # either order wounds the same two: no question
    assert s["pending"] == [] and s["owner"]["stratic"]["seat"] == 0
    assert "Ana wounds a sailor (work), a sailor (admin/sailing) to win" in lines(events)


def test_load_brings_a_state_saved_before_the_choices_up_to_date():
    s = _trade_position()
    act(s, 0, {"type": "give", "good": "wood"})
    data = json.loads(canonical(ENGINE.dump(s)))
    data["pending"] = None
    data["trade"].update(give="wood", get="pirate", give_n=2, get_n=1)
    loaded = ENGINE.load(data)
    assert loaded["pending"] == [] and loaded["trade"]["give"] == {"wood": 2} and loaded["trade"]["get"] == {
        "pirate": 1} and "give_n" not in loaded["trade"]
    assert data["pending"] is None  # load does not change what it was given
    act(loaded, 0, {"type": "send"})
    act(loaded, 1, {"type": "accept"})
    assert loaded["players"][0]["pirates"] == 1
