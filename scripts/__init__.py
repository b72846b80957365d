"""The project's scripts, one folder per purpose, each run from the checkout's root as a module:
``python -m scripts.bench.bench --quick`` (docs/development.md, "Scripts").

``bench`` speed and load, ``fuzz`` the fuzzer, ``generate`` the files read from the code and the
proto, ``release`` the conformance release and the lock's drift, ``setup`` the installers of
Chromium and nginx (shell), ``research/rbtying`` the walks against rbtying/shengji's rules read
literally. A script imports ``oracle``, ``conformance`` and ``scripts``, never ``tests``.
"""
