"""AuditDeal: the example of docs/records.md audits clean, each kind of planted violation is found
at its own step with its own rule id, reported results that differ are listed, and a request that
is not a record is INVALID_ARGUMENT with the field's path."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path
from typing import Any

import grpc
import pytest
from google.protobuf import json_format

from oracle import pb
from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc
from oracle.cards import parse_cards
from oracle.convert import cards_to_pb
from oracle.errors import InvalidQuestion
from oracle.referee.random_deal import random_record
from oracle.referee.record_message import record_to_pb
from oracle.service.questions import dispatch
from oracle.service.record_validation import parse_audit_deal
from oracle.service.server import serve
from oracle.variants import load_catalogue

DOC = Path(__file__).resolve().parents[2] / "docs" / "records.md"


def doc_example() -> pb.DealRecord:
    """The JSON record under "A complete example" in docs/records.md."""
    text = DOC.read_text().split("## A complete example", 1)[1]
    block = re.search(r"```json\n(.*?)\n```", text, re.DOTALL)
    assert block is not None
    return json_format.Parse(block.group(1), pb.DealRecord())


def audit(record: pb.DealRecord) -> pb.AuditDealResponse:
    answer = dispatch(pb.Question(audit_deal=pb.AuditDealRequest(record=record)))
    assert answer.WhichOneof("answer") == "audit_deal", answer
    return answer.audit_deal


def test_the_documented_example_audits_clean() -> None:
    record = doc_example()
    answer = audit(record)
    assert answer.clean and answer.complete, answer.explanation
    assert answer.totals.tricks == len(record.tricks)
    # The deal: every card of two decks, 25 to each seat and 8 to the bottom.
    assert sum(len(h.cards) for h in record.hands) + len(record.bottom) == 108
    # The attackers' points are those of the tricks they won and the dug bottom.
    attackers = {(record.banker_seat + 1) % 4, (record.banker_seat + 3) % 4}
    won = sum(t.reported_points for t in record.tricks if t.reported_winner in attackers)
    assert answer.totals.attacker_points == won + answer.totals.bottom_points_to_attackers
    assert answer.totals.attacker_points == record.reported.attacker_points
    assert [s.step for s in answer.steps[:1]] == ["hands"]
    assert answer.steps[-1].step == "score"


def _trick(record: pb.DealRecord, pred: Any) -> int:
    return next(i for i, t in enumerate(record.tricks) if pred(t))


def test_a_wrong_winner_claimed_is_found_at_its_trick() -> None:
    """The claimed seat discarded (neither the led suit nor trump): it cannot win (trick.discard)."""
    record = doc_example()
    trump_like = {pb.RANK_THREE, pb.RANK_SMALL_JOKER, pb.RANK_BIG_JOKER}
    trump_suit = _declared_suit(record)

    def discarder(trick: pb.Trick) -> int | None:
        led = trick.plays[0].cards[0]
        if led.rank in trump_like or led.suit == trump_suit:
            return None
        for play in trick.plays[1:]:
            if all(c.suit not in (led.suit, trump_suit) and c.rank not in trump_like
                   for c in play.cards):
                return play.seat
        return None

    index = _trick(record, lambda t: discarder(t) is not None)
    seat = discarder(record.tricks[index])
    record.tricks[index].reported_winner = seat
    answer = audit(record)
    first = answer.first_violation
    assert (first.step, first.broken_rule_id) == (f"tricks[{index}]", "trick.discard")
    assert [d.field for d in answer.differences] == [f"tricks[{index}].reported_winner"]
    assert not answer.clean and answer.complete


def _declared_suit(record: pb.DealRecord) -> int:
    """The suit of the last declaration's level cards (the example plays a declared suit)."""
    return record.declarations[-1].cards[0].suit


def test_a_card_played_twice_stops_the_replay_at_that_play() -> None:
    """A seat plays again a card it held once and played before (play.held)."""
    record = doc_example()
    kept = _after_bury(record)
    for k, trick in enumerate(record.tricks):
        for play in trick.plays:
            card = (play.cards[0].rank, play.cards[0].suit)
            if kept[play.seat].count(card) != 1:
                continue
            for m in range(k + 1, len(record.tricks)):
                later = record.tricks[m]
                j = next(i for i, p in enumerate(later.plays) if p.seat == play.seat)
                if card not in [(c.rank, c.suit) for c in later.plays[j].cards]:
                    later.plays[j].cards[0].CopyFrom(play.cards[0])
                    answer = audit(record)
                    first = answer.first_violation
                    assert (first.step, first.broken_rule_id) == (
                        f"tricks[{m}].plays[{j}]", "play.held")
                    assert not answer.complete and not answer.HasField("totals")
                    return
    raise AssertionError("the example has no card to play twice")


