"""Errors for malformed questions.

A question is malformed when it cannot be answered at all: an unknown variant,
a card that does not exist, more copies of a card than the decks hold, cards
played that are not in the hand. Such a question raises :class:`InvalidQuestion`
carrying one :class:`Violation` per problem, each naming the field (a path into
the request, in proto field names) and the reason. The service turns it into
gRPC ``INVALID_ARGUMENT`` with a ``google.rpc.BadRequest``.

A well-formed question whose answer is "illegal" is not an error.

>>> err = InvalidQuestion.single("play[2]", "card 'XS' is not a card")
>>> err.violations[0].field
'play[2]'
>>> str(err)
"play[2]: card 'XS' is not a card"
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Violation:
    """One problem with a question: the field it is in and why it is wrong."""

    field: str
    description: str

    def prefixed(self, prefix: str) -> Violation:
        """The same violation with ``prefix`` put before the field path.

        >>> Violation("cards[0]", "bad").prefixed("check_follow").field
        'check_follow.cards[0]'
        """
        if not prefix:
            return self
        return Violation(f"{prefix}.{self.field}" if self.field else prefix, self.description)


class InvalidQuestion(ValueError):
    """A question that cannot be answered; carries every violation found."""

    def __init__(self, violations: list[Violation]) -> None:
        if not violations:
            raise ValueError("InvalidQuestion needs at least one violation")
        self.violations = list(violations)
        super().__init__("; ".join(f"{v.field}: {v.description}" for v in self.violations))

    @classmethod
    def single(cls, field: str, description: str) -> InvalidQuestion:
        """An error with one violation."""
        return cls([Violation(field, description)])

    def prefixed(self, prefix: str) -> InvalidQuestion:
        """The same error with every field path under ``prefix``."""
        return InvalidQuestion([v.prefixed(prefix) for v in self.violations])
