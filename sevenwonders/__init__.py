"""sevenwonders: rules engines for the 7 Wonders family of board games."""
