"""The web app (``trapoula serve``): tables in the browser over WebSockets.

Server-authoritative: the engine checks every action, clients only ever receive views
(see docs/web.md).  Needs the ``web`` extra (Starlette, uvicorn, SQLAlchemy).
"""
