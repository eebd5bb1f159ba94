"""Compiled twins of speed-layer modules, made at build time by ``setup.py`` (not in the
repository); :mod:`sevenwonders.compiled` decides whether one is used."""
