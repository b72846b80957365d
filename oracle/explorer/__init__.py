"""The rule explorer: a page for players, served by :mod:`oracle.service.http` from the static
files of this folder (no build step). Cards are picked from the variant's deck, every question
is asked over HTTP/JSON, the answers are drawn as cards and said in English or Chinese, and each
rule has its page from ``rules.json`` (written by ``scripts/generate/explorer_rules.py``); docs/explorer.md.
"""
