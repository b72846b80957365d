"""``python -m oracle`` is the ``shengji-oracle`` command (:mod:`oracle.cli`): with no
subcommand it runs the server (``python -m oracle --help``).
"""

from oracle.cli import main

if __name__ == "__main__":
    main(prog_name="shengji-oracle")
