// The rule explorer: builds a question from the form (cards in notation), asks the oracle over
// HTTP/JSON (the Connect protocol, same origin) and shows the answer, each rule id linked to its
// summary and its sources' own words (ListRules). No build step: plain browser JavaScript.
'use strict';

const SERVICE = '/shengji.oracle.v1.OracleService/';
const RANKS = {
  2: 'TWO', 3: 'THREE', 4: 'FOUR', 5: 'FIVE', 6: 'SIX', 7: 'SEVEN', 8: 'EIGHT', 9: 'NINE',
  10: 'TEN', J: 'JACK', Q: 'QUEEN', K: 'KING', A: 'ACE',
};
const SYMBOLS = Object.fromEntries(Object.entries(RANKS).map(([s, r]) => [`RANK_${r}`, s]));
const SUITS = { S: 'SPADES', H: 'HEARTS', D: 'DIAMONDS', C: 'CLUBS' };
const LETTERS = Object.fromEntries(Object.entries(SUITS).map(([l, s]) => [`SUIT_${s}`, l]));

class NotationError extends Error {}

// One card in notation ('10H', 'SJ') as the proto's JSON; a wrong card says what is wrong.
function parseCard(word) {
  const text = word.toUpperCase();
  if (text === 'SJ') return { rank: 'RANK_SMALL_JOKER' };
  if (text === 'BJ') return { rank: 'RANK_BIG_JOKER' };
  const rank = text.slice(0, -1);
  const suit = text.slice(-1);
  if (text.length < 2) throw new NotationError(`'${word}' is not a card: write a rank and a suit letter, or SJ/BJ`);
  if (!(suit in SUITS)) throw new NotationError(`'${word}' is not a card: the suit '${suit}' is not S, H, D or C`);
  if (!(rank in RANKS)) throw new NotationError(`'${word}' is not a card: the rank '${rank}' is not 2-10, J, Q, K or A`);
  return { rank: `RANK_${RANKS[rank]}`, suit: `SUIT_${SUITS[suit]}` };
}

function parseCards(text, label) {
  const words = text.split(/[\s,]+/).filter((w) => w);
  return words.map((word) => {
    try {
      return parseCard(word);
    } catch (err) {
      throw new NotationError(`${label}: ${err.message}`);
    }
  });
}

// 'SEAT: CARDS' lines, one seat a line.
function parseSeats(text, label) {
  return text.split('\n').filter((line) => line.trim()).map((line, i) => {
    const match = line.match(/^\s*(\d+)\s*:(.*)$/);
    if (!match) throw new NotationError(`${label}, line ${i + 1}: '${line.trim()}' is not SEAT: CARDS (for example '2: AS AS')`);
    return { seat: Number(match[1]), cards: parseCards(match[2], `${label}, seat ${match[1]}`) };
  });
}

function cardText(card) {
  if (card.rank === 'RANK_SMALL_JOKER') return 'SJ';
  if (card.rank === 'RANK_BIG_JOKER') return 'BJ';
  return `${SYMBOLS[card.rank] || card.rank}${LETTERS[card.suit] || '?'}`;
}

const cardsText = (cards) => (cards || []).map(cardText).join(' ');

