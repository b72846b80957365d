"""The service layer apart from the rules: each question decoded and validated once, then
answered by the engine through one table of question kinds.

- :mod:`oracle.service.questions`: the table of kinds (from the proto ``Question`` oneof), dispatch
- :mod:`oracle.service.play_validation`, :mod:`oracle.service.bottom_validation`,
  :mod:`oracle.service.variant_validation`: each request into its engine arguments (a happy path
  first, then the describing checks), or every problem with its field path
- :mod:`oracle.service.trick_plays`: a trick's plays and its lead, read from a request
- :mod:`oracle.service.decoding`: cards, seats, copies, hand sizes
- :mod:`oracle.service.card_keys`: a request's cards as their bytes, the cheap way to decode them
- :mod:`oracle.service.contexts`: a question's variant, level and trump, checked once
- :mod:`oracle.service.limits`, :mod:`oracle.service.status`: limits; what a client is told
- :mod:`oracle.service.servicer`, :mod:`oracle.service.server`: the gRPC service, the command
"""
