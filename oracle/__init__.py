"""Shengji rules oracle: a stateless adjudicator for 升级 / 拖拉机.

Every module holds one concept, and the layers import only downwards (docs/architecture.md);
each rule module names the rule ids it decides, and docs/ says how.

>>> from oracle.table import Table
>>> Table("qq-two-deck", level="10", trump="H").check_follow(lead="8S 8S", hand="AS 5S 3C", play="AS 3C").legal
False

The public API (:mod:`oracle.table`; the package itself imports none of its modules, so that
every module can import ``oracle.pb`` and the rest without a cycle):

- :mod:`oracle.table`: ``Table``: one deal's questions in card notation, through the service's validation
- :mod:`oracle.table.records`: its answers as frozen dataclasses, to and from the proto messages

Foundation:

- :mod:`oracle.cards`: cards, ranks and suits, and their text notation (``AS``, ``10H``, ``BJ``)
- :mod:`oracle.errors`: a malformed question, one violation per field
- :mod:`oracle.pb`: the generated protobuf modules, under short names
- :mod:`oracle.convert`: the engine's values to and from proto messages
- :mod:`oracle.rules`: the catalogue of rule ids an answer can cite, with their sources
- :mod:`oracle.version`: the package's version

Variants:

- :mod:`oracle.variants`: the catalogue by id; whether a variant is valid; its ruleset for a deal
- :mod:`oracle.variants.files`: variant files (TOML, ``extends``) and where they are read from
- :mod:`oracle.variants.checks`: whether a variant's values agree with each other
- :mod:`oracle.variants.limits`: the size bounds of every field of a variant

The engine (:mod:`oracle.engine`), its values:

- :mod:`oracle.engine.card_order`: each card's effective suit, strength, slot and identity
- :mod:`oracle.engine.ruleset`: one variant compiled for one deal, with the strategies it applies
- :mod:`oracle.engine.units`: what a play is made of (units) and what beat a throw (blocks)
- :mod:`oracle.engine.pool`: which tuples and runs of adjacent tuples cards of one suit hold
- :mod:`oracle.engine.answers`: how units and a throw's answer are told (proto messages)
- :mod:`oracle.engine.trick_answers`: how a play's verdict and a judged trick are told
- :mod:`oracle.engine.following`: the suit duty (``follow.suit``) and the legal example's top-up
- :mod:`oracle.engine.budget`: when a question has spent its work budget or its deadline
- :mod:`oracle.engine.per_variant`: tables read once from a variant message and kept for it
- :mod:`oracle.engine.legal_space`: a hand's distinct cards with their copies, and the canonical order of plays
- :mod:`oracle.engine.legal_automata`: what a count reads plays with: duties, the automaton protocol, every play accepted
- :mod:`oracle.engine.legal_plays`: counting and paging the plays an automaton accepts (a DP over cards)
- :mod:`oracle.engine.legal_play_pages`: one page of those plays and every duty's count, merged in canonical order
- :mod:`oracle.engine.legal_follows`: the suit duty's split of the follows, and a play's judged core
- :mod:`oracle.engine.legal_leads`: every valid lead: singles, tuples, tractors listed, throws counted

The dispatch (:mod:`oracle.dispatch`), above every rule:

- :mod:`oracle.dispatch.registry`: which strategy an enum value names, and what it reads
- :mod:`oracle.dispatch.strategies`: what each rule family offers, and the rule of every enum value
- :mod:`oracle.dispatch.compile`: a variant's strategies for a deal, and which parameters are refused
- :mod:`oracle.dispatch.level_tables`: a variant's level bands, by its table's mechanism
- :mod:`oracle.dispatch.questions`: the entry point of each kind of question
- :mod:`oracle.dispatch.legal_play_answers`: ListLegalPlays: the follow rule's counter, groups, a page

The seeds' rules (:mod:`oracle.seed_rules`, docs/rules.md):

- :mod:`oracle.seed_rules.natural_units`: a play's units (``units.tuple``, ``units.tractor``)
- :mod:`oracle.seed_rules.matching`: how much of a lead's structure cards show (greedy match)
- :mod:`oracle.seed_rules.follow`: is a follow legal (``follow.suit``, ``.pairs``, ``.ladder``...)
- :mod:`oracle.seed_rules.trick`: who wins a trick, by key units (``trick.structure``...)
- :mod:`oracle.seed_rules.ruffs`: whether trump to a side-suit lead is a ruff (``trick.ruff``)
- :mod:`oracle.seed_rules.throw`: whether a throw succeeds (``throw.unbeatable``)
- :mod:`oracle.seed_rules.failed_throw`: a failed throw's forced unit and penalty (``throw.*``)
- :mod:`oracle.seed_rules.bottom`: what the bottom adds (``bottom.banker_wins``, ``.either_side``)
- :mod:`oracle.seed_rules.bottom_multipliers`: the bottom's multiplier, one rule per ``BottomRule``
- :mod:`oracle.seed_rules.levels`: how the levels move and who deals next (``levels.*``)
- :mod:`oracle.seed_rules.declarations`: whether a declaration overrides (``declare.*``)
- :mod:`oracle.seed_rules.declaration_strength`: what a declaration's cards make (a rung, a point sum)
- :mod:`oracle.seed_rules.describe`: what a set of cards is (DescribePlay)
- :mod:`oracle.seed_rules.legal_plays`: every legal follow of the seeds' rule, counted
- :mod:`oracle.seed_rules.follow_readings`: what that count reads of a play (its tuples, runs)
- :mod:`oracle.seed_rules.follow_segments`: how a play stands to the shapes asked, slot by slot

The compatibility profiles (:mod:`oracle.profiles`). rbtying/shengji
(:mod:`oracle.profiles.rbtying`, docs/rbtying.md):

- :mod:`oracle.profiles.rbtying.trick_format`: how rbtying reads a play (its format) and orders it
- :mod:`oracle.profiles.rbtying.ordering`: the order of one unit's decompositions
- :mod:`oracle.profiles.rbtying.subsequent`: a format's decompositions in order, less the unfillable
- :mod:`oracle.profiles.rbtying.packing`: whether copy counts hold given tuples (exact)
- :mod:`oracle.profiles.rbtying.reach`: what a hand's cards can hold at most (the walk's skips)
- :mod:`oracle.profiles.rbtying.joint`: whether cards hold all of a requirement's units at once (exact)
- :mod:`oracle.profiles.rbtying.joint_search`: the programme behind it, over a hand's bins slot by slot
- :mod:`oracle.profiles.rbtying.joint_bins`: the hand's bins in the order that programme reads them
- :mod:`oracle.profiles.rbtying.split_classes`: classes of a grouping's splits, passed at once where none fits
- :mod:`oracle.profiles.rbtying.fill`: whether cards split into units of given shapes (greedy, then exact)
- :mod:`oracle.profiles.rbtying.follow`: is a follow legal (``follow.decomposition``)
- :mod:`oracle.profiles.rbtying.longer_tuples`: the longer-tuple guard of that rule
- :mod:`oracle.profiles.rbtying.trick`: who wins a trick (``trick.format``, ``.throw_evaluation``)
- :mod:`oracle.profiles.rbtying.trick_split`: which split of a play a trick compares (upstream's first)
- :mod:`oracle.profiles.rbtying.tuple_split`: the same for a lead of tuples of one size, without a search
- :mod:`oracle.profiles.rbtying.throw`: whether a throw stands (``throw.unbeatable``)
- :mod:`oracle.profiles.rbtying.policies`: the room's draw and bomb policies, as plain switches
- :mod:`oracle.profiles.rbtying.bombs`: what a bomb may do (``follow.bomb``, ``trick.bomb``)
- :mod:`oracle.profiles.rbtying.rainbow`: rainbows, a lead of ranks over four suits (``lead.rainbow``, ``follow.rainbow``, ``trick.rainbow``, ``throw.rainbow``)
- :mod:`oracle.profiles.rbtying.rainbow_plays`: the legal plays of rainbows, counted
- :mod:`oracle.profiles.rbtying.fill_count`: which plays of the suit split into one requirement's units (an automaton)
- :mod:`oracle.profiles.rbtying.first_fill`: the first requirement a play fills, and the longer-tuple guard (an automaton)
- :mod:`oracle.profiles.rbtying.legal_plays`: every legal follow of rbtying's rule, counted
- :mod:`oracle.profiles.rbtying.forced_unit`: what a failed throw forces (the first blocker's unit)
- :mod:`oracle.profiles.rbtying.kitty`: the bottom's multiplier (``bottom.times``)
- :mod:`oracle.profiles.rbtying.level_formula`: the level bands of a formula (``levels.formula``)

The Botzone judge (:mod:`oracle.profiles.botzone`, docs/botzone.md):

- :mod:`oracle.profiles.botzone.notation`: the judge's card ids and names
- :mod:`oracle.profiles.botzone.play_types`: a play's type, a throw's components, covering
- :mod:`oracle.profiles.botzone.follow`: is a follow legal (``follow.same_type``...)
- :mod:`oracle.profiles.botzone.trick`: who wins a trick (``trick.same_type``...)
- :mod:`oracle.profiles.botzone.failed_throw`: what a failed throw forces and costs
- :mod:`oracle.profiles.botzone.legal_plays`: every legal follow of the judge, counted

The referee (:mod:`oracle.referee`, docs/records.md): a whole deal record replayed with the engine:

- :mod:`oracle.referee.record`: a deal record, decoded (hands, declarations, tricks, reported results)
- :mod:`oracle.referee.audit_log`: every step's verdict, the first violation, the answer
- :mod:`oracle.referee.dealing`: every card dealt exactly once (``deal.cards``)
- :mod:`oracle.referee.declaring`: the declarations in order, and the trump they set (``declare.*``)
- :mod:`oracle.referee.burying`: the bury from the banker's hand and the bottom (``bury.cards``)
- :mod:`oracle.referee.holding`: each seat's cards as the replay goes (``play.held``)
- :mod:`oracle.referee.leading`: a trick's lead, a throw and the play a failed throw forces
- :mod:`oracle.referee.tricks`: one trick: turn, cards held, follows, winner and points
- :mod:`oracle.referee.scoring`: the bottom, the final points, the levels and the next banker
- :mod:`oracle.referee.replay`: AuditDeal: the whole record, step by step
- :mod:`oracle.referee.record_message`: a record as the proto ``DealRecord``
- :mod:`oracle.referee.random_deal`: a complete deal played by a random legal player

Importers (:mod:`oracle.importers`): other engines' logs as deal records:

- :mod:`oracle.importers.botzone_log`: the Botzone Tractor judge's match log

The service (:mod:`oracle.service`):

- :mod:`oracle.service.servicer`: every RPC: validated, answered, or INVALID_ARGUMENT / INTERNAL
- :mod:`oracle.service.server`: the ``shengji-oracle`` command: health, shutdown
- :mod:`oracle.service.options`: the command line: options, defaults, environment
- :mod:`oracle.service.processes`: ``--processes``: children sharing the port, supervised
- :mod:`oracle.service.signals`: SIGTERM and SIGINT: shutdown, and a second one's exit
- :mod:`oracle.service.workers`: where a call is answered: the event loop or the workers
- :mod:`oracle.service.questions`: the table of question kinds (the ``Question`` oneof), dispatch
- :mod:`oracle.service.play_validation`: whether a question about cards in play is well formed
- :mod:`oracle.service.trick_plays`: a trick's plays and a lead read from a request, on the happy path or described
- :mod:`oracle.service.trick_bytes`: a trick read from its plays' bytes by one match of its shape
- :mod:`oracle.service.bottom_validation`: whether a ScoreBottom question (last trick, bottom) is well formed
- :mod:`oracle.service.record_validation`: whether an AuditDeal request holds a deal record at all
- :mod:`oracle.service.legal_play_validation`: whether a ListLegalPlays question is well formed; page tokens
- :mod:`oracle.service.variant_validation`: whether a question about a variant alone is well formed
- :mod:`oracle.service.declaration_keys`: a deal's ordinary declarations by their bytes, one look-up each
- :mod:`oracle.service.decoding`: cards, seats, copies and hand sizes, with field paths
- :mod:`oracle.service.card_keys`: a request's cards read as their bytes, one look-up each
- :mod:`oracle.service.contexts`: a question's variant, level and trump, checked once into a ruleset
- :mod:`oracle.service.room_cache`: rooms' own variants, validated and compiled once
- :mod:`oracle.service.limits`: the size limits of a question, a batch and a request
- :mod:`oracle.service.status`: what a client is told about a malformed question
- :mod:`oracle.service.reflection`: server reflection, v1 and v1alpha, with the proto comments
- :mod:`oracle.service.http`: the HTTP door on uvicorn: the RPCs over HTTP/JSON (Connect, gRPC-Web) and the explorer's page
- :mod:`oracle.service.http_calls`: the RPCs as the Connect library's ASGI application, answered in a worker pool
- :mod:`oracle.service.http_timeouts`: the HTTP door's head and body read timeouts
- :mod:`oracle.service.http_answer_size`: the HTTP door's answer-size budget, compact JSON
- :mod:`oracle.service.http_cors`: the HTTP door's CORS policy
- :mod:`oracle.service.http_grpc_web_text`: gRPC-Web's text mode, base64 around the binary mode
- :mod:`oracle.service.http_static`: the explorer's files and the page's security headers
- :mod:`oracle.explorer`: the rule explorer, a static page asking any question in card notation

The command line (:mod:`oracle.cli`: the server by default, and its subcommands):

- :mod:`oracle.cli.ask`: ``shengji-oracle ask``: one question in card notation, one row per kind
- :mod:`oracle.cli.notation`: the command line's cards, seats, level, trump and room, checked
- :mod:`oracle.cli.audit`: ``shengji-oracle audit``: one record reported, or a bulk audit
- :mod:`oracle.cli.audit_input`: what a file holds (a record or a Botzone log), audited in-process
- :mod:`oracle.cli.audit_report`: the readable report of one audit, trick by trick
- :mod:`oracle.cli.bulk_audit`: a folder or JSON Lines archive audited on a Dask cluster
- :mod:`oracle.cli.record_json`: a ``DealRecord`` from its JSON mapping, quickly
- :mod:`oracle.cli.refusal`: a refused question shown the same way by every subcommand
"""

from oracle.version import __version__

__all__ = ["__version__"]
