"""Write the perft vectors of ListLegalPlays: conformance/regression/generated-list_legal_plays.jsonl.

For every shipped variant (the compatibility profiles included), random hands with fixed seeds
(:mod:`conformance.authoring.perft`): follows and leads small enough for brute force, listed in
full and checked here against the brute force before they are written; and larger follows, whose
totals come from the oracle's counting procedure. Both are answered through the service, so they
are the regression set's (``gen/`` ids), tagged ``list_legal_plays``: an engine claiming
legal-play generation runs them with ``--set regression --tag list_legal_plays``. Deterministic: running it twice writes the
same file (as long as the engine answers the same).

Usage::

    python scripts/generate_perft_cases.py            # write the file
    python scripts/generate_perft_cases.py --check    # fail if the file is stale
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from google.protobuf import json_format

from conformance.authoring import perft
from conformance.authoring.variant_files import variant_ids
from oracle import pb
from oracle.service.questions import dispatch

OUT = ROOT / "conformance" / "regression" / "generated-list_legal_plays.jsonl"

SMALL_FOLLOWS, SMALL_LEADS, COUNTED_FOLLOWS = 45, 15, 20
"""Cases per variant of each kind."""


def _key(play: Any) -> tuple[int, ...]:
    return tuple(sorted(c.code for c in play))


def variant_cases(variant: str) -> list[dict[str, Any]]:
    rng = random.Random(f"perft/{variant}")
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    plan = [("follow", True)] * SMALL_FOLLOWS + [("lead", True)] * SMALL_LEADS + [("follow", False)] * COUNTED_FOLLOWS
    for index, (what, small) in enumerate(plan):
        while True:
            deal = perft.random_deal(rng, variant)
            if what == "lead":
                lead: list[Any] = []
                suit = deal.ctx.effective_suit(rng.choice(deal.pack))
                hand = perft.random_hand(rng, deal, suit, rng.randint(1, 6), rng.randint(0, 3))
            else:
                lead = perft.random_lead(rng, deal, rng.choice([1, 2, 2, 3, 4, 4, 5, 6] if small else [4, 6, 8, 10, 12]))
                suit = deal.ctx.effective_suit(lead[0])
                if small:
                    in_suit = rng.randint(0, perft.BRUTE_MAX_HAND - 2)
                    others = rng.randint(max(0, len(lead) - in_suit), perft.BRUTE_MAX_HAND - in_suit)
                else:
                    in_suit, others = rng.randint(len(lead) + 2, len(lead) + 10), rng.randint(3, 8)
                hand = perft.random_hand(rng, deal, suit, in_suit, others, lead)
            question = perft.case(deal, hand, lead, index, small, [], 0)["question"]
            if dispatch(json_format.ParseDict(question, pb.Question())).HasField("error"):
                continue  # the variant's hands are smaller
            signature = f"{deal.level}{deal.trump}{sorted(c.code for c in lead)}{sorted(c.code for c in hand)}"
            if signature not in seen:
                seen.add(signature)
                break
        answer = dispatch(json_format.ParseDict(question, pb.Question())).list_legal_plays
        plays = None
        if small:
            want = perft.brute_follows(deal.ctx, lead, hand) if lead else perft.brute_leads(deal.ctx, hand)
            plays = [[c for c in deal.ctx.sorted(
                [perft.card_of(x) for x in p.cards])] for p in answer.plays]
            got = {_key(p) for p in plays}
            if answer.total != len(want) or got != {_key(p) for p in want} or len(plays) != answer.total:
                raise SystemExit(f"{variant}: the oracle's legal plays differ from the brute force: "
                                 f"{perft.format_cards(hand)} / {perft.format_cards(lead)}")
        out.append(perft.case(deal, hand, lead, index, small, plays, answer.total))
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if the file is stale")
    args = parser.parse_args()
    lines = [json.dumps(c, ensure_ascii=False, separators=(",", ":"))
             for variant in variant_ids() for c in variant_cases(variant)]
    text = "\n".join(lines) + "\n"
    if args.check:
        if not OUT.exists() or OUT.read_text() != text:
            print(f"{OUT.relative_to(ROOT)} is stale: run python scripts/generate_perft_cases.py")
            return 1
        return 0
    OUT.write_text(text)
    print(f"{len(lines)} cases written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
