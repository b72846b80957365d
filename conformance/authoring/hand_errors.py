"""Hand-written malformed questions and the field paths their error must name.

The contract (oracle_service.proto, and the path rules of INTERPRETING.md,
"Errors"): a malformed question fails with INVALID_ARGUMENT and one field
violation per problem, its path in proto field names from the question's kind:
a bad card names the card (``check_follow.play[1]``), a wrong number of cards
names the list (``check_follow.play``), a copy too many names the first copy
beyond what the decks hold, counting the question's lists in their field order.
Each question below has exactly one problem.
"""

from __future__ import annotations

from typing import Any

from conformance.authoring.build import cards, context, error, hand

Q2 = "qq-two-deck"
Q1 = "qq-one-deck"


def _rules(variant: str = Q2, level: str = "10", trump: str | None = "H") -> dict[str, Any]:
    return context(variant, level, trump)


def _e(case_id: str, why: str, variant: str | None, question: dict[str, Any], fields: list[str],
       notation: str, **kw: Any) -> dict[str, Any]:
    return error(f"hand/error/{case_id}", hand(why), variant, question, fields, notation=notation, **kw)


def _plays(seats_cards: list[tuple[int, str]]) -> list[dict[str, Any]]:
    return [{"seat": s, "cards": cards(c)} for s, c in seats_cards]