def _after_bury(record: pb.DealRecord) -> dict[int, list[tuple[int, int]]]:
    """Each seat's cards after the bury, as (rank, suit)."""
    held = {h.seat: [(c.rank, c.suit) for c in h.cards] for h in record.hands}
    banker = held[record.banker_seat]
    banker.extend((c.rank, c.suit) for c in record.bottom)
    for c in record.buried:
        banker.remove((c.rank, c.suit))
    return held


def test_a_wrong_multiplier_reported_is_found_at_the_bottom() -> None:
    record = doc_example()
    record.reported.bottom_multiplier += 1
    answer = audit(record)
    # qq-two-deck's bottom rule is POWER (002_ 扣底规则), when the attackers dig.
    assert answer.totals.bottom_points_to_attackers > 0
    assert (answer.first_violation.step, answer.first_violation.broken_rule_id) == (
        "bottom", "bottom.power")
    assert answer.differences[0].field == "reported.bottom_multiplier"


def test_a_declaration_that_cannot_override_is_found_at_its_place() -> None:
    """After the standing declaration (one or two level cards), another seat shows one level
    card: the same rung or a lower one never overrides (declare.ladder, 002_ 亮主规则:
    其它玩家就不能再亮同级别或该级别以下的牌了)."""
    record = doc_example()
    standing = record.declarations[-1]
    level = record.context.level
    holder, card = next((h.seat, c) for h in record.hands if h.seat != standing.seat
                        for c in h.cards if c.rank == level)
    record.declarations.add(seat=holder, cards=[card])
    answer = audit(record)
    first = answer.first_violation
    step = f"declarations[{len(record.declarations) - 1}]"
    assert (first.step, first.broken_rule_id) == (step, "declare.ladder")


def _one_deck_record() -> pb.DealRecord:
    """qq-one-deck, playing 2, hearts trump: seat 0 holds the spades, 1 the clubs, 2 the
    diamonds, 3 the hearts; the bottom is the 2s and the jokers, buried again."""
    record = pb.DealRecord(
        context=pb.Context(variant_id="qq-one-deck", level=pb.RANK_TWO, trump_suit=pb.SUIT_HEARTS))
    for seat, suit in enumerate("SCDH"):
        ranks = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
        record.hands.add(seat=seat, cards=cards_to_pb(parse_cards(" ".join(r + suit for r in ranks))))
    record.bottom.extend(cards_to_pb(parse_cards("2S 2C 2D 2H SJ BJ")))
    record.buried.extend(record.bottom)
    record.tricks.add(plays=[pb.Play(seat=s, cards=cards_to_pb(parse_cards(c)))
                             for s, c in enumerate(["3S", "3C", "3D", "3H"])])
    return record


def test_revoke_is_found_with_a_legal_alternative() -> None:
    """Each seat void in the led suit may play anything; seat 3 holding a spade may not ruff a
    spade lead (follow.suit), and its one spade is the legal alternative."""
    record = _one_deck_record()
    answer = audit(record)
    assert [s.legal for s in answer.steps if s.step.startswith("tricks")] == [True] * 5
    assert not answer.complete  # the record ends with cards in hand
    record.hands[3].cards[5].CopyFrom(pb.Card(rank=pb.RANK_NINE, suit=pb.SUIT_SPADES))  # was 8H
    record.hands[0].cards[6].CopyFrom(pb.Card(rank=pb.RANK_EIGHT, suit=pb.SUIT_HEARTS))  # was 9S
    answer = audit(record)
    first = answer.first_violation
    assert (first.step, first.seat, first.broken_rule_id) == ("tricks[0].plays[3]", 3, "follow.suit")
    assert [(c.rank, c.suit) for c in first.legal_alternative] == [(pb.RANK_NINE, pb.SUIT_SPADES)]


def test_the_wrong_leader_is_found() -> None:
    """The banker (seat 0) leads the first trick (trick.leader)."""
    record = _one_deck_record()
    record.banker_seat = 1
    answer = audit(record)
    assert (answer.first_violation.step, answer.first_violation.broken_rule_id) == (
        "tricks[0].plays[0]", "trick.leader")


