"""Print a configuration's action index and observation layout.

    python -m sevenwonders.encoding.layout base 5 expansions=edifice edition=1st
    python -m sevenwonders.encoding.layout architects 2 --actions

Options are ``key=value`` (``expansions`` and ``sides`` comma-separated); ``--actions`` lists
every action with its number, otherwise actions are summarised by kind.
"""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

from sevenwonders.encoding.actions import action_index
from sevenwonders.encoding.observations import make_encoder
from sevenwonders.games import make_game


def describe(name: str, players: int, options: dict[str, Any], every_action: bool) -> str:
    payments = options.pop("payments", "cheapest")
    game = make_game(name, players, **options)
    index = action_index(game, payments)
    encoder = make_encoder(game)
    lines = [f"{name} {players} {options}: {index.size} actions, observation of "
             f"{encoder.size} floats", "", "actions:"]
    if every_action:
        lines += [f"  {a:>6}  {label}" for a, label in enumerate(index.labels)]
    else:
        kinds = Counter(label.split()[0] for label in index.labels)
        first: dict[str, int] = {}
        for a, label in enumerate(index.labels):
            first.setdefault(label.split()[0], a)
        lines += [f"  {kind:<14} {count:>6} (first: {first[kind]} = "
                  f"{index.labels[first[kind]]!r})" for kind, count in kinds.items()]
    lines += ["", "observation:"]
    lines += [f"  {start:>6} +{length:<5} {segment}"
              for segment, start, length in encoder.layout.segments]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    every = "--actions" in args
    args = [a for a in args if a != "--actions"]
    if len(args) < 2:
        raise SystemExit(__doc__)
    options: dict[str, Any] = {}
    for item in args[2:]:
        key, _, value = item.partition("=")
        options[key] = value.split(",") if key == "expansions" else value
    print(describe(args[0], int(args[1]), options, every))


if __name__ == "__main__":
    main()
