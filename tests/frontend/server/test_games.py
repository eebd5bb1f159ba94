"""Whole games of every family through the server, to the end, with records that replay; and
no payload a seat receives names a card only other seats (or the decks) hold."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from sevenwonders.cli import main
from sevenwonders.frontend.records import game_of, record_from_dict, replay
from tests.frontend.server.helpers import auth, create, play_to_end, server

FAMILIES = [
    ("base", 3, {}, {"1": "random", "2": "greedy"}),
    ("base", 4, {"expansions": ["edifice"]}, {"1": "greedy", "3": "random"}),
    ("base", 3, {"edition": "1st", "sides": "ab"}, {"2": "random"}),
    ("architects", 3, {}, {"1": "greedy", "2": "random"}),
    ("dice", 3, {"max_turns": 40}, {"0": "greedy", "2": "random"}),
]


def replayed(game: Any, record: Any) -> tuple[list[Any], list[set[str]]]:
    """For each step k: the state after k steps (to know who holds what), and the cards the
    step built (a public act, even when an Edifice penalty takes the card away at once)."""
    states = [game.new_game(record.seed)]
    built: list[set[str]] = [set()]

    def keep(index: int, moves: Any, state: Any, events: Any) -> None:
        states.append(state)
        built.append({event.card for event in events if type(event).__name__ == "CardBuilt"})

    replay(record, on_step=keep)
    return states, built


def names_in(value: Any) -> set[str]:
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(names_in(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(names_in(v) for v in value)) if value else set()
    return set()


def check_no_leak(record: Any, received: list[tuple[int, dict[str, Any]]]) -> int:
    """Every base-game payload: no card name of another hand, a deck or the discard pile
    unless the seat's own view shows it, or it was in the seat's hand or in a city a step ago."""
    game = game_of(record)
    states, built = replayed(game, record)
    cards = set(game.edition.cards)  # type: ignore[attr-defined]
    checked = 0
    for seat, payload in received:
        step = payload["step"]
        state = states[step]
        secret = {name for other, hand in enumerate(state.hands) if other != seat
                  for name in hand}
        secret |= {name for deck in state.decks for name in deck} | set(state.discard)
        strings = names_in(payload["view"])
        seen = (strings & cards) | set().union(*built[:step + 1])
        for before in states[:step]:  # what it held and every city showed before: the
            seen |= set(before.hands[seat])  # whole-game log recalls its own sales and
            seen |= {card for city in before.cities for card in city.cards}  # discards
        secret -= seen
        text = json.dumps(payload)
        # a visible name that contains a secret one ("Siege Workshop", the Edifice project
        # "Military School") is blanked first, so only the secret name alone counts
        covering = {v for v in strings | seen if any(n in v and n != v for n in secret)}
        for name in sorted(seen | covering, key=len, reverse=True):
            text = text.replace(name, "#")
        for name in secret:
            found = re.search(rf"\b{re.escape(name)}\b", text)
            where = text[max(0, found.start() - 200):found.end() + 50] if found else ""
            assert found is None, (f"seat {seat} at step {step} was sent {name!r}, which it "
                                   f"may not see: {where}")
        checked += 1
    return checked


@pytest.mark.parametrize(("game", "players", "options", "bots"), FAMILIES,
                         ids=["base", "edifice", "first-edition", "architects", "dice"])
def test_a_whole_game_to_the_end_and_its_record_replays(
        tmp_path: Path, game: str, players: int, options: dict[str, Any],
        bots: dict[str, str]) -> None:
    received: list[tuple[int, dict[str, Any]]] = []
    with server(tmp_path / "t.sqlite3") as client:
        table, tokens = create(client, game, players, bots=bots, **options)
        last = play_to_end(client, table, tokens, seed=players,
                           seen=lambda seat, payload: received.append((seat, payload)))
        info = client.get(f"/api/tables/{table}").json()
        response = client.get(f"/api/tables/{table}/record")
    assert last["over"] and info["over"] and info["waiting_for"] == []
    assert response.status_code == 200
    record = record_from_dict(response.json())
    assert record.game == game and record.players == players
    result = replay(record, require_finished=True)
    assert [sheet.total for sheet in result.scores] == [s["total"] for s in last["scores"]]
    assert list(result.ranking) == last["ranking"] == info["ranking"]
    assert record.final == tuple(s["total"] for s in last["scores"])
    path = tmp_path / "record.json"
    path.write_text(json.dumps(response.json()))
    assert main(["replay", str(path), "--require-finished"]) == 0
    if game == "base":
        assert check_no_leak(record, received) > 0
    # every payload was the seat's own
    assert all(payload["seat"] == seat for seat, payload in received)


def test_two_people_at_one_table(tmp_path: Path) -> None:
    with server(tmp_path / "t.sqlite3") as client:
        table, tokens = create(client, "base", 3, bots={"2": "random"})
        assert set(tokens) == {0, 1}
        received: list[tuple[int, dict[str, Any]]] = []
        play_to_end(client, table, tokens, seed=5,
                    seen=lambda seat, payload: received.append((seat, payload)))
        record = record_from_dict(client.get(f"/api/tables/{table}/record").json())
    assert {seat for seat, _ in received} == {0, 1}
    assert check_no_leak(record, received) > 0
    after = client  # the app is closed; a finished table refuses moves in a new app
    del after
    with server(tmp_path / "t.sqlite3") as client:
        response = client.post(f"/api/tables/{table}/seats/0/moves", headers=auth(tokens[0]),
                               json={"move": "pass"})
        assert response.status_code == 409
        assert response.json()["error"]["reason"] == "game_over"


def test_the_leak_check_catches_a_leak() -> None:
    from sevenwonders import make_game, to_json
    from sevenwonders.frontend.records import new_record

    game = make_game("base", 3)
    record = new_record(game, 5)
    state = game.new_game(5)
    honest = {"step": 0, "view": json.loads(to_json(game.view(state, 0))), "events": []}
    assert check_no_leak(record, [(0, honest)]) == 1
    leaky = {**honest, "events": [{"text": f"seat 1 holds {', '.join(state.hands[1])}"}]}
    with pytest.raises(AssertionError, match="may not see"):
        check_no_leak(record, [(0, leaky)])