// The kinds of question: their fields, request, RPC and verdict. One entry a kind.
const KINDS = {
  follow: {
    label: 'Is this follow legal?', rpc: 'CheckFollow', context: 'play',
    fields: [['lead', 'The cards led', '8S'], ['hand', "The follower's whole hand", 'AS 3C'], ['play', 'The cards played', '3C']],
    request: (f, context) => ({ context, lead: parseCards(f.lead, 'lead'), hand: parseCards(f.hand, 'hand'), play: parseCards(f.play, 'play') }),
    verdict: (a) => (a.legal ? 'legal' : `illegal: breaks ${a.brokenRuleId}`),
    ok: (a) => a.legal,
  },
  describe: {
    label: 'What are these cards?', rpc: 'DescribePlay', context: 'play',
    fields: [['cards', 'The cards', 'AS AS KS KS']],
    request: (f, context) => ({ context, cards: parseCards(f.cards, 'cards') }),
    verdict: (a) => (a.validLead ? `a valid lead${a.isThrow ? ' (a throw)' : ''}` : 'not a valid lead'),
    ok: (a) => a.validLead,
  },
  trick: {
    label: 'Who wins this trick?', rpc: 'JudgeTrick', context: 'play',
    fields: [['plays', 'The plays in order, the lead first (SEAT: CARDS a line)', '0: AS\n1: 3H\n2: KS\n3: 5S', true]],
    request: (f, context) => ({ context, plays: parseSeats(f.plays, 'plays') }),
    verdict: (a) => `seat ${a.winningSeat} wins, ${a.points} points`,
    ok: () => true,
  },
  throw: {
    label: 'Does this throw succeed?', rpc: 'CheckThrow', context: 'play',
    fields: [['thrower', "The thrower's lead (SEAT: CARDS)", '0: AS KS'], ['others', 'The other hands (SEAT: CARDS a line)', '1: 3S\n2: 4S\n3: 5C', true]],
    request: (f, context) => ({ context, throw: parseSeats(f.thrower, 'throw')[0], otherHands: parseSeats(f.others, 'other hands') }),
    verdict: (a) => (!a.isThrow ? 'not a throw (one unit)' : a.succeeds ? 'the throw succeeds' : 'the throw fails'),
    ok: (a) => !a.isThrow || a.succeeds,
  },
  bottom: {
    label: 'What is the bottom worth?', rpc: 'ScoreBottom', context: 'play',
    fields: [['lastTrick', 'The last trick (SEAT: CARDS a line)', '0: AS\n1: 3H\n2: KS\n3: 5S', true], ['bankerSeats', "The banker side's seats", '0 2'], ['bottom', 'The bottom', '5C 10C KD 2S 3S 4S 6S 7S']],
    request: (f, context) => ({ context, lastTrick: parseSeats(f.lastTrick, 'last trick'), bankerSeats: f.bankerSeats.split(/[\s,]+/).filter((s) => s).map(Number), bottom: parseCards(f.bottom, 'bottom') }),
    verdict: (a) => `multiplier ${a.multiplier}: ${a.pointsToAttackers} points to the attackers`,
    ok: () => true,
  },
  deal: {
    label: 'How do the levels move?', rpc: 'ScoreDeal', context: 'variant',
    fields: [['attackerPoints', "The attackers' points", '85'], ['bankerSeat', "The banker's seat", '0']],
    request: (f, context) => ({ context, attackerPoints: Number(f.attackerPoints), bankerSeat: Number(f.bankerSeat) }),
    verdict: (a) => ({ SIDE_BANKER: `the banker's side goes ${a.levels} level(s) up`, SIDE_ATTACKERS: `the attackers go ${a.levels} level(s) up` }[a.side] || `nobody goes up; seat ${a.nextBankerSeat} deals next`),
    ok: () => true,
  },
  declare: {
    label: 'Does this declaration override?', rpc: 'CompareDeclarations', context: 'level',
    fields: [['standing', 'The standing declaration (SEAT: CARDS, may be empty)', '0: 10S'], ['challenger', 'The new declaration (SEAT: CARDS)', '1: 10H 10H']],
    request: (f, context) => ({ context, standing: parseSeats(f.standing, 'standing')[0], challenger: parseSeats(f.challenger, 'challenger')[0] }),
    verdict: (a) => (!a.challengerValid ? 'not a declaration' : a.overrides ? 'overrides' : 'does not override'),
    ok: (a) => a.overrides,
  },
};

const $ = (id) => document.getElementById(id);
let rules = {};

async function call(rpc, body) {
  const response = await fetch(SERVICE + rpc, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  return { ok: response.ok, body: await response.json() };
}

function option(select, value, text, selected) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text;
  o.selected = Boolean(selected);
  select.append(o);
}

function showFields() {
  const kind = KINDS[$('kind').value];
  const fields = $('fields');
  fields.replaceChildren();
  for (const [name, label, example, multiline] of kind.fields) {
    const wrap = document.createElement('label');
    wrap.textContent = label;
    const input = document.createElement(multiline ? 'textarea' : 'input');
    input.id = `field-${name}`;
    input.name = name;
    input.value = example;
    wrap.append(input);
    fields.append(wrap);
  }
  $('level').disabled = kind.context === 'variant';
  $('trump').disabled = kind.context !== 'play';
}

