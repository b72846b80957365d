#!/usr/bin/env node
// Ask the oracle whether a follow is legal, from Node.js.
//
//   node check_follow.js [host:port]
//
// The address defaults to $SHENGJI_ORACLE_ADDRESS, then localhost:50051. The
// proto files are read from ../../proto (or $SHENGJI_ORACLE_PROTO). The
// question: playing 10 with hearts trump, spades are led (8S); the follower
// holds AS and 3C and plays 3C. Holding a spade, it must play it, so the
// answer is illegal, with rule "follow.suit" and a legal example (AS).
// Prints the response as JSON; exits 1 on an error status.
'use strict';

const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');

const address = process.argv[2] || process.env.SHENGJI_ORACLE_ADDRESS || 'localhost:50051';
const protoRoot = process.env.SHENGJI_ORACLE_PROTO || path.join(__dirname, '..', '..', 'proto');

const definition = protoLoader.loadSync('shengji/oracle/v1/oracle_service.proto', {
  includeDirs: [protoRoot],
  enums: String, // enum values by name: 'RANK_TEN'
  defaults: true, // print unset fields too (legal: false)
  longs: Number,
});
const { OracleService } = grpc.loadPackageDefinition(definition).shengji.oracle.v1;

const card = (rank, suit) => ({ rank: `RANK_${rank}`, suit: `SUIT_${suit}` });

const request = {
  context: { variantId: 'qq-two-deck', level: 'RANK_TEN', trumpSuit: 'SUIT_HEARTS' },
  lead: [card('EIGHT', 'SPADES')],
  hand: [card('ACE', 'SPADES'), card('THREE', 'CLUBS')],
  play: [card('THREE', 'CLUBS')],
};

const client = new OracleService(address, grpc.credentials.createInsecure());
const deadline = new Date(Date.now() + 10000);
client.checkFollow(request, { deadline }, (err, response) => {
  client.close();
  if (err) {
    console.error(`${grpc.status[err.code]}: ${err.details}`);
    process.exit(1);
  }
  console.log(JSON.stringify(response, null, 2));
});