def cases() -> list[dict[str, Any]]:
    """Every hand-written malformed question."""
    out = [
        # The context.
        _e("describe/unknown-variant", "No variant has this id.", "no-such-variant",
           {"describePlay": {"context": {"variantId": "no-such-variant", "level": "RANK_TEN", "trumpSuit": "SUIT_HEARTS"},
                             "cards": cards("AS")}}, ["describe_play.context.variant_id"],
           notation="variant no-such-variant | cards: AS"),
        _e("describe/level-unset", "The level is not set.", Q2,
           {"describePlay": {"context": {"variantId": Q2, "trumpSuit": "SUIT_HEARTS"}, "cards": cards("AS")}},
           ["describe_play.context.level"], notation="qq-two-deck, no level, trump H | cards: AS"),
        _e("describe/level-joker", "A joker is no level.", Q2,
           {"describePlay": {"context": {"variantId": Q2, "level": "RANK_BIG_JOKER", "trumpSuit": "SUIT_HEARTS"},
                             "cards": cards("AS")}},
           ["describe_play.context.level"], notation="qq-two-deck, playing BJ, trump H | cards: AS"),
        _e("describe/level-not-played-heijian", "Heijian does not play 3 (its levels are 2 4 6 7 8 9 10 J Q K).",
           "heijian", {"describePlay": {"context": _rules("heijian", "3", "H"), "cards": cards("AS")}},
           ["describe_play.context.level"], notation="heijian, playing 3, trump H | cards: AS"),
        _e("describe/level-not-played-four-deck", "The four-deck game does not play 2 (2 is always trump).",
           "four-deck", {"describePlay": {"context": _rules("four-deck", "2", "S"), "cards": cards("AS")}},
           ["describe_play.context.level"], notation="four-deck, playing 2, trump S | cards: AS"),
        _e("describe/no-trump-and-no-suit", "Neither a trump suit nor no-trump is given.", Q2,
           {"describePlay": {"context": {"variantId": Q2, "level": "RANK_TEN"}, "cards": cards("AS")}},
           ["describe_play.context.trump_suit"], notation="qq-two-deck, playing 10, no trump given | cards: AS"),
        _e("describe/trump-and-no-trump", "Both a trump suit and no-trump are given.", Q2,
           {"describePlay": {"context": {"variantId": Q2, "level": "RANK_TEN", "trumpSuit": "SUIT_HEARTS",
                                         "noTrump": True}, "cards": cards("AS")}},
           ["describe_play.context.no_trump"], notation="qq-two-deck, playing 10, trump H and no-trump | cards: AS"),
        # Cards.
        _e("describe/card-without-suit", "An ace needs a suit.", Q2,
           {"describePlay": {"context": _rules(), "cards": [{"rank": "RANK_ACE"}]}},
           ["describe_play.cards[0]"], notation="qq-two-deck, playing 10, trump H | cards: A (no suit)"),
        _e("describe/joker-with-suit", "A joker has no suit.", Q2,
           {"describePlay": {"context": _rules(), "cards": [card for card in cards("AS")] +
                             [{"rank": "RANK_BIG_JOKER", "suit": "SUIT_CLUBS"}]}},
           ["describe_play.cards[1]"], notation="qq-two-deck, playing 10, trump H | cards: AS, BJ of clubs"),
        _e("describe/card-without-rank", "A card needs a rank.", Q2,
           {"describePlay": {"context": _rules(), "cards": [{"suit": "SUIT_SPADES"}]}},
           ["describe_play.cards[0]"], notation="qq-two-deck, playing 10, trump H | cards: (no rank) of spades"),
        _e("describe/no-cards", "Describing nothing is no question.", Q2,
           {"describePlay": {"context": _rules(), "cards": []}},
           ["describe_play.cards"], notation="qq-two-deck, playing 10, trump H | cards: none"),
        _e("describe/too-many-copies-one-deck", "One deck holds one ace of spades; the second is one too many.", Q1,
           {"describePlay": {"context": _rules(Q1), "cards": cards("AS AS")}},
           ["describe_play.cards[1]"], notation="qq-one-deck, playing 10, trump H | cards: AS AS"),
        _e("describe/too-many-copies-two-decks", "Two decks hold two aces of spades; the third is one too many.", Q2,
           {"describePlay": {"context": _rules(), "cards": cards("AS KS AS AS")}},
           ["describe_play.cards[3]"], notation="qq-two-deck, playing 10, trump H | cards: AS KS AS AS"),
        # CheckFollow.
        _e("follow/play-not-in-hand", "The play holds KS, which the hand does not.", Q2,
           {"checkFollow": {"context": _rules(), "lead": cards("8S 8S"), "hand": cards("AS 5S 5S 3C"),
                            "play": cards("AS KS")}},
           ["check_follow.play[1]"], notation="lead: 8S 8S | hand: AS 5S 5S 3C | play: AS KS"),
        _e("follow/play-too-short", "A follow has as many cards as the lead.", Q2,
           {"checkFollow": {"context": _rules(), "lead": cards("8S 8S"), "hand": cards("AS 5S 5S 3C"),
                            "play": cards("AS")}},
           ["check_follow.play"], notation="lead: 8S 8S | hand: AS 5S 5S 3C | play: AS"),
        _e("follow/play-twice-held-once", "The hand holds one AS; the play holds it twice.", Q2,
           {"checkFollow": {"context": _rules(), "lead": cards("8S 8S"), "hand": cards("AS 5S 5S 3C"),
                            "play": cards("AS AS")}},
           ["check_follow.play[1]"], notation="lead: 8S 8S | hand: AS 5S 5S 3C | play: AS AS"),
        _e("follow/empty-lead", "Nothing was led.", Q2,
           {"checkFollow": {"context": _rules(), "lead": [], "hand": cards("AS 5S"), "play": []}},
           ["check_follow.lead"], notation="lead: none | hand: AS 5S | play: none"),
        _e("follow/mixed-lead", "A lead is of one effective suit; AS and AC are not.", Q2,
           {"checkFollow": {"context": _rules(), "lead": cards("AS AC"), "hand": cards("5S 3C"),
                            "play": cards("5S 3C")}},
           ["check_follow.lead"], notation="lead: AS AC | hand: 5S 3C | play: 5S 3C"),
        _e("follow/hand-too-big", "A hand of qq-one-deck holds at most 12 cards.", Q1,
           {"checkFollow": {"context": _rules(Q1), "lead": cards("8S"),
                            "hand": cards("AS KS QS JS 9S 7S 6S 5S 4S 3S 2S AC KC"), "play": cards("AS")}},
           ["check_follow.hand"], notation="qq-one-deck | lead: 8S | hand: 13 cards | play: AS"),
        _e("follow/copies-lead-and-hand", "Two decks hold two AS: both are led, so the hand cannot hold a third.",
           Q2, {"checkFollow": {"context": _rules(), "lead": cards("AS AS"), "hand": cards("AS 3C"),
                                "play": cards("AS 3C")}},
           ["check_follow.hand[0]"], notation="lead: AS AS | hand: AS 3C | play: AS 3C"),
        # JudgeTrick.
        _e("trick/no-plays", "A trick has at least its lead.", Q2,
           {"judgeTrick": {"context": _rules(), "plays": []}}, ["judge_trick.plays"], notation="no plays"),
        _e("trick/seat-out-of-range", "qq-two-deck has seats 0 to 3.", Q2,
           {"judgeTrick": {"context": _rules(), "plays": _plays([(4, "AS")])}},
           ["judge_trick.plays[0].seat"], notation="seat 4: AS"),
        _e("trick/seat-out-of-order", "Seat 2 does not play right after seat 0.", Q2,
           {"judgeTrick": {"context": _rules(), "plays": _plays([(0, "AS"), (2, "KS")])}},
           ["judge_trick.plays[1].seat"], notation="seat 0: AS | seat 2: KS"),
        _e("trick/seat-twice", "Seat 0 plays twice.", Q2,
           {"judgeTrick": {"context": _rules(), "plays": _plays([(0, "AS"), (0, "KS")])}},
           ["judge_trick.plays[1].seat"], notation="seat 0: AS | seat 0: KS"),
        _e("trick/play-size", "Every play of a trick has as many cards as the lead.", Q2,
           {"judgeTrick": {"context": _rules(), "plays": _plays([(0, "AS AS"), (1, "KS")])}},
           ["judge_trick.plays[1].cards"], notation="seat 0: AS AS | seat 1: KS"),
        _e("trick/mixed-lead", "A lead is of one effective suit.", Q2,
           {"judgeTrick": {"context": _rules(), "plays": _plays([(0, "AS AC"), (1, "KS KC")])}},
           ["judge_trick.plays[0].cards"], notation="seat 0: AS AC | seat 1: KS KC"),
        _e("trick/copies", "Two decks hold two AS; the trick shows three.", Q2,
           {"judgeTrick": {"context": _rules(), "plays": _plays([(0, "AS"), (1, "AS"), (2, "AS")])}},
           ["judge_trick.plays[2].cards[0]"], notation="seat 0: AS | seat 1: AS | seat 2: AS"),
        # CheckThrow.
        _e("throw/thrower-among-others", "The other hands are the other seats.", Q2,
           {"checkThrow": {"context": _rules(), "throw": {"seat": 0, "cards": cards("AS KS")},
                           "otherHands": [{"seat": 0, "cards": cards("QS")}]}},
           ["check_throw.other_hands[0].seat"], notation="throw by seat 0: AS KS | seat 0: QS"),
        _e("throw/mixed", "A throw is of one effective suit.", Q2,
           {"checkThrow": {"context": _rules(), "throw": {"seat": 0, "cards": cards("AS AC")},
                           "otherHands": [{"seat": 1, "cards": cards("QS")}]}},
           ["check_throw.throw.cards"], notation="throw by seat 0: AS AC | seat 1: QS"),
        _e("throw/thrower-seat-out-of-range", "qq-two-deck has seats 0 to 3.", Q2,
           {"checkThrow": {"context": _rules(), "throw": {"seat": 7, "cards": cards("AS KS")},
                           "otherHands": [{"seat": 1, "cards": cards("QS")}]}},
           ["check_throw.throw.seat"], notation="throw by seat 7: AS KS | seat 1: QS"),
        _e("throw/other-seat-twice", "Seat 1 is listed twice among the other hands.", Q2,
           {"checkThrow": {"context": _rules(), "throw": {"seat": 0, "cards": cards("AS KS")},
                           "otherHands": [{"seat": 1, "cards": cards("QS")}, {"seat": 1, "cards": cards("JS")}]}},
           ["check_throw.other_hands[1].seat"], notation="throw by seat 0: AS KS | seat 1: QS | seat 1: JS"),
        # ScoreBottom.
        _e("bottom/incomplete-trick", "The last trick has a play from every seat.", Q2,
           {"scoreBottom": {"context": _rules(), "lastTrick": _plays([(0, "AS"), (1, "KS"), (2, "QS")]),
                            "bankerSeats": [0, 2], "bottom": cards("3C 4C 5C 6C 7C 8C 9C JC")}},
           ["score_bottom.last_trick"], notation="three plays of four | bottom: 3C 4C 5C 6C 7C 8C 9C JC"),
        _e("bottom/wrong-size", "The bottom of qq-two-deck has 8 cards.", Q2,
           {"scoreBottom": {"context": _rules(), "lastTrick": _plays([(0, "AS"), (1, "KS"), (2, "QS"), (3, "JS")]),
                            "bankerSeats": [0, 2], "bottom": cards("3C 4C")}},
           ["score_bottom.bottom"], notation="AS KS QS JS | bottom: 3C 4C"),
        _e("bottom/no-banker", "The banker's side has at least the banker.", Q2,
           {"scoreBottom": {"context": _rules(), "lastTrick": _plays([(0, "AS"), (1, "KS"), (2, "QS"), (3, "JS")]),
                            "bankerSeats": [], "bottom": cards("3C 4C 5C 6C 7C 8C 9C JC")}},
           ["score_bottom.banker_seats"], notation="AS KS QS JS | banker's side: none"),
        _e("bottom/everybody-banker", "The attackers need at least one seat.", Q2,
           {"scoreBottom": {"context": _rules(), "lastTrick": _plays([(0, "AS"), (1, "KS"), (2, "QS"), (3, "JS")]),
                            "bankerSeats": [0, 1, 2, 3], "bottom": cards("3C 4C 5C 6C 7C 8C 9C JC")}},
           ["score_bottom.banker_seats"], notation="AS KS QS JS | banker's side: seats 0 1 2 3"),
        _e("bottom/banker-seat-out-of-range", "qq-two-deck has seats 0 to 3.", Q2,
           {"scoreBottom": {"context": _rules(), "lastTrick": _plays([(0, "AS"), (1, "KS"), (2, "QS"), (3, "JS")]),
                            "bankerSeats": [0, 6], "bottom": cards("3C 4C 5C 6C 7C 8C 9C JC")}},
           ["score_bottom.banker_seats[1]"], notation="AS KS QS JS | banker's side: seats 0 6"),
        # ScoreDeal.
        _e("deal/unknown-variant-in-context", "No variant has this id.", "no-such-variant",
           {"scoreDeal": {"context": {"variantId": "no-such-variant"}, "attackerPoints": 80}},
           ["score_deal.context.variant_id"], notation="no-such-variant | attackers 80 points"),
        _e("deal/unknown-variant", "No variant has this id (asked in the deprecated form).",
           "no-such-variant", {"scoreDeal": {"variantId": "no-such-variant", "attackerPoints": 80}},
           ["score_deal.variant_id"], notation="no-such-variant | attackers 80 points", tags=["deprecated-form"]),
        _e("deal/context-level-set", "A deal's level table needs no level: the context's level is refused.", Q2,
           {"scoreDeal": {"context": {"variantId": Q2, "level": "RANK_TEN"}, "attackerPoints": 80}},
           ["score_deal.context.level"], notation="qq-two-deck, playing 10 | attackers 80 points"),
        _e("deal/banker-seat-out-of-range", "qq-two-deck has seats 0 to 3.", Q2,
           {"scoreDeal": {"context": {"variantId": Q2}, "attackerPoints": 80, "bankerSeat": 4}},
           ["score_deal.banker_seat"], notation="qq-two-deck | attackers 80 points | banker seat 4"),
        _e("deal/banker-level-joker", "A joker is no level.", Q2,
           {"scoreDeal": {"context": {"variantId": Q2}, "attackerPoints": 80, "bankerLevel": "RANK_SMALL_JOKER"}},
           ["score_deal.banker_level"], notation="qq-two-deck | attackers 80 points | banker's side at SJ"),
        _e("deal/attacker-level-not-played", "Heijian does not play A.", "heijian",
           {"scoreDeal": {"context": {"variantId": "heijian"}, "attackerPoints": 80, "attackerLevel": "RANK_ACE"}},
           ["score_deal.attacker_level"], notation="heijian | attackers 80 points | attackers at A"),
        # CompareDeclarations.
        _e("declare/no-challenger", "The declaration to compare is missing.", Q2,
           {"compareDeclarations": {"context": {"variantId": Q2, "level": "RANK_TEN"}}},
           ["compare_declarations.challenger"], notation="qq-two-deck, playing 10 | no challenger"),
        _e("declare/no-cards", "A declaration shows at least one card.", Q2,
           {"compareDeclarations": {"context": {"variantId": Q2, "level": "RANK_TEN"},
                                    "challenger": {"seat": 1, "cards": []}}},
           ["compare_declarations.challenger.cards"], notation="qq-two-deck, playing 10 | challenger seat 1: none"),
        _e("declare/level-unset-in-context", "The level is not set.", Q2,
           {"compareDeclarations": {"context": {"variantId": Q2}, "challenger": {"seat": 1, "cards": cards("10H")}}},
           ["compare_declarations.context.level"], notation="qq-two-deck, no level | challenger seat 1: 10H"),
        _e("declare/level-unset", "The level is not set (asked in the deprecated form).", Q2,
           {"compareDeclarations": {"variantId": Q2, "challenger": {"seat": 1, "cards": cards("10H")}}},
           ["compare_declarations.level"], notation="qq-two-deck, no level | challenger seat 1: 10H",
           tags=["deprecated-form"]),
        _e("declare/context-trump-set", "The declarations decide the trump: the context's trump is refused.", Q2,
           {"compareDeclarations": {"context": {"variantId": Q2, "level": "RANK_TEN", "trumpSuit": "SUIT_HEARTS"},
                                    "challenger": {"seat": 1, "cards": cards("10H")}}},
           ["compare_declarations.context.trump_suit"],
           notation="qq-two-deck, playing 10, trump H | challenger seat 1: 10H"),
        _e("declare/seat-out-of-range", "qq-two-deck has seats 0 to 3.", Q2,
           {"compareDeclarations": {"context": {"variantId": Q2, "level": "RANK_TEN"},
                                    "challenger": {"seat": 5, "cards": cards("10H")}}},
           ["compare_declarations.challenger.seat"], notation="qq-two-deck, playing 10 | challenger seat 5: 10H"),
        _e("declare/copies-two-seats", "Two decks hold two 10H; two seats cannot show three.", Q2,
           {"compareDeclarations": {"context": {"variantId": Q2, "level": "RANK_TEN"},
                                    "standing": {"seat": 0, "cards": cards("10H 10H")},
                                    "challenger": {"seat": 1, "cards": cards("10H")}}},
           ["compare_declarations.challenger.cards[0]"],
           notation="qq-two-deck, playing 10 | standing: seat 0: 10H 10H | challenger seat 1: 10H"),
        # GetVariant and the empty question.
        _e("variant/unknown", "No variant has this id.", "no-such-variant",
           {"getVariant": {"variantId": "no-such-variant"}}, ["get_variant.variant_id"],
           notation="GetVariant no-such-variant"),
        _e("variant/empty-id", "No variant has the empty id.", None, {"getVariant": {}}, ["get_variant.variant_id"],
           notation="GetVariant with no id"),
        _e("question/empty", "A question sets one of the kinds.", None, {}, ["question"], notation="an empty question"),
    ]
    return out
