"""Data files of 7 Wonders Dice: ``default_sheets.toml``, the PROVISIONAL default sheet set."""
