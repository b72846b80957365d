// The engine behind conformance_adapter.js: the part an engine author fills in.
//
// Export one function per kind of question, named as the proto3 JSON mapping names the field of
// shengji.oracle.v1.Question (describePlay, checkFollow, judgeTrick, checkThrow, scoreBottom,
// scoreDeal, compareDeclarations, getVariant, ...). Each takes the request (JSON, as in the case
// files: cards are {"rank": "RANK_TEN", "suit": "SUIT_HEARTS"}, a joker {"rank":
// "RANK_BIG_JOKER"}; fields at their default value are left out) and returns the response
// message as JSON, {error: {code, fieldViolations}} for a malformed question, or
// {unsupported: "why"} for what the engine does not do yet. A kind without a function is
// answered "unsupported". Say what you claim in claim.json: the runner then runs exactly those
// cases and prints the claim earned.
//
// Filled in here, as an example: checkFollow for single-card leads (claim.json: qq-two-deck,
// check_follow, scope single-card-leads). The rule (docs/rules.md, follow.suit): a follower
// holding a card of the led suit must play one; trump (jokers, the level's cards, the trump
// suit) is one suit of its own.
'use strict';

const JOKERS = new Set(['RANK_SMALL_JOKER', 'RANK_BIG_JOKER']);

// A deliberate bug for the fuzz mode's worked example (conformance/README.md, step 7): with
// SHENGJI_TOY_BUG=no-trump-level-cards, in a no-trump deal the level's cards stay in their suits.
const SEEDED_BUG = process.env.SHENGJI_TOY_BUG || '';

// The suit a card follows as: 'trump', or its own suit.
function effectiveSuit(card, context) {
  if (JOKERS.has(card.rank)) return 'trump';
  if (SEEDED_BUG === 'no-trump-level-cards' && !context.trumpSuit && card.rank === context.level) {
    return card.suit; // the seeded bug
  }
  if (card.rank === context.level) return 'trump'; // the level's cards are trump
  const trumpSuit = context.trumpSuit || 'SUIT_UNSPECIFIED'; // unset: a no-trump deal
  if (trumpSuit !== 'SUIT_UNSPECIFIED' && card.suit === trumpSuit) return 'trump';
  return card.suit;
}

function checkFollow(request) {
  const { context, lead = [], hand = [], play = [] } = request;
  if (lead.length !== 1 || play.length !== 1) {
    return { unsupported: 'only single-card leads are implemented' };
  }
  const led = effectiveSuit(lead[0], context);
  const holdsLedSuit = hand.some((card) => effectiveSuit(card, context) === led);
  const legal = !holdsLedSuit || effectiveSuit(play[0], context) === led;
  return legal ? { legal: true } : { legal: false, brokenRuleId: 'follow.suit' };
}

module.exports = { checkFollow };
