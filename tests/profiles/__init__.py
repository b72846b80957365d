"""The compatibility profiles: rbtying/shengji's and the Botzone judge's rules."""
