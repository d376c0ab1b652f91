"""Misère play of heap games: misère quotients (Plambeck–Siegel) and genus (Conway–Guy–Smith)."""
