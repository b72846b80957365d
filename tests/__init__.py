"""The tests, in one folder per layer of docs/architecture.md (docs/development.md, "Tests").

``rules`` the seeds' rules, ``profiles`` rbtying's and Botzone's, ``dispatch`` the registries and
the question functions, ``variants`` a variant's checks and limits, ``referee`` AuditDeal and the
importers, ``service`` the gRPC and HTTP doors, ``api`` ``oracle.table.Table`` and the command line,
``conformance`` the suite and its mutants, ``docs`` the pages and the README, ``packaging`` the
package's shape, lock and wheel; ``support`` holds what tests share (no tests).
"""
