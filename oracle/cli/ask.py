"""``shengji-oracle ask KIND``: one question from the command line, the cards in notation.

Each kind of question is one row of :data:`KINDS`: its subcommand, the ``Question`` field it
fills, its own options and how they make the request. The options every kind shares (variant,
level, trump, a room's own variant, ``--json``, ``--target``) are added to each. The question
is answered in-process, or by a server with ``--target HOST:PORT`` (through ``AnswerBatch``);
either way the result is an ``Answer``: printed in notation with the verdict, each rule id with
its one-line summary and the seeds' own words, or as JSON with ``--json``.

>>> from click.testing import CliRunner
>>> run = CliRunner().invoke(ask, ["follow", "-v", "qq-two-deck", "-l", "10", "-t", "H",
...     "--lead", "8S", "--hand", "AS 3C", "--play", "3C"])
>>> print(run.output.splitlines()[0])
illegal: breaks follow.suit
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, cast

import click
from google.protobuf import json_format
from google.protobuf.message import Message

from oracle import pb
from oracle.cards import Rank, Suit, format_cards
from oracle.cli.notation import NO_TRUMP, Cards, Level, RoomFile, SeatCards, Trump
from oracle.cli.refusal import echo_refusal
from oracle.convert import cards_from_pb
from oracle.rules import RULES

Build = Callable[[Mapping[str, Any], pb.Context], Message]
"""Makes a kind's request from its options' values and the shared context."""


@dataclass(frozen=True)
class AskKind:
    """One kind of question on the command line."""

    name: str
    """The subcommand, for example ``follow``."""
    question: str
    """The ``Question`` oneof field it fills, for example ``check_follow``."""
    help: str
    options: tuple[click.Option, ...]
    build: Build
    verdict: Callable[[Any], str]
    """The answer's first line."""
    context: str = "play"
    """What the kind's context holds: ``play`` (variant, level, trump), ``level`` (variant and
    level), ``variant`` (the variant alone)."""


def _option(*names: str, **kwargs: Any) -> click.Option:
    return click.Option(list(names), **kwargs)


def _play(value: tuple[int, list[pb.Card]]) -> pb.Play:
    return pb.Play(seat=value[0], cards=value[1])


def _hand(value: tuple[int, list[pb.Card]]) -> pb.Hand:
    return pb.Hand(seat=value[0], cards=value[1])


def _declaration(value: tuple[int, list[pb.Card]] | None) -> pb.Declaration | None:
    return None if value is None else pb.Declaration(seat=value[0], cards=value[1])


def _seats(text: str) -> list[int]:
    return [int(word) for word in text.replace(",", " ").split()]


def _rank(value: Rank | None) -> pb.Rank:
    return pb.RANK_UNSPECIFIED if value is None else cast(pb.Rank, int(value))


_SIDES = {pb.SIDE_BANKER: "the banker's side goes", pb.SIDE_ATTACKERS: "the attackers go"}


def _legal_plays(answer: pb.ListLegalPlaysResponse) -> str:
    """The count, then the plays listed in notation, each with the rule of its group."""
    shown = f", {len(answer.plays)} listed" if len(answer.plays) < answer.total else ""
    return "\n".join([f"{answer.total} legal plays{shown}", *(
        f"  {format_cards(cards_from_pb(play.cards))}  ({answer.groups[play.group].rule_id})"
        for play in answer.plays)])


