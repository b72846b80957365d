"""``shengji-oracle ask``: questions in card notation, answered in-process.

The README's example (hearts trump, spades led, the follower holds a spade and plays a club) is
illegal by the seed's own words: 如果用户有红桃必须先出红桃 (004, 出牌规则), with spades for hearts.
Forty points in the two-deck game: 如果得分大于等于 40 小于 80 ，庄家方升 1 级 (002, 记分规则).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from google.protobuf import json_format

from oracle import pb
from oracle.cli import main
from oracle.cli.ask import KINDS
from oracle.variants import get_variant

FOLLOW = ["ask", "follow", "-v", "qq-two-deck", "-l", "10", "-t", "H",
          "--lead", "8S", "--hand", "AS 3C"]


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_an_illegal_follow_in_notation_with_its_rule_and_the_seed_words() -> None:
    code, out, _ = run(*FOLLOW, "--play", "3C")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "illegal: breaks follow.suit"
    assert "example: AS" in lines
    assert any(line.strip().startswith("follow.suit: A follower plays cards of the led suit")
               for line in lines)
    assert any("如果用户有红桃必须先出红桃" in line for line in lines)


def test_json_prints_the_answer() -> None:
    code, out, _ = run(*FOLLOW, "--play", "AS", "--json")
    assert code == 0
    assert json.loads(out)["checkFollow"]["legal"] is True


def test_a_wrong_card_is_named_with_what_is_wrong() -> None:
    code, _, err = run(*FOLLOW, "--play", "1C")
    assert code == 2
    assert "--play" in err and "'1C' is not a card: the rank '1'" in err


def test_a_bad_question_lists_its_field_violations() -> None:
    code, _, err = run("ask", "follow", "-v", "nope", "-l", "10", "-t", "none",
                       "--lead", "8S", "--hand", "AS", "--play", "AS")
    assert code == 2
    assert "check_follow.context.variant_id: unknown variant 'nope'" in err


@pytest.mark.parametrize(
    ("args", "first_line"),
    [
        (["describe", "-l", "10", "-t", "H", "--cards", "AS AS KS KS"], "a valid lead"),
        (["describe", "-l", "10", "-t", "H", "--cards", "AS KS"], "a valid lead (a throw)"),
        (["deal", "--attacker-points", "40", "--banker-seat", "0"],
         "the banker's side goes 1 level(s) up"),
        (["trick", "-l", "10", "-t", "H", "--play", "0:AS", "--play", "1:3H", "--play", "2:KS",
          "--play", "3:5S"], "seat 1 wins, 15 points"),
        (["throw", "-l", "10", "-t", "H", "--throw", "0:AS KS", "--other", "1:3S",
          "--other", "2:4S", "--other", "3:5C"], "the throw succeeds"),
        (["declare", "-l", "10", "--standing", "0:10S", "--challenger", "1:10H 10H"],
         "overrides"),
    ],
)
def test_each_kind_answers(args: list[str], first_line: str) -> None:
    code, out, err = run("ask", args[0], "-v", "qq-two-deck", *args[1:])
    assert code == 0, err
    assert out.splitlines()[0] == first_line


def test_every_kind_has_its_options_and_shared_ones() -> None:
    assert KINDS
    for kind in KINDS:
        code, out, _ = run("ask", kind.name, "--help")
        assert code == 0 and "--variant" in out and "--target" in out and "--json" in out


def test_a_rooms_own_variant_from_a_file(tmp_path: Path) -> None:
    room = pb.Variant()
    room.CopyFrom(get_variant("qq-one-deck"))
    room.id = "my-room"
    path = tmp_path / "room.json"
    path.write_text(json_format.MessageToJson(room), encoding="utf-8")
    deal = ["ask", "deal", "--attacker-points", "40", "--banker-seat", "0", "--json"]
    own = json.loads(run(*deal, "--room", str(path))[1])
    assert own == json.loads(run(*deal, "-v", "qq-one-deck")[1])
    assert own != json.loads(run(*deal, "-v", "qq-two-deck")[1])
    path.write_text('{"id": 5}', encoding="utf-8")
    code, _, err = run(*deal, "--room", str(path))
    assert code == 2 and "--room" in err and "id" in err
