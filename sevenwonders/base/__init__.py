"""7 Wonders, the base game (2nd edition, with the 1st edition as an option)."""