KINDS: list[AskKind] = [
    AskKind(
        "describe", "describe_play", "What a set of cards is: effective suit, units, points.",
        (_option("--cards", type=Cards(), required=True, help="the cards"),),
        lambda o, ctx: pb.DescribePlayRequest(context=ctx, cards=o["cards"]),
        lambda a: "a valid lead" + (" (a throw)" if a.is_throw else "")
        if a.valid_lead else "not a valid lead",
    ),
    AskKind(
        "follow", "check_follow", "Is this follow legal?",
        (
            _option("--lead", type=Cards(), required=True, help="the cards led"),
            _option("--hand", type=Cards(), required=True, help="the follower's whole hand"),
            _option("--play", type=Cards(), required=True, help="the cards the follower plays"),
        ),
        lambda o, ctx: pb.CheckFollowRequest(
            context=ctx, lead=o["lead"], hand=o["hand"], play=o["play"]
        ),
        lambda a: "legal" if a.legal else f"illegal: breaks {a.broken_rule_id}",
    ),
    AskKind(
        "trick", "judge_trick", "Who wins this trick, and why?",
        (_option("--play", "plays", type=SeatCards(), multiple=True, required=True,
                 help="SEAT:CARDS, in play order, the lead first (repeat the option)"),),
        lambda o, ctx: pb.JudgeTrickRequest(context=ctx, plays=[_play(p) for p in o["plays"]]),
        lambda a: f"seat {a.winning_seat} wins, {a.points} points",
    ),
    AskKind(
        "throw", "check_throw", "Does this throw (甩牌) succeed?",
        (
            _option("--throw", "throw", type=SeatCards(), required=True,
                    help="SEAT:CARDS, the thrower and its lead"),
            _option("--other", "others", type=SeatCards(), multiple=True,
                    help="SEAT:CARDS, another seat's hand (repeat the option)"),
        ),
        lambda o, ctx: pb.CheckThrowRequest(
            context=ctx, throw=_play(o["throw"]), other_hands=[_hand(h) for h in o["others"]]
        ),
        lambda a: ("the throw succeeds" if a.succeeds else "the throw fails")
        if a.is_throw else "not a throw (one unit)",
    ),
    AskKind(
        "bottom", "score_bottom", "The bottom (底牌) multiplier and the points it adds.",
        (
            _option("--last-trick", "last_trick", type=SeatCards(), multiple=True,
                    required=True, help="SEAT:CARDS, the last trick in play order (repeat)"),
            _option("--banker-seats", required=True, help="the banker side's seats, e.g. '0 2'"),
            _option("--bottom", type=Cards(), default="", help="the bottom cards"),
            _option("--banker-side-points", type=int, default=0,
                    help="where either side digs: the banker side's points before the dig"),
            _option("--attacker-points", type=int, default=0,
                    help="where either side digs: the attackers' points before the dig"),
        ),
        lambda o, ctx: pb.ScoreBottomRequest(
            context=ctx, last_trick=[_play(p) for p in o["last_trick"]],
            banker_seats=_seats(o["banker_seats"]), bottom=o["bottom"],
            banker_side_points=o["banker_side_points"], attacker_points=o["attacker_points"],
        ),
        lambda a: f"multiplier {a.multiplier}: {a.points_to_attackers} points to the attackers",
    ),
    AskKind(
        "deal", "score_deal", "How the levels move after a deal, and who deals next.",
        (
            _option("--attacker-points", type=int, required=True,
                    help="the attackers' final points, the bottom included"),
            _option("--banker-seat", type=int, required=True, help="the banker's seat"),
            _option("--banker-level", type=Level(), help="the banker side's level (optional)"),
            _option("--attacker-level", type=Level(), help="the attackers' level (optional)"),
        ),
        lambda o, ctx: pb.ScoreDealRequest(
            context=ctx, attacker_points=o["attacker_points"], banker_seat=o["banker_seat"],
            banker_level=_rank(o["banker_level"]), attacker_level=_rank(o["attacker_level"]),
        ),
        lambda a: f"{_SIDES.get(a.side, 'nobody')} {a.levels} level(s) up"
        if a.side in _SIDES else f"nobody goes up; seat {a.next_banker_seat} deals next",
        context="variant",
    ),
    AskKind(
        "declare", "compare_declarations", "Does a new declaration override the standing one?",
        (
            _option("--standing", type=SeatCards(), help="SEAT:CARDS, the standing declaration"),
            _option("--challenger", type=SeatCards(), required=True,
                    help="SEAT:CARDS, the new declaration"),
            _option("--rebury", is_flag=True, help="declared after the bottom is buried (炒底)"),
        ),
        lambda o, ctx: pb.CompareDeclarationsRequest(
            context=ctx, standing=_declaration(o["standing"]),
            challenger=_declaration(o["challenger"]), rebury=o["rebury"],
        ),
        lambda a: ("overrides" if a.overrides else "does not override")
        if a.challenger_valid else "not a declaration",
        context="level",
    ),
    AskKind(
        "legal-plays", "list_legal_plays", "Every legal play of a hand: its follows of --lead, or its leads.",
        (
            _option("--hand", type=Cards(), required=True, help="the player's whole hand"),
            _option("--lead", type=Cards(), default="", help="the cards led (leave out to list the leads)"),
            _option("--page-size", type=int, default=0, help="how many plays to list (0: 100; at most 1000)"),
            _option("--page-token", default="", help="the next page: the next_page_token printed before"),
        ),
        lambda o, ctx: pb.ListLegalPlaysRequest(
            context=ctx, hand=o["hand"], lead=o["lead"], page_size=o["page_size"],
            page_token=o["page_token"],
        ),
        _legal_plays,
    ),
]
"""The kinds of question, one row each; a new kind is one more row."""


def _context(kind: AskKind, variant: str | None, room: pb.Variant | None, level: Rank | None,
             trump: Suit | str | None) -> pb.Context:
    """The shared context; what is left out is left unset, for the oracle to say it is missing."""
    ctx = pb.Context(variant_id=variant or "")
    if room is not None:
        ctx.custom_variant.CopyFrom(room)
    if kind.context in ("play", "level") and level is not None:
        ctx.level = cast(pb.Rank, int(level))
    if kind.context == "play" and isinstance(trump, Suit):
        ctx.trump_suit = cast(pb.Suit, int(trump))
    ctx.no_trump = kind.context == "play" and trump == NO_TRUMP
    return ctx


