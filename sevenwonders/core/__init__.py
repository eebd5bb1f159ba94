"""What every game of the family shares; no game's own rules live here."""
