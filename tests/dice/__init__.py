"""Tests of 7 Wonders Dice."""
