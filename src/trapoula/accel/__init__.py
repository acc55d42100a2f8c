"""Optional accelerated engines (numpy), built on the pure-Python rules core.

Nothing in ``cards``, ``core`` or ``games`` needs these; a fast path imports them lazily and
falls back to pure Python when numpy is missing.
"""
