"""The referee (AuditDeal, bulk audits) and the importers of other engines' logs."""
