"""Compatibility profiles: the rules of other implementations, copied so that a variant answers
as they do (docs/rbtying.md, docs/botzone.md)."""
