"""The rule explorer: a page asking the oracle any question in card notation over HTTP/JSON,
served by :mod:`oracle.service.http` from the static files of this folder (no build step)."""
