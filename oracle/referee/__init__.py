"""The referee: a whole deal record audited step by step with the engine's own questions
(AuditDeal, docs/records.md)."""
