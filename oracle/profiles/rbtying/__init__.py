"""rbtying/shengji's rules, for the ``rbtying-default`` profile and rooms like it (docs/rbtying.md)."""