def answer(question: pb.Question, target: str | None) -> pb.Answer:
    """The answer in-process, or from the server at ``target`` (its ``AnswerBatch``)."""
    if target is None:
        from oracle.service.questions import dispatch

        return dispatch(question)
    import grpc

    from oracle._gen.shengji.oracle.v1 import oracle_service_pb2_grpc

    with grpc.insecure_channel(target) as channel:
        stub: Any = oracle_service_pb2_grpc.OracleServiceStub(channel)  # type: ignore[no-untyped-call]
        try:
            batch = stub.AnswerBatch(pb.AnswerBatchRequest(questions=[question]), timeout=30)
        except grpc.RpcError as err:
            raise click.ClickException(f"{target}: {err.code().name}: {err.details()}") from None
    first: pb.Answer = batch.answers[0]
    return first


def _text(value: Any) -> str:
    """A field's value for people: cards in notation, enums by name, messages field by field."""
    if isinstance(value, pb.Card):
        return format_cards(cards_from_pb([value]))
    if isinstance(value, Message):
        return "{" + ", ".join(f"{f.name}: {_field_text(value, f)}" for f, _ in
                               value.ListFields()) + "}"
    return str(value)


def _field_text(message: Message, descriptor: Any) -> str:
    value = getattr(message, descriptor.name)
    if descriptor.enum_type is not None:
        names = [descriptor.enum_type.values_by_number[v].name for v in
                 (value if descriptor.is_repeated else [value])]
        return ", ".join(names)
    if descriptor.is_repeated:
        if descriptor.message_type is pb.Card.DESCRIPTOR:
            return format_cards(cards_from_pb(value))
        return "; ".join(_text(v) for v in value)
    return _text(value)


def rule_lines(rule_ids: Iterable[str]) -> list[str]:
    """Each rule id with its one-line summary and its sources' own words.

    >>> print("\\n".join(rule_lines(["follow.suit"])))  # doctest: +ELLIPSIS
    follow.suit: ...
        002_5b87348f30dfb850.txt ...
    """
    lines: list[str] = []
    for rule_id in dict.fromkeys(rule_ids):
        rule = RULES.get(rule_id)
        lines.append(f"{rule_id}: {rule.summary if rule else '(not in the catalogue)'}")
        lines.extend(f"    {source}" for source in (rule.sources if rule else ()))
    return lines


def print_answer(kind: AskKind, result: pb.Answer) -> int:
    """Print an answer for people; the exit status: 0 for an answer, 2 for a bad question."""
    if result.WhichOneof("answer") == "error":
        echo_refusal(result.error)
        return 2
    response = getattr(result, kind.question)
    click.echo(kind.verdict(response))
    if response.explanation:
        click.echo(response.explanation)
    for descriptor, _ in response.ListFields():
        if descriptor.name not in ("rule_ids", "explanation"):
            click.echo(f"{descriptor.name}: {_field_text(response, descriptor)}")
    click.echo("rules:")
    for line in rule_lines(response.rule_ids):
        click.echo(f"  {line}")
    return 0


def _command(kind: AskKind) -> click.Command:
    params: list[click.Parameter] = [
        _option("-v", "--variant", help="a variant id (shengji-oracle ask variants lists them)"),
        _option("--room", type=RoomFile(),
                help="a room's own variant: a JSON file of the Variant message (custom_variant)"),
    ]
    if kind.context in ("play", "level"):
        params.append(_option("-l", "--level", type=Level(), help="the level rank, e.g. 10"))
    if kind.context == "play":
        params.append(_option("-t", "--trump", type=Trump(), help="S, H, D, C or none"))
    params.extend(kind.options)
    params.append(_option("--json", "as_json", is_flag=True, help="print the Answer as JSON"))
    params.append(_option("--target", metavar="HOST:PORT",
                          help="ask the server at HOST:PORT instead of answering in-process"))

    def run(**values: Any) -> None:
        ctx = _context(kind, values.pop("variant"), values.pop("room"),
                       values.pop("level", None), values.pop("trump", None))
        question = pb.Question()
        getattr(question, kind.question).CopyFrom(kind.build(values, ctx))
        result = answer(question, values.pop("target"))
        if values.pop("as_json"):
            click.echo(json_format.MessageToJson(
                result, ensure_ascii=False, always_print_fields_with_no_presence=True))
            sys.exit(2 if result.WhichOneof("answer") == "error" else 0)
        sys.exit(print_answer(kind, result))

    return click.Command(kind.name, params=params, callback=run, help=kind.help)


@click.group()
def ask() -> None:
    """Ask the oracle one question, the cards in notation (AS, 10H, SJ, BJ).

    For example: shengji-oracle ask follow -v qq-two-deck -l 10 -t H --lead 8S
    --hand "AS 3C" --play 3C
    """


@ask.command("variants")
def variants() -> None:
    """The variant ids the oracle knows."""
    from oracle.variants import load_catalogue

    for variant_id, variant in sorted(load_catalogue().items()):
        click.echo(f"{variant_id}: {variant.name}")


for _kind in KINDS:
    ask.add_command(_command(_kind))