function context(kind) {
  const ctx = { variantId: $('variant').value };
  if (kind.context !== 'variant') ctx.level = $('level').value;
  if (kind.context === 'play') {
    if ($('trump').value === 'none') ctx.noTrump = true;
    else ctx.trumpSuit = $('trump').value;
  }
  return ctx;
}

function term(name, value) {
  const dt = document.createElement('dt');
  dt.textContent = name;
  const dd = document.createElement('dd');
  dd.textContent = value;
  $('details').append(dt, dd);
}

function showRules(ids) {
  const list = $('rules');
  list.replaceChildren();
  for (const id of [...new Set(ids)]) {
    const rule = rules[id] || { summary: '(not in the catalogue)', sources: [] };
    const li = document.createElement('li');
    li.id = `rule-${id}`;
    const link = document.createElement('a');
    link.href = `#rule-${id}`;
    link.className = 'rule-id';
    link.textContent = id;
    const summary = document.createElement('span');
    summary.className = 'summary';
    summary.textContent = rule.summary;
    const sources = document.createElement('ul');
    sources.className = 'sources';
    for (const source of rule.sources || []) {
      const item = document.createElement('li');
      item.className = 'quote';
      item.textContent = source;
      sources.append(item);
    }
    li.append(link, summary, sources);
    list.append(li);
  }
}

function showAnswer(kind, answer) {
  $('problems').hidden = true;
  const section = $('answer');
  section.hidden = false;
  section.className = kind.ok(answer) ? 'legal' : 'illegal';
  $('verdict').textContent = kind.verdict(answer);
  $('explanation').textContent = answer.explanation || '';
  $('details').replaceChildren();
  for (const [name, value] of Object.entries(answer)) {
    if (['ruleIds', 'explanation'].includes(name)) continue;
    if (Array.isArray(value) && value.length && value[0].rank) term(name, cardsText(value));
    else if (Array.isArray(value) && !value.length) continue;
    else term(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const ids = [...(answer.brokenRuleId ? [answer.brokenRuleId] : []), ...(answer.ruleIds || [])];
  showRules(ids);
}

function showProblems(items) {
  $('answer').hidden = true;
  $('problems').hidden = false;
  const list = $('violations');
  list.replaceChildren();
  for (const [field, description] of items) {
    const li = document.createElement('li');
    li.textContent = field ? `${field}: ${description}` : description;
    list.append(li);
  }
}

async function ask(event) {
  event.preventDefault();
  const kind = KINDS[$('kind').value];
  const values = Object.fromEntries(kind.fields.map(([name]) => [name, $(`field-${name}`).value]));
  let request;
  try {
    request = kind.request(values, context(kind));
  } catch (err) {
    if (err instanceof NotationError) return showProblems([['', err.message]]);
    throw err;
  }
  const { ok, body } = await call(kind.rpc, request);
  if (ok) return showAnswer(kind, body);
  const details = (body.details || []).find((d) => d.type === 'google.rpc.BadRequest');
  const violations = details && details.debug ? details.debug.fieldViolations || [] : [];
  return showProblems(violations.length
    ? violations.map((v) => [v.field || '""', v.description])
    : [['', body.message || 'the oracle refused the question']]);
}

async function start() {
  for (const [name, kind] of Object.entries(KINDS)) option($('kind'), name, `${name}: ${kind.label}`);
  for (const [symbol, rank] of Object.entries(RANKS)) option($('level'), `RANK_${rank}`, symbol, symbol === '10');
  const [variants, catalogue] = await Promise.all([call('ListVariants', {}), call('ListRules', {})]);
  for (const variant of variants.body.variants) {
    option($('variant'), variant.id, `${variant.id}: ${variant.name}`, variant.id === 'qq-two-deck');
  }
  rules = Object.fromEntries(catalogue.body.rules.map((rule) => [rule.id, rule]));
  $('kind').addEventListener('change', showFields);
  $('question').addEventListener('submit', ask);
  showFields();
  document.body.dataset.ready = 'true';
}

start();
