"""The engine's version, on its own so that every layer can read it without importing the
``trapoula`` package's facade (which registers the games).

>>> from trapoula.version import __version__
>>> __version__.count(".")
2
"""

__version__ = "0.1.0"
