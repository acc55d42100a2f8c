"""Clubs and tournaments without accounts: score sheets for games played with real cards,
duplicate scoring, pairings, movements, standings and the Bourré sit-and-go.

Standard library only, above the games (it reuses their scoring functions) and below the
command line and the web room, which call it:

* :mod:`~trapoula.club.sheet` — the score sheet (``new_sheet``, ``load_sheet``), one module
  per game (``sheet_bourloto``, ``sheet_bourre``, ``sheet_burraco``);
* :mod:`~trapoula.club.scales` — IMPs (WBF table, adapted to each game) and FIBUR victory points;
* :mod:`~trapoula.club.duplicate` — matchpoints and cross-IMPs of a duplicate board;
* :mod:`~trapoula.club.pairing` — Swiss, Danish and round-robin rounds;
* :mod:`~trapoula.club.movement` — the Mitchell movement of a club night;
* :mod:`~trapoula.club.standings` — standings with tie-breaks, CSV and JSON;
* :mod:`~trapoula.club.event` — a tournament or club night run round by round, as events;
* :mod:`~trapoula.club.sitgo` — the Bourré sit-and-go ante schedule and placement.

docs/tournaments.md describes the formats and the scales with their sources.
"""
