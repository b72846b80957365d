#!/usr/bin/env node
// Decoding the oracle's google.rpc.BadRequest from Node.js, and refusing a typo'd enum before
// sending it.
//
//   node bad_request.js [host:port]
//
// A malformed question gets the status INVALID_ARGUMENT, and its details (the trailer
// grpc-status-details-bin) are a google.rpc.Status whose details hold a google.rpc.BadRequest:
// one field violation per problem, each naming the field path ("play[0]") and the reason.
// @grpc/grpc-js hands over the raw trailer; the protos of google/rpc (committed copies in
// protos/google/rpc, from googleapis) decode it with protobufjs.
//
// protobufjs turns an enum name it does not know ("RANK_TENN") into 0 without a word, so the
// request is checked first by strict(), which names the bad field. Prints one line per field
// violation ("play[0]: ..."); exits 1 when the call unexpectedly succeeds.
'use strict';

const fs = require('fs');
const path = require('path');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const protobuf = require('protobufjs');

const address = process.argv[2] || process.env.SHENGJI_ORACLE_ADDRESS || 'localhost:50051';
const protoDirs = [
  process.env.SHENGJI_ORACLE_PROTO || path.join(__dirname, '..', '..', 'proto'),
  path.join(__dirname, 'protos'),
];

// A protobufjs root that finds imports in protoDirs (google/protobuf/* are built in).
function loadRoot(files) {
  const root = new protobuf.Root();
  root.resolvePath = (origin, target) => {
    for (const dir of protoDirs) {
      const candidate = path.join(dir, target);
      if (fs.existsSync(candidate)) return candidate;
    }
    return protobuf.util.path.resolve(origin, target);
  };
  return root.loadSync(files, { keepCase: false });
}

const root = loadRoot(['google/rpc/status.proto', 'google/rpc/error_details.proto',
  'shengji/oracle/v1/oracle_service.proto']);
const Status = root.lookupType('google.rpc.Status');
const BadRequest = root.lookupType('google.rpc.BadRequest');

// Throws when a request object names an enum value its message does not have (protobufjs would
// send 0) or a field the message does not have; returns the object. Enums by name, as in JSON.
function strict(typeName, object, type = root.lookupType(typeName), where = typeName) {
  for (const [key, value] of Object.entries(object)) {
    const field = type.fields[key];
    if (!field) throw new Error(`${where}: no field ${key}`);
    field.resolve();
    for (const item of field.repeated ? value : [value]) {
      const fieldPath = `${where}.${key}`;
      if (field.resolvedType instanceof protobuf.Enum) {
        if (!(item in field.resolvedType.values)) {
          throw new Error(`${fieldPath}: no value ${JSON.stringify(item)} in ${field.resolvedType.name}`);
        }
      } else if (field.resolvedType instanceof protobuf.Type) {
        strict(typeName, item, field.resolvedType, fieldPath);
      }
    }
  }
  return object;
}

// The field violations of a failed call's details, as [{field, description}].
function fieldViolations(err) {
  const [raw] = err.metadata ? err.metadata.get('grpc-status-details-bin') : [];
  if (!raw) return [];
  const status = Status.decode(raw);
  return status.details
    .filter((any) => any.type_url.endsWith('/google.rpc.BadRequest') || any.typeUrl?.endsWith('/google.rpc.BadRequest'))
    .flatMap((any) => BadRequest.decode(any.value).fieldViolations);
}

const card = (rank, suit) => ({ rank: `RANK_${rank}`, suit: `SUIT_${suit}` });

try {
  strict('shengji.oracle.v1.Context', { variantId: 'qq-two-deck', level: 'RANK_TENN' });
} catch (err) {
  console.log(`refused before sending: ${err.message}`);
}

const definition = protoLoader.loadSync('shengji/oracle/v1/oracle_service.proto', {
  includeDirs: protoDirs, enums: String, defaults: true, longs: Number,
});
const { OracleService } = grpc.loadPackageDefinition(definition).shengji.oracle.v1;
const client = new OracleService(address, grpc.credentials.createInsecure());
// Malformed on purpose: the play holds a card the hand does not.
const request = strict('shengji.oracle.v1.CheckFollowRequest', {
  context: { variantId: 'qq-two-deck', level: 'RANK_TEN', trumpSuit: 'SUIT_HEARTS' },
  lead: [card('EIGHT', 'SPADES')],
  hand: [card('ACE', 'SPADES'), card('THREE', 'CLUBS')],
  play: [card('KING', 'SPADES')],
});
client.checkFollow(request, { deadline: new Date(Date.now() + 10000) }, (err) => {
  client.close();
  if (!err) {
    console.error('the malformed question was answered');
    process.exit(1);
  }
  console.log(`${grpc.status[err.code]}: ${err.details}`);
  for (const violation of fieldViolations(err)) {
    console.log(`${violation.field}: ${violation.description}`);
  }
});
