#!/usr/bin/env node
// A stdio adapter for the Shengji conformance suite, in Node.js: the protocol loop. You do not
// edit this file; you fill in engine.js (one function per kind of question).
//
//   shengji-conformance --stdio "node examples/node/conformance_adapter.js" \
//       --claim examples/node/claim.json
//
// The protocol (conformance/INTERPRETING.md, "The stdio protocol"), version 2: the runner writes
// one line per question, {"id": "<case id>", "question": {"checkFollow": {...}}}, a
// shengji.oracle.v1.Question in the proto3 JSON mapping; this program writes one line per
// answer, in the same order, echoing the id: {"id": "<case id>", "answer": {"checkFollow":
// {...}}}, or {"id": "<case id>", "unsupported": "<why>"} for a question the engine does not
// implement (the runner counts the case as skipped, never as passed). A line without "id" is
// protocol 1 and gets a bare Answer.
//
// Every stdout line must be an answer: console.log is sent to stderr here, so a debugging print
// in the engine cannot break the protocol (the runner shows the last stderr lines when the
// process dies). The engine file is ./engine.js, or $SHENGJI_ENGINE.
'use strict';

const path = require('path');
const readline = require('readline');

console.log = (...args) => console.error(...args); // stdout carries answers only

const engine = require(process.env.SHENGJI_ENGINE
  ? path.resolve(process.env.SHENGJI_ENGINE)
  : path.join(__dirname, 'engine.js'));

// The answer to one question, as an object ready for JSON: {answer} or {unsupported}.
function respond(question) {
  const kinds = Object.keys(question);
  if (kinds.length !== 1) {
    return { answer: { error: { code: 'INVALID_ARGUMENT', message: 'no kind of question set',
      fieldViolations: [{ field: 'question', description: 'set exactly one kind' }] } } };
  }
  const kind = kinds[0]; // the JSON name of the Question oneof field, e.g. "checkFollow"
  const handler = engine[kind];
  if (typeof handler !== 'function') {
    return { unsupported: `this engine does not answer ${kind}` };
  }
  try {
    const result = handler(question[kind]);
    if (result && typeof result.unsupported === 'string') {
      return { unsupported: result.unsupported };
    }
    return { answer: result.error ? { error: result.error } : { [kind]: result } };
  } catch (err) {
    return { answer: { error: { code: 'INTERNAL', message: String(err && err.stack || err) } } };
  }
}

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on('line', (line) => {
  if (!line.trim()) return;
  const data = JSON.parse(line);
  const v2 = data !== null && typeof data === 'object' && 'id' in data && 'question' in data;
  const reply = respond(v2 ? data.question : data);
  let out;
  if (v2) {
    out = { id: data.id, ...reply };
  } else {
    out = reply.answer || { error: { code: 'UNIMPLEMENTED', message: reply.unsupported } };
  }
  process.stdout.write(`${JSON.stringify(out)}\n`);
});