def test_a_record_that_is_not_a_record_names_the_field() -> None:
    record = doc_example()
    record.tricks[12].plays[2].cards[0].rank = 42
    record.hands[1].seat = 7
    plays = record.tricks[3].plays
    plays[1].seat, plays[2].seat = plays[2].seat, plays[1].seat
    del record.tricks[5].plays[3].cards[:]
    with pytest.raises(InvalidQuestion) as err:
        parse_audit_deal(pb.AuditDealRequest(record=record))
    fields = [v.field for v in err.value.violations]
    assert "record.tricks[12].plays[2].cards[0]" in fields
    assert "record.hands[1].seat" in fields
    assert {"record.tricks[3].plays[1].seat", "record.tricks[3].plays[2].seat",
            "record.tricks[5].plays[3].cards"} <= set(fields)
    answer = dispatch(pb.Question(audit_deal=pb.AuditDealRequest(record=record)))
    assert answer.error.code == "INVALID_ARGUMENT"
    assert "audit_deal.record.tricks[12].plays[2].cards[0]" in [
        v.field for v in answer.error.field_violations]


def test_the_unary_rpc_answers_and_refuses() -> None:
    server = serve(port=0, host="localhost", workers=2)
    try:
        with grpc.insecure_channel(f"localhost:{server.port}") as channel:
            stub = oracle_service_pb2_grpc.OracleServiceStub(channel)
            record = doc_example()
            assert stub.AuditDeal(pb.AuditDealRequest(record=record), timeout=30).clean
            record.banker_seat = 9
            with pytest.raises(grpc.RpcError) as err:
                stub.AuditDeal(pb.AuditDealRequest(record=record), timeout=30)
            assert err.value.code() == grpc.StatusCode.INVALID_ARGUMENT
            assert "record.banker_seat" in (err.value.details() or "")
    finally:
        server.stop(grace=None)


# --- The planted violations of the conformance cases ---------------------------------------------

HAND_CASES = DOC.parent.parent / "conformance" / "cases" / "hand-audit_deal.jsonl"

PLANTED_RULES = {
    "broken-deal": {"deal.cards"}, "bury-not-held": {"bury.cards"}, "wrong-leader": {"trick.leader"},
    "revoke": {"follow.suit"}, "wrong-winner": {"trick.discard"}, "card-twice": {"play.held"},
    "no-override": {"declare.ladder", "declare.point_sum"}, "throw-not-forced": {"throw.forced_unit"},
    "wrong-multiplier": {"bottom.banker_wins", "bottom.either_side", "bottom.power",
                         "bottom.shape_table", "bottom.linear", "bottom.times", "bottom.trump_doubles"},
}
"""Each kind of plant and the rules it can break (the issue's list: a revoke, a wrong winner
claimed, a throw not forced, a wrong multiplier, a card played twice, a declaration that cannot
override; and a broken deal, a bury not taken up, a wrong leader)."""


@functools.cache
def _unplanted(variant_id: str, seed: int) -> pb.DealRecord:
    """The random legal deal a plant was made on, with the referee's results reported."""
    return record_to_pb(random_record(variant_id, seed), report=True)


def _first_change(before: pb.DealRecord, after: pb.DealRecord) -> str:
    """The step of the first place, in the order the referee replays a record, where the
    records differ: the step the plant is in."""
    if list(before.hands) != list(after.hands) or list(before.bottom) != list(after.bottom):
        return "hands"
    for i in range(max(len(before.declarations), len(after.declarations))):
        if i >= len(before.declarations) or i >= len(after.declarations) or (
                before.declarations[i] != after.declarations[i]):
            return f"declarations[{i}]"
    if list(before.buried) != list(after.buried):
        return "buried"
    for i, (old, new) in enumerate(zip(before.tricks, after.tricks, strict=True)):
        if list(old.attempted_throw) != list(new.attempted_throw):
            return f"tricks[{i}].plays[0]"
        for j, (was, now) in enumerate(zip(old.plays, new.plays, strict=True)):
            if was != now:
                return f"tricks[{i}].plays[{j}]"
        if old != new:
            return f"tricks[{i}]"
    if before.reported.bottom_multiplier != after.reported.bottom_multiplier:
        return "bottom"
    return "score" if before != after else ""


