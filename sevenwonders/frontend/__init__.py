"""Frontends over the one protocol: move choices, the terminal client, game records and
replays, the command-line commands (and the web server in ``frontend.server``)."""
