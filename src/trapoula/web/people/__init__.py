"""The players' home: accounts, sign-in sessions, ratings, history, friends and moderation.

Everything here is optional for a table: a guest plays exactly as before.  The rows and the
:class:`~trapoula.web.people.rows.People` protocol are in :mod:`.rows`; the stores (SQL on the
table store's database, and in memory) in :mod:`.store`.
"""