def test_every_planted_violation_of_the_audit_cases_is_found_at_its_step() -> None:
    """Over every hand-made audit_deal case of the conformance suite: the record differs from the
    random legal deal it was made from at one first place, and the audit's first violation is
    that very step, breaking a rule of the plant's own kind; every shipped variant has every kind."""
    cases = [json.loads(line) for line in HAND_CASES.read_text(encoding="utf-8").splitlines()]
    kinds: dict[str, set[str]] = {}
    for case in cases:
        plant, variant_seed = case["id"].split("/")[2:4]
        variant_id, seed = variant_seed.rsplit("-", 1)
        kinds.setdefault(variant_id, set()).add(plant)
        record = json_format.ParseDict(case["question"]["auditDeal"]["record"], pb.DealRecord())
        step = _first_change(_unplanted(variant_id, int(seed)), record)
        answer = audit(record)
        first = answer.first_violation
        assert not answer.clean, case["id"]
        assert (first.step, first.broken_rule_id in PLANTED_RULES[plant]) == (step, True), (
            case["id"], first.step, first.broken_rule_id, step)
        assert all(s.legal for s in answer.steps[:list(answer.steps).index(first)]), case["id"]
        expected = case["expected"]["auditDeal"]["firstViolation"]
        assert (first.step, first.broken_rule_id) == (expected["step"], expected["brokenRuleId"])
    assert set(kinds) == set(load_catalogue())
    assert all(found == set(PLANTED_RULES) for found in kinds.values()), kinds


def test_a_wrong_winner_claimed_for_the_leader_cites_the_trick_rule() -> None:
    """Issue 27, 2: a record claiming a single-card trick for its leader, which another seat won,
    breaks the trick rule by which the winner beat it (the winner's verdict), not ``lead.one_suit``,
    which only describes the lead."""
    record = doc_example()
    answer = audit(record)
    winners = [s.seat for s in answer.steps if re.fullmatch(r"tricks\[\d+\]", s.step)]
    index = next(i for i, t in enumerate(record.tricks)
                 if len(t.plays[0].cards) == 1 and winners[i] != t.plays[0].seat)
    leader = record.tricks[index].plays[0].seat
    record.tricks[index].reported_winner = leader
    first = audit(record).first_violation
    assert first.step == f"tricks[{index}]"
    assert first.broken_rule_id.startswith("trick.") and first.broken_rule_id != "trick.points"
    assert f"seat {winners[index]}: " in first.explanation


def test_a_wrong_winner_claimed_for_a_seat_beaten_later_cites_the_winner() -> None:
    """A claimed seat whose play beat the best so far lost to a later play: the rule and the reason
    are the winner's, not the claimed play's own (which says why it led the trick then)."""
    record = doc_example()
    context = pb.Context()
    context.CopyFrom(record.context)
    context.trump_suit = _declared_suit(record)  # type: ignore[assignment]
    for index, trick in enumerate(record.tricks):
        judged = dispatch(pb.Question(judge_trick=pb.JudgeTrickRequest(context=context, plays=trick.plays))).judge_trick
        beaten = [v.seat for v in judged.verdicts[1:] if v.beats_best_so_far and v.seat != judged.winning_seat]
        if beaten:
            break
    else:
        raise AssertionError("the example has no play beaten later")
    record.tricks[index].reported_winner = beaten[0]
    first = audit(record).first_violation
    won = next(v for v in judged.verdicts if v.seat == judged.winning_seat)
    assert (first.step, first.broken_rule_id) == (f"tricks[{index}]", won.rule_ids[0])
    assert f"seat {judged.winning_seat}: {won.reason}" in first.explanation


def test_a_wrong_forced_card_still_charges_the_penalty() -> None:
    """Issue 27, 3: after a failed throw whose forced card the record gets wrong (flagged at the
    lead, ``throw.forced_unit``), the throw's penalty is charged as the game charged it, so the
    audit's penalties are those of the deal the plant was made on (every such case)."""
    cases = [json.loads(line) for line in HAND_CASES.read_text(encoding="utf-8").splitlines()]
    planted = [c for c in cases if c["id"].split("/")[2] == "throw-not-forced"]
    charged = 0
    for case in planted:
        variant_id, seed = case["id"].split("/")[3].rsplit("-", 1)
        record = json_format.ParseDict(case["question"]["auditDeal"]["record"], pb.DealRecord())
        answer, game = audit(record), audit(_unplanted(variant_id, int(seed)))
        assert answer.first_violation.broken_rule_id == "throw.forced_unit", case["id"]
        assert answer.totals.penalty_points == game.totals.penalty_points, case["id"]
        charged += game.totals.penalty_points != 0  # (some variants charge no penalty)
    assert charged >= 2
