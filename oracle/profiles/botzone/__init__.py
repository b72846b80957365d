"""The Botzone Tractor judge's rules (keyijing/Tractor-RL judger.py), for the ``botzone-tractor``
profile (docs/botzone.md)."""
