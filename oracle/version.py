"""The package's version, read by the service (``--version``, the health answer) and the case files.

>>> __version__.count(".")
2
"""

__version__ = "1.0.0"
