"""Clubs and tournaments in the web room (docs/web.md, "Clubs and tournaments"): the score
sheet's phone page (``/score``) and club nights played with real cards (``/night/...``).

The scoring and pairing are :mod:`trapoula.club`'s; this package stores their inputs (a sheet's
entries, a night's list of events, replayed on load) and serves them:

* :mod:`~trapoula.web.club.store` — the rows (migration ``0009``), in SQL or in memory;
* :mod:`~trapoula.web.club.nights` — a club night: its event, its tables' codes, corrections;
* :mod:`~trapoula.web.club.api_score` — the score sheet API;
* :mod:`~trapoula.web.club.api_nights` — the club night API;
* :mod:`~trapoula.web.club.routes` — their routes and limits (``club_routes``).
"""
