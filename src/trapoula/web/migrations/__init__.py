"""Alembic migrations of the web store's schema (run by :func:`trapoula.web.store.upgrade`).

``0001`` is the schema of trapoula b0301f4 (the first web store, which had no schema
versions); ``0002`` stores every option value, the dealing version and the engine version of
each table.  A database without an ``alembic_version`` table but with the b0301f4 tables is
recognised as ``0001`` (stamped) and upgraded.  Each migration is frozen once released.
"""
