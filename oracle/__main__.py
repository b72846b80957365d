"""``python -m oracle`` runs the server, the same as the ``shengji-oracle`` command.

See :func:`oracle.service.server.main` for the options (``python -m oracle --help``).
"""

from oracle.service.server import main

if __name__ == "__main__":
    raise SystemExit(main())
