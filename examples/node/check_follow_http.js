#!/usr/bin/env node
// Ask the oracle whether a follow is legal over HTTP/JSON, from Node.js 20+ with no package
// at all (the built-in fetch).
//
//   node check_follow_http.js [host:port]
//
// The address is the oracle's HTTP port: $SHENGJI_ORACLE_HTTP_ADDRESS, then localhost:50052.
// The question is check_follow.js's: playing 10 with hearts trump, spades are led (8S); the
// follower holds AS and 3C and plays 3C, which is illegal ("follow.suit"; a legal play: AS).
// Prints the response as JSON; exits 1 on an error, printing its field violations.
'use strict';

const address = process.argv[2] || process.env.SHENGJI_ORACLE_HTTP_ADDRESS || 'localhost:50052';
const card = (rank, suit) => ({ rank: `RANK_${rank}`, suit: `SUIT_${suit}` });

const request = {
  context: { variantId: 'qq-two-deck', level: 'RANK_TEN', trumpSuit: 'SUIT_HEARTS' },
  lead: [card('EIGHT', 'SPADES')],
  hand: [card('ACE', 'SPADES'), card('THREE', 'CLUBS')],
  play: [card('THREE', 'CLUBS')],
};

(async () => {
  const response = await fetch(`http://${address}/shengji.oracle.v1.OracleService/CheckFollow`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(request),
    signal: AbortSignal.timeout(10000),
  });
  const body = await response.json();
  if (!response.ok) {
    console.error(`${body.code}: ${body.message}`);
    for (const detail of body.details || []) {
      for (const v of (detail.debug && detail.debug.fieldViolations) || []) {
        console.error(`  ${v.field}: ${v.description}`);
      }
    }
    process.exit(1);
  }
  console.log(JSON.stringify(body, null, 2));
})();
