"""rbtying/shengji's rules read literally (``reference``, ``trick_reference``) and the walks comparing the profile with them at scale."""
