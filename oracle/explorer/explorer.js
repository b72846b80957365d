// The rule explorer: a player picks the game and the cards (clicking them, or typing notation),
// asks the oracle over HTTP/JSON (the Connect protocol, same origin, the door every client uses)
// and reads the answer drawn as cards, in words, with each rule's page. The whole question is in
// the page's URL. No build step: plain browser modules (cards.js, i18n.js, this file).
import {
  NotationError, cardButton, cardText, cardsText, countCards, distinctCards, drawCards, parseCards,
  sortCards, suitWord, RANKS, SYMBOLS,
} from './cards.js';
import { browserLang, getLang, setLang, t, translatePage } from './i18n.js';
import { botzoneRecord } from './botzone.js';

const SERVICE = '/shengji.oracle.v1.OracleService/';
const PAGE_SIZE = 20;
const GREY_PAGES = 10;
const $ = (id) => document.getElementById(id);
// The deck to pick from, moved under the field being picked into (a module runs once the page is parsed).
const PICKER = $('picker');
const el = (tag, className, text) => {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
};

const state = {
  variants: {}, rules: {}, kind: 'follow', values: {}, active: null, players: 4, decks: 2,
  legal: null, audit: null,
};

async function call(rpc, body) {
  const response = await fetch(SERVICE + rpc, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  let answer;
  try {
    answer = await response.json();
  } catch {
    answer = { message: t('httpError') };
  }
  return { ok: response.ok, body: answer };
}

// ---- The kinds of question: their fields, their request, and how their answer is shown. ----

const seats = () => [...Array(state.players).keys()];
const cardsField = (name, label, example, extra = {}) => ({ type: 'cards', name, label, example, ...extra });
const seatField = (name, label, example) => ({ type: 'seat', name, label, example });
const trickFields = (examples) => [
  seatField('leader', 'fields.leader', '0'),
  ...seats().map((s) => cardsField(`p${s}`, ['seatPlays', s], examples[s] || '')),
];
// The plays of a trick in play order from the leader: [{seat, cards}].
const trickPlays = (v) => seats().map((i) => (Number(v.leader) + i) % state.players)
  .map((seat) => ({ seat, cards: v[`p${seat}`] }));

// The attackers' points to choose from: 0 to the deal's total (the level table's, else 100 a deck), by 5.
function pointOptions() {
  const variant = state.variants[$('variant').value] || {};
  const total = (variant.levelTable && variant.levelTable.totalPoints) || 100 * state.decks;
  return [...Array(Math.floor(total / 5) + 1).keys()].map((i) => [String(5 * i), String(5 * i)]);
}

const KINDS = {
  follow: {
    rpc: 'CheckFollow', context: 'play',
    fields: () => [cardsField('lead', 'fields.lead', '8S'), cardsField('hand', 'fields.hand', 'AS 3C'),
      cardsField('play', 'fields.play', '3C', { from: 'hand' })],
    request: (v) => ({ lead: v.lead, hand: v.hand, play: v.play }),
    show: showFollow,
  },
  legal: {
    rpc: 'ListLegalPlays', context: 'play',
    fields: () => [cardsField('hand', 'fields.hand', 'AS AS KS 7S 3C 3C'), cardsField('lead', 'fields.legalLead', '8S 8S')],
    request: (v) => ({ hand: v.hand, lead: v.lead, pageSize: PAGE_SIZE }),
    show: showLegal,
  },
  describe: {
    rpc: 'DescribePlay', context: 'play',
    fields: () => [cardsField('cards', 'fields.cards', 'AS AS KS KS')],
    request: (v) => ({ cards: v.cards }),
    show: showDescribe,
  },
  trick: {
    rpc: 'JudgeTrick', context: 'play',
    fields: () => trickFields(['AS', '3H', 'KS', '5S']),
    request: (v) => ({ plays: trickPlays(v) }),
    show: showTrick,
  },
  throw: {
    rpc: 'CheckThrow', context: 'play',
    fields: (v) => [seatField('thrower', 'fields.thrower', '0'), cardsField('throw', 'fields.throw', 'AS KS'),
      ...seats().filter((s) => String(s) !== String(v.thrower ?? '0'))
        .map((s) => cardsField(`h${s}`, ['seatHand', s], ['', '3S QS', '4S', '5C'][s] || ''))],
    request: (v) => ({
      throw: { seat: Number(v.thrower), cards: v.throw },
      otherHands: seats().filter((s) => s !== Number(v.thrower)).map((seat) => ({ seat, cards: v[`h${seat}`] || [] })),
    }),
    show: showThrow,
  },
  bottom: {
    rpc: 'ScoreBottom', context: 'play',
    fields: () => [...trickFields(['AS', '3H', 'KS', '5S']),
      { type: 'choice', name: 'bankers', label: 'fields.bankers', example: '0', options: () => [['0', t('seatsPair', 0, 2)], ['1', t('seatsPair', 1, 3)]] },
      cardsField('bottom', 'fields.bottom', '5C 10C KD 2S 3S 4S 6S 7S')],
    request: (v) => ({
      lastTrick: trickPlays(v), bottom: v.bottom,
      bankerSeats: seats().filter((s) => s % 2 === Number(v.bankers) % 2),
    }),
    show: showBottom,
  },
  deal: {
    rpc: 'ScoreDeal', context: 'variant',
    fields: () => [{ type: 'choice', name: 'points', label: 'fields.points', example: '85', options: pointOptions }, seatField('banker', 'fields.banker', '0')],
    request: (v) => ({ attackerPoints: Number(v.points), bankerSeat: Number(v.banker) }),
    show: showDeal,
  },
  declare: {
    rpc: 'CompareDeclarations', context: 'level',
    fields: () => [
      { type: 'choice', name: 'standingSeat', label: 'fields.standingSeat', example: '0', options: () => [['', t('nobody')], ...seats().map((s) => [String(s), t('seatN', s)])] },
      cardsField('standing', 'fields.standing', '10S'),
      seatField('challengerSeat', 'fields.challengerSeat', '1'), cardsField('challenger', 'fields.challenger', '10H 10H')],
    request: (v) => ({
      ...(v.standingSeat !== '' ? { standing: { seat: Number(v.standingSeat), cards: v.standing } } : {}),
      challenger: { seat: Number(v.challengerSeat), cards: v.challenger },
    }),
    show: showDeclare,
  },
  audit: {
    rpc: 'AuditDeal', context: 'none',
    fields: () => [{ type: 'record', name: 'record', label: 'fields.record', example: '' }],
    request: (v) => ({ record: readRecord(v.record) }),
    show: showAudit,
  },
};

// ---- The form: the game, the kind, the fields; cards picked from the deck or typed. ----

function option(select, value, text, selected) {
  const o = el('option', '', text);
  o.value = value;
  o.selected = Boolean(selected);
  select.append(o);
}

function fieldLabel(label) {
  return Array.isArray(label) ? t(label[0], ...label.slice(1)) : t(label);
}

function kindFields() {
  return KINDS[state.kind].fields(state.values);
}

// The card fields that draw from the deck share its copies; a field `from` another draws from it.
function copiesLeft(field, card) {
  const name = cardText(card);
  const fields = kindFields().filter((f) => f.type === 'cards');
  if (field.from) {
    const held = countCards(state.values[field.from] || []).get(name) || 0;
    return held - (countCards(state.values[field.name] || []).get(name) || 0);
  }
  const used = fields.filter((f) => !f.from)
    .reduce((n, f) => n + (countCards(state.values[f.name] || []).get(name) || 0), 0);
  return state.decks - used;
}

function setDefaults() {
  for (const field of kindFields()) {
    if (state.values[field.name] !== undefined) continue;
    state.values[field.name] = field.type === 'cards' ? parseCards(field.example, field.name) : field.example;
  }
}

function renderFields() {
  setDefaults();
  const box = $('fields');
  box.replaceChildren();
  const fields = kindFields();
  if (!fields.some((f) => f.name === state.active)) state.active = (fields.find((f) => f.type === 'cards') || {}).name || null;
  for (const field of fields) {
    box.append(renderField(field));
    if (field.name === state.active) box.append(PICKER);
  }
  renderPicker();
  const context = KINDS[state.kind].context;
  $('level').disabled = context === 'variant' || context === 'none';
  $('trump').disabled = context !== 'play';
  $('variant').disabled = context === 'none';
}

function renderField(field) {
  const wrap = el('div', `field field-${field.type}`);
  const id = `field-${field.name}`;
  if (field.type === 'cards') {
    wrap.classList.toggle('active', state.active === field.name);
    const head = el('div', 'field-head');
    const label = el('span', 'field-label', fieldLabel(field.label));
    label.id = `label-${field.name}`;
    const pick = el('button', 'pick', state.active === field.name ? t('picking') : t('pickHere'));
    pick.type = 'button';
    pick.id = `pick-${field.name}`;
    pick.setAttribute('aria-pressed', String(state.active === field.name));
    pick.setAttribute('aria-describedby', label.id);
    pick.addEventListener('click', () => { state.active = field.name; renderFields(); $(`pick-${field.name}`).focus(); });
    const clear = el('button', 'clear', t('clear'));
    clear.type = 'button';
    clear.setAttribute('aria-describedby', label.id);
    clear.addEventListener('click', () => { state.values[field.name] = []; renderFields(); });
    head.append(label, pick, clear);
    const picked = el('div', 'picked');
    picked.id = `picked-${field.name}`;
    picked.setAttribute('role', 'group');
    picked.setAttribute('aria-labelledby', label.id);
    fillPicked(field, picked);
    const typed = el('label', 'typed');
    typed.append(el('span', 'typed-label', t('notation')));
    const input = el('input');
    input.id = id;
    input.name = field.name;
    input.autocomplete = 'off';
    input.spellcheck = false;
    input.value = cardsText(state.values[field.name]);
    input.addEventListener('change', () => {
      try {
        state.values[field.name] = parseCards(input.value, field.name);
        input.removeAttribute('aria-invalid');
        dropUnheld();
        refreshCards();
      } catch (err) {
        // Marked only: Ask names what is wrong (the layout stays, so a click on Ask lands).
        if (err instanceof NotationError) input.setAttribute('aria-invalid', 'true');
        else throw err;
      }
    });
    typed.append(input);
    wrap.append(head, picked, typed);
    return wrap;
  }
  const label = el('label', 'field-label');
  label.htmlFor = id;
  label.textContent = fieldLabel(field.label);
  let input;
  if (field.type === 'seat' || field.type === 'choice') {
    input = el('select');
    const options = field.type === 'seat' ? seats().map((s) => [String(s), t('seatN', s)]) : field.options();
    for (const [value, text] of options) option(input, value, text, value === String(state.values[field.name]));
  } else {
    input = el('textarea');
    input.rows = 6;
    input.value = state.values[field.name] || '';
    input.spellcheck = false;
  }
  input.id = id;
  input.name = field.name;
  input.addEventListener('change', () => {
    state.values[field.name] = input.value;
    if (field.name === 'thrower') renderFields();
  });
  wrap.append(label, input);
  if (field.type === 'record') wrap.append(recordButtons(input));
  return wrap;
}

// A field's picked cards, each a button that takes it out again.
function fillPicked(field, picked) {
  picked.replaceChildren();
  (state.values[field.name] || []).forEach((card, i) => {
    const button = cardButton(card, getLang(), t('remove'));
    button.addEventListener('click', () => {
      state.values[field.name].splice(i, 1);
      dropUnheld();
      renderFields();
    });
    picked.append(button);
  });
}

// After cards were typed: every card field's picked cards and notation, and the deck, again
// (the inputs stay, so typing is never interrupted).
function refreshCards() {
  for (const field of kindFields().filter((f) => f.type === 'cards')) {
    fillPicked(field, $(`picked-${field.name}`));
    const input = $(`field-${field.name}`);
    if (document.activeElement !== input) input.value = cardsText(state.values[field.name]);
  }
  renderPicker();
}

// A card picked into the hand may have been played: keep `play` within the hand.
function dropUnheld() {
  for (const field of kindFields().filter((f) => f.from)) {
    const left = countCards(state.values[field.from] || []);
    state.values[field.name] = (state.values[field.name] || []).filter((card) => {
      const n = left.get(cardText(card)) || 0;
      left.set(cardText(card), n - 1);
      return n > 0;
    });
  }
}

function renderPicker() {
  if (!PICKER.isConnected) $('question').querySelector('fieldset:last-of-type').append(PICKER);
  const picker = PICKER;
  const field = kindFields().find((f) => f.name === state.active);
  picker.hidden = !field;
  if (!field) return;
  const source = field.from ? sortCards([...new Map((state.values[field.from] || []).map((c) => [cardText(c), c])).values()]) : distinctCards();
  const label = fieldLabel(field.label);
  $('picker-label').textContent = field.from ? t('handLabel', label) : t('deckLabel', label);
  const deck = $('deck');
  deck.replaceChildren();
  let row = null;
  let suit = null;
  for (const card of source) {
    if (!row || (card.suit !== suit && !field.from)) {
      row = el('div', 'deck-row');
      deck.append(row);
      suit = card.suit;
    }
    const left = copiesLeft(field, card);
    const button = cardButton(card, getLang(), `${t('add')} (${t('copiesLeft', left)})`);
    button.disabled = left <= 0;
    button.addEventListener('click', () => {
      state.values[field.name] = [...(state.values[field.name] || []), card];
      renderFields();
      const again = document.querySelector(`#deck [data-card="${cardText(card)}"]`);
      if (again && !again.disabled) again.focus();
      else $(`pick-${field.name}`).focus();
    });
    row.append(button);
  }
}

function recordButtons(textarea) {
  const bar = el('div', 'record-buttons');
  const example = el('button', '', t('exampleDeal'));
  example.type = 'button';
  example.id = 'example-deal';
  example.addEventListener('click', async () => {
    const response = await fetch('example-deal.json');
    textarea.value = JSON.stringify(await response.json(), null, 1);
    state.values.record = textarea.value;
  });
  const file = el('label', 'file', t('chooseFile'));
  const input = el('input');
  input.type = 'file';
  input.accept = '.json,application/json';
  input.id = 'record-file';
  input.addEventListener('change', async () => {
    if (!input.files.length) return;
    textarea.value = await input.files[0].text();
    state.values.record = textarea.value;
  });
  file.append(input);
  bar.append(example, file);
  return bar;
}

class RecordError extends Error {}

// The pasted text as a DealRecord: the project's JSON as it is, a Botzone log converted.
function readRecord(text) {
  let data;
  try {
    data = JSON.parse(text);
  } catch (err) {
    throw new RecordError(t('badJson', err.message));
  }
  if (data && data.initdata && Array.isArray(data.log)) {
    state.fromBotzone = true;
    try {
      return botzoneRecord(data);
    } catch (err) {
      throw new RecordError(err.message);
    }
  }
  state.fromBotzone = false;
  if (data && typeof data === 'object' && data.record && !data.context) data = data.record;
  if (!data || typeof data !== 'object' || !data.context) throw new RecordError(t('notRecord'));
  return data;
}

function context(kind) {
  const ctx = { variantId: $('variant').value };
  if (kind.context === 'play' || kind.context === 'level') ctx.level = $('level').value;
  if (kind.context === 'play') {
    if ($('trump').value === 'none') ctx.noTrump = true;
    else ctx.trumpSuit = $('trump').value;
  }
  return ctx;
}

// ---- The answer. ----

function hideProblems() {
  $('problems').hidden = true;
}

function showProblems(items) {
  $('answer').hidden = true;
  $('problems').hidden = false;
  const list = $('violations');
  list.replaceChildren();
  for (const [field, description] of items) list.append(el('li', '', field ? `${field}: ${description}` : description));
}

function startAnswer(ok) {
  hideProblems();
  const section = $('answer');
  section.hidden = false;
  section.className = ok === undefined ? '' : ok ? 'legal' : 'illegal';
  for (const id of ['drawing', 'details', 'rules', 'legal-plays', 'audit-view']) $(id).replaceChildren();
  $('explanation').textContent = '';
  $('explanation-box').hidden = true;
}

function verdict(text, data = {}, brokenRule = '') {
  $('verdict').textContent = text;
  const rule = state.rules[brokenRule];
  $('verdict-why').textContent = rule ? rule.summary[getLang()] : '';
  $('verdict-why').hidden = !rule;
  const section = $('answer');
  for (const key of Object.keys(section.dataset)) delete section.dataset[key];
  Object.assign(section.dataset, data);
}

function term(name, value) {
  const dt = el('dt', '', name);
  const dd = el('dd');
  if (value instanceof Node) dd.append(value);
  else dd.textContent = value;
  $('details').append(dt, dd);
}

// The oracle explains in English: shown as its own words in the English page, folded away in Chinese.
function explain(text) {
  if (!text) return;
  $('explanation-box').hidden = false;
  $('explanation-box').open = getLang() === 'en';
  $('explanation').textContent = text;
}

function ruleLink(id) {
  const link = el('a', 'rule-id', id);
  link.href = `?${new URLSearchParams({ lang: getLang(), rule: id })}`;
  link.addEventListener('click', (event) => { event.preventDefault(); openRule(id, true); });
  return link;
}

function showRules(ids, list = $('rules')) {
  list.replaceChildren();
  for (const id of [...new Set(ids.filter((i) => i))]) {
    const li = el('li');
    const rule = state.rules[id];
    li.append(ruleLink(id), el('span', 'summary', rule ? rule.summary[getLang()] : t('unknownRule')));
    const first = rule && rule.sources[0];
    if (first) li.append(el('span', 'quote', `${first.words}`));
    list.append(li);
  }
}

function ruleWords(id) {
  const rule = state.rules[id];
  return rule ? `${id} (${rule.summary[getLang()]})` : id;
}

function showFollow(a, request) {
  startAnswer(a.legal);
  verdict(a.legal ? t('followLegal') : t('followIllegal', a.brokenRuleId), { legal: String(a.legal), brokenRule: a.brokenRuleId || '' }, a.brokenRuleId);
  term(t('fields.lead'), drawCards(request.lead, getLang()));
  term(t('played'), drawCards(request.play, getLang()));
  if (!a.legal && a.example.length) term(t('example'), drawCards(a.example, getLang()));
  showRules([a.brokenRuleId, ...a.ruleIds]);
  explain(a.explanation);
}

function unitBox(unit) {
  const box = el('span', 'unit');
  box.append(drawCards(unit.cards, getLang()), el('span', 'unit-name', t('unitName', unit.tupleSize, unit.length, unit.rainbow)));
  return box;
}

function showDescribe(a) {
  startAnswer(a.validLead);
  verdict(a.validLead ? t('validLead', a.isThrow) : t('notValidLead'), { valid: String(a.validLead) });
  term(t('effectiveSuit'), t(`effective.${a.effectiveSuit}`));
  const units = el('span', 'units');
  for (const unit of a.units) units.append(unitBox(unit));
  if (a.units.length) term(t('units'), units);
  term(t('points'), String(a.points));
  showRules(a.ruleIds);
  explain(a.explanation);
}

// A trick round a table: seat 0 at the bottom, the next seats clockwise from the left, each play
// with what it did; the winner marked.
function drawTable(plays, marks) {
  const table = el('div', `table players-${state.players}`);
  table.setAttribute('role', 'group');
  for (const play of plays) {
    const spot = el('div', `spot spot-${play.seat % 4}`);
    const mark = marks(play) || {};
    spot.classList.toggle('winner', Boolean(mark.winner));
    spot.classList.toggle('fault', Boolean(mark.fault));
    spot.append(el('span', 'seat-name', t('seatN', play.seat) + (mark.winner ? ` · ${t('winner')}` : '')));
    spot.append(drawCards(play.cards, getLang()));
    if (mark.note) spot.append(el('span', 'play-note', mark.note));
    if (mark.extra) spot.append(mark.extra);
    table.append(spot);
  }
  return table;
}

function showTrick(a, request) {
  startAnswer(true);
  verdict(t('trickWinner', a.winningSeat, a.points), { winner: String(a.winningSeat), points: String(a.points) });
  const verdicts = Object.fromEntries(a.verdicts.map((v) => [v.seat, v]));
  $('drawing').append(drawTable(request.plays, (play) => {
    const v = verdicts[play.seat] || {};
    return { winner: play.seat === a.winningSeat, note: `${t(`playKinds.${v.kind}`)} · ${v.beatsBestSoFar ? t('beats') : t('doesNotBeat')}` };
  }));
  showRules(a.ruleIds);
  explain(a.explanation);
}

function showThrow(a) {
  startAnswer(!a.isThrow || a.succeeds);
  verdict(!a.isThrow ? t('throwNone') : a.succeeds ? t('throwSucceeds') : t('throwFails'), { succeeds: String(a.succeeds) });
  const units = el('span', 'units');
  for (const unit of a.units) units.append(unitBox(unit));
  term(t('units'), units);
  if (a.blocks.length) {
    const list = el('ul', 'blocks');
    for (const block of a.blocks) {
      const li = el('li');
      li.append(unitBox(block.unit), el('span', '', ` ${t('blockBy', block.seat)} `), drawCards(block.beatingCards, getLang()));
      list.append(li);
    }
    term(t('blocks'), list);
  }
  if (a.forcedPlay.length) term(t('forcedPlay'), drawCards(a.forcedPlay, getLang()));
  if (a.penaltyPoints) term(t('penalty'), String(a.penaltyPoints));
  showRules(a.ruleIds);
  explain(a.explanation);
}

function showBottom(a, request) {
  startAnswer(true);
  verdict(t('bottomVerdict', a.multiplier, a.pointsToAttackers), { multiplier: String(a.multiplier) });
  $('drawing').append(drawTable(request.lastTrick, (play) => ({ winner: play.seat === a.winningSeat })));
  term(t('fields.bottom'), drawCards(request.bottom, getLang()));
  term(t('bottomPoints'), String(a.bottomPoints));
  term(t('multiplier'), String(a.multiplier));
  term(t('toAttackers'), String(a.pointsToAttackers));
  term(t('toBanker'), String(a.pointsToBanker));
  term(t('digging'), t(`sideNames.${a.diggingSide}`));
  showRules(a.ruleIds);
  explain(a.explanation);
}

function showDeal(a) {
  startAnswer(true);
  const up = a.side === 'SIDE_BANKER' || a.side === 'SIDE_ATTACKERS';
  verdict(up ? t('sideUp', t(`sideNames.${a.side}`), a.levels) : t('nobodyUp'), { side: a.side, levels: String(a.levels) });
  if (a.attackersTakeDeal) term('', t('takesDeal'));
  term(t('nextBanker'), t('seatN', a.nextBankerSeat));
  if (a.passesLastLevel) term('', t('passesLast'));
  showRules(a.ruleIds);
  explain(a.explanation);
}

function showDeclare(a) {
  startAnswer(a.overrides);
  verdict(!a.challengerValid ? t('declareInvalid') : a.overrides ? t('overrides') : t('doesNotOverride'), { overrides: String(a.overrides) });
  term(t('trumpAfter'), a.noTrump ? t('noTrump') : suitWord(a.trumpSuit, getLang()) || '—');
  if (getLang() === 'en') term(t('strengths'), `${a.standingStrength || '—'}; ${a.challengerStrength || '—'}`);
  showRules(a.ruleIds);
  explain(a.explanation);
}

// ---- Legal plays: paged, with the hand's cards in no legal play greyed. ----

async function showLegal(a, request) {
  startAnswer(true);
  state.legal = { request, tokens: [''], page: 0 };
  verdict(t('total', a.total), { total: a.total });
  showLegalPage(a);
  showRules(a.ruleIds);
  explain(a.explanation);
  await greyHand(request, a);
}

function showLegalPage(a) {
  const box = $('legal-plays');
  box.replaceChildren();
  const groups = el('ul', 'groups');
  groups.setAttribute('aria-label', t('groups'));
  for (const group of a.groups) {
    const li = el('li');
    li.append(ruleLink(group.ruleId), el('span', 'count', ` × ${group.count} `),
      el('span', 'summary', (state.rules[group.ruleId] || { summary: {} }).summary[getLang()] || ''));
    if (getLang() === 'en') li.append(el('span', 'group-description', ` (${group.description})`));
    groups.append(li);
  }
  const { page } = state.legal;
  const from = page * PAGE_SIZE + 1;
  const list = el('ol', 'plays');
  list.start = from;
  list.id = 'play-list';
  for (const play of a.plays) {
    const li = el('li');
    li.append(drawCards(play.cards, getLang()), el('span', 'group-of', ` ${(a.groups[play.group] || {}).ruleId || ''}`));
    list.append(li);
  }
  const nav = el('div', 'pager');
  nav.append(el('span', 'page-of', t('pageOf', from, from + a.plays.length - 1, a.total)));
  const prev = el('button', '', t('previous'));
  prev.type = 'button';
  prev.id = 'page-prev';
  prev.disabled = page === 0;
  prev.addEventListener('click', () => legalPage(page - 1));
  const next = el('button', '', t('next'));
  next.type = 'button';
  next.id = 'page-next';
  next.disabled = !a.nextPageToken;
  state.legal.tokens[page + 1] = a.nextPageToken;
  next.addEventListener('click', () => legalPage(page + 1));
  nav.append(prev, next);
  box.append(groups, list, nav);
}

async function legalPage(page) {
  const { request, tokens } = state.legal;
  const { ok, body } = await call('ListLegalPlays', { ...request, pageToken: tokens[page] });
  if (!ok) return refused(body);
  state.legal.page = page;
  showLegalPage(body);
  $(page ? 'page-prev' : 'page-next').focus();
}

// As a client would: walk the pages (at most GREY_PAGES of 1000) until every card of the hand is
// seen in some play; the cards never seen are greyed. A hand with more plays greys nothing.
async function greyHand(request, first) {
  const hand = request.hand;
  const seen = new Set(first.plays.flatMap((p) => p.cards.map(cardText)));
  const distinct = new Set(hand.map(cardText));
  let token = first.nextPageToken;
  let pages = 0;
  while (token && [...distinct].some((c) => !seen.has(c)) && pages < GREY_PAGES) {
    const { ok, body } = await call('ListLegalPlays', { ...request, pageSize: 1000, pageToken: token });
    if (!ok) return;
    for (const play of body.plays) for (const card of play.cards) seen.add(cardText(card));
    token = body.nextPageToken;
    pages += 1;
  }
  const known = !token || [...distinct].every((c) => seen.has(c));
  const row = drawCards(sortCards(hand), getLang(), 'cards hand-greyed');
  row.id = 'greyed-hand';
  for (const card of row.children) {
    if (known && !seen.has(card.dataset.card)) {
      card.classList.add('greyed');
      card.setAttribute('aria-label', `${card.getAttribute('aria-label')} (${t('greyed')})`);
    }
  }
  term(t('fields.hand'), row);
  term('', known ? t('greyed') : t('greyUnknown'));
}

// ---- A deal record stepped through trick by trick. ----

function frames(record, audit) {
  const steps = Object.fromEntries(audit.steps.map((s) => [s.step, s]));
  const list = [{ key: 'hands', title: t('frameDeal'), steps: [steps.hands].filter(Boolean) }];
  if ((record.declarations || []).length) {
    list.push({ key: 'declarations', title: t('frameDeclarations'), steps: record.declarations.map((_, i) => steps[`declarations[${i}]`]).filter(Boolean) });
  }
  if ((record.buried || []).length) list.push({ key: 'buried', title: t('frameBury'), steps: [steps.buried].filter(Boolean) });
  (record.tricks || []).forEach((trick, i) => {
    const own = [...trick.plays.map((_, j) => steps[`tricks[${i}].plays[${j}]`]), steps[`tricks[${i}]`]].filter(Boolean);
    list.push({ key: `tricks[${i}]`, title: t('frameTrick', i + 1), trick, index: i, steps: own });
  });
  for (const key of ['bottom', 'score']) if (steps[key]) list.push({ key, title: t(key === 'bottom' ? 'frameBottom' : 'frameScore'), steps: [steps[key]] });
  for (const frame of list) {
    frame.fault = frame.steps.some((s) => !s.legal);
    frame.differences = audit.differences.filter((d) => d.field.startsWith(`${frame.key}.`) || (frame.key === 'score' && d.field.startsWith('reported')));
  }
  return list;
}

// A reported result that differs, in words: 'tricks[4].reported_winner', 'reported.levels', ...
function differenceText(d) {
  const trick = d.field.match(/^tricks\[(\d+)\]\.reported_(winner|points)$/);
  if (trick) return `${t('frameTrick', Number(trick[1]) + 1)}: ${t(trick[2] === 'winner' ? 'diffWinner' : 'diffPoints', d.reported, d.oracle)}`;
  const field = d.field.replace(/^reported\./, '');
  const name = t(`reportedFields.${field}`);
  const words = (v) => (v.startsWith('SIDE_') ? t(`sideNames.${v}`) : v);
  return t('diffOther', name.startsWith('reportedFields.') ? d.field : name, words(d.reported), words(d.oracle));
}

// One audit step's verdict, said of `who` (a seat, the trick, ...; empty inside a seat's spot).
function stepLine(step, who) {
  const line = el('p', step.legal ? 'step ok' : 'step fault');
  line.append(el('span', '', `${who ? `${who}: ` : ''}${step.legal ? t('stepLegal') : t('stepBroke', ruleWords(step.brokenRuleId))}`));
  if (step.legalAlternative && step.legalAlternative.length) {
    line.append(el('span', '', ` · ${t('instead')} `), drawCards(step.legalAlternative, getLang()));
  }
  return line;
}

function showAudit(a, request) {
  startAnswer(a.clean);
  state.audit = { record: request.record, answer: a, frames: frames(request.record, a), at: 0 };
  verdict(a.clean ? t('clean') : t('dirty', a.totals ? a.totals.violations : a.steps.filter((s) => !s.legal).length), {
    clean: String(a.clean), firstStep: a.firstViolation ? a.firstViolation.step : '',
    firstRule: a.firstViolation ? a.firstViolation.brokenRuleId : '',
  }, a.firstViolation ? a.firstViolation.brokenRuleId : '');
  if (state.fromBotzone) term('', t('botzoneConverted'));
  if (a.firstViolation && a.firstViolation.step) term(t('firstViolation'), `${a.firstViolation.step}: ${ruleWords(a.firstViolation.brokenRuleId)}`);
  if (a.differences.length) {
    const list = el('ul', 'differences');
    for (const d of a.differences) list.append(el('li', 'fault', differenceText(d)));
    term(t('differences'), list);
  }
  if (!a.complete) term('', t('incomplete'));
  if (a.totals) {
    term(t('trickPoints'), String(a.totals.trickPoints));
    term(t('attackerPoints'), String(a.totals.attackerPoints));
  }
  showRules(a.ruleIds);
  explain(a.explanation);
  const wanted = state.wantedStep;
  state.wantedStep = 0;
  if (Number.isInteger(wanted) && wanted > 0) moveFrame(Math.min(wanted, state.audit.frames.length - 1));
  else renderFrame(0);
}

function renderFrame(at) {
  const { frames: list, record } = state.audit;
  state.audit.at = at;
  const view = $('audit-view');
  view.replaceChildren();
  const nav = el('div', 'stepper');
  const prev = el('button', '', t('prevStep'));
  prev.type = 'button';
  prev.id = 'step-prev';
  prev.disabled = at === 0;
  prev.addEventListener('click', () => moveFrame(at - 1, 'step-prev'));
  const next = el('button', '', t('nextStep'));
  next.type = 'button';
  next.id = 'step-next';
  next.disabled = at === list.length - 1;
  next.addEventListener('click', () => moveFrame(at + 1, 'step-next'));
  const jump = el('button', '', t('toViolation'));
  jump.type = 'button';
  jump.id = 'step-violation';
  const first = list.findIndex((f) => f.fault);
  jump.disabled = first < 0;
  jump.addEventListener('click', () => moveFrame(first, 'step-violation'));
  const choose = el('select');
  choose.id = 'step-select';
  choose.setAttribute('aria-label', t('stepOf', at + 1, list.length));
  list.forEach((f, i) => option(choose, String(i), `${f.title}${f.fault ? ' ⚠' : ''}${f.differences.length ? ' ≠' : ''}`, i === at));
  choose.addEventListener('change', () => moveFrame(Number(choose.value), 'step-select'));
  nav.append(prev, next, jump, choose, el('span', 'step-of', t('stepOf', at + 1, list.length)));
  const frame = list[at];
  const body = el('section', `frame${frame.fault ? ' fault' : ''}${frame.differences.length ? ' differs' : ''}`);
  body.id = 'frame';
  body.dataset.key = frame.key;
  body.setAttribute('aria-live', 'polite');
  body.append(el('h3', '', frame.title));
  if (frame.trick) body.append(drawTrickFrame(frame));
  else body.append(drawOtherFrame(frame, record));
  // The seat is the one acting in a play, a declaration or the bury; a trick's or the score's is
  // the referee's winner, not a seat at fault.
  for (const step of frame.steps) {
    if (frame.trick && /plays/.test(step.step)) continue;
    body.append(stepLine(step, /declarations|buried/.test(step.step) ? t('seatN', step.seat) : frame.title));
  }
  for (const d of frame.differences) body.append(el('p', 'difference', `≠ ${differenceText(d)}`));
  const rules = el('ul', 'frame-rules');
  showRules(frame.steps.flatMap((s) => [s.brokenRuleId, ...s.ruleIds]), rules);
  body.append(rules);
  view.append(nav, body);
}

function moveFrame(at, focus) {
  renderFrame(at);
  const url = new URL(location.href);
  url.searchParams.set('step', String(at));
  history.replaceState(null, '', url);
  $('share-link').href = `${url.pathname}${url.search}`;
  if (focus) $(focus).focus();
}

function drawTrickFrame(frame) {
  const { trick, index } = frame;
  const trickStep = frame.steps.find((s) => s.step === `tricks[${index}]`);
  const playSteps = Object.fromEntries(frame.steps.filter((s) => s.step.includes('.plays[')).map((s) => [s.step, s]));
  const seatOf = Object.fromEntries(trick.plays.map((p, j) => [p.seat ?? 0, j]));
  return drawTable(trick.plays.map((p) => ({ seat: p.seat ?? 0, cards: p.cards })), (play) => {
    const j = seatOf[play.seat];
    const step = playSteps[`tricks[${index}].plays[${j}]`];
    const extra = el('span', 'play-steps');
    if (step) extra.append(stepLine(step, ''));
    if (j === 0 && (trick.attemptedThrow || []).length) {
      extra.append(el('span', 'attempted', `${t('attempted')} `), drawCards(trick.attemptedThrow, getLang()));
    }
    return { winner: trickStep && trickStep.legal !== undefined && play.seat === trickStep.seat, fault: step && !step.legal, extra };
  });
}

function drawOtherFrame(frame, record) {
  const box = el('div', 'frame-cards');
  const row = (label, cards) => {
    const p = el('p', 'seat-row');
    p.append(el('span', 'seat-name', label), drawCards(sortCards(cards || []), getLang()));
    box.append(p);
  };
  if (frame.key === 'hands') {
    for (const hand of record.hands || []) row(t('seatHand', hand.seat ?? 0), hand.cards);
    row(t('fields.bottom'), record.bottom);
  } else if (frame.key === 'declarations') {
    for (const d of record.declarations) row(`${t('seatN', d.seat ?? 0)} ${t('declares')}`, d.cards);
  } else if (frame.key === 'buried') {
    row(t('buried'), record.buried);
  } else if (frame.key === 'bottom') {
    row(t('fields.bottom'), record.buried && record.buried.length ? record.buried : record.bottom);
  } else if (frame.key === 'score' && state.audit.answer.totals) {
    const totals = state.audit.answer.totals;
    box.append(el('p', '', `${t('attackerPoints')}: ${totals.attackerPoints}`));
    box.append(el('p', '', totals.levelSide === 'SIDE_NEITHER' ? t('nobodyUp') : t('sideUp', t(`sideNames.${totals.levelSide}`), totals.levels)));
  }
  return box;
}

// ---- Asking, the URL, the rule pages. ----

function refused(body) {
  const details = (body.details || []).find((d) => d.type === 'google.rpc.BadRequest');
  const violations = details && details.debug ? details.debug.fieldViolations || [] : [];
  showProblems(violations.length ? violations.map((v) => [v.field || '""', v.description])
    : [['', body.message || t('httpError')]]);
}

// Ask the question of the form; the body's data-answered counts the answers and refusals shown.
async function ask(event) {
  if (event) event.preventDefault();
  await answerForm();
  document.body.dataset.answered = String(Number(document.body.dataset.answered || 0) + 1);
}

async function answerForm() {
  const kind = KINDS[state.kind];
  for (const field of kindFields()) {
    const input = $(`field-${field.name}`);
    if (!input) continue;
    if (field.type === 'cards') {
      try {
        state.values[field.name] = parseCards(input.value, field.name);
      } catch (err) {
        if (err instanceof NotationError) return showProblems([['', err.message]]);
        throw err;
      }
    } else {
      state.values[field.name] = input.value;
    }
  }
  let request;
  try {
    request = kind.request(state.values);
  } catch (err) {
    if (err instanceof RecordError) return showProblems([['', err.message]]);
    throw err;
  }
  if (kind.context !== 'none') request.context = context(kind);
  await writeUrl();
  $('ask').setAttribute('aria-busy', 'true');
  const { ok, body } = await call(kind.rpc, request);
  $('ask').removeAttribute('aria-busy');
  if (!ok) return refused(body);
  return kind.show(body, request);
}

const TRUMPS = { S: 'SUIT_SPADES', H: 'SUIT_HEARTS', D: 'SUIT_DIAMONDS', C: 'SUIT_CLUBS', N: 'none' };

// The question as URL parameters: lang, v (variant), l (level), t (trump), k (kind), then each
// field by its name (cards in notation, '+' between them; a record as deflated base64url).
async function questionParams() {
  const params = new URLSearchParams({ lang: getLang(), v: $('variant').value, l: SYMBOLS[$('level').value], t: Object.keys(TRUMPS).find((k) => TRUMPS[k] === $('trump').value), k: state.kind });
  for (const field of kindFields()) {
    const value = state.values[field.name];
    if (field.type === 'cards') params.set(field.name, cardsText(value));
    else if (field.type === 'record') params.set('rec', await pack(value || ''));
    else params.set(field.name, value);
  }
  return params;
}

async function writeUrl() {
  const params = await questionParams();
  const url = `${location.pathname}?${params}`;
  history.replaceState(null, '', url);
  $('share-link').href = url;
}

async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function unpack(code) {
  const binary = atob(code.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

async function readUrl() {
  const params = new URLSearchParams(location.search);
  if (params.has('v') && state.variants[params.get('v')]) $('variant').value = params.get('v');
  chooseVariant();
  const level = params.get('l');
  if (level && RANKS[level]) $('level').value = `RANK_${RANKS[level]}`;
  if (params.has('t') && TRUMPS[params.get('t')]) $('trump').value = TRUMPS[params.get('t')];
  if (params.has('k') && KINDS[params.get('k')]) state.kind = params.get('k');
  $('kind').value = state.kind;
  if (!params.has('k')) return false;
  // Seat and choice fields first: they decide which card fields the kind has.
  const all = () => KINDS[state.kind].fields(state.values);
  for (const pass of [0, 1]) {
    for (const field of all()) {
      if ((field.type === 'cards') !== Boolean(pass)) continue;
      if (field.type === 'record') {
        if (params.has('rec')) state.values.record = await unpack(params.get('rec'));
      } else if (params.has(field.name)) {
        state.values[field.name] = field.type === 'cards' ? parseCards(params.get(field.name), field.name) : params.get(field.name);
      } else if (field.type === 'cards') {
        state.values[field.name] = [];
      }
    }
  }
  return true;
}

function chooseVariant() {
  const variant = state.variants[$('variant').value];
  if (!variant) return;
  state.players = variant.deal.players || 4;
  state.decks = variant.deal.decks || 1;
  const level = $('level');
  const current = level.value || 'RANK_TEN';
  level.replaceChildren();
  const levels = (variant.cardOrder && variant.cardOrder.levels && variant.cardOrder.levels.length) ? variant.cardOrder.levels
    : Object.values(RANKS).map((r) => `RANK_${r}`);
  for (const rank of levels) option(level, rank, SYMBOLS[rank], rank === current);
  if (!levels.includes(current)) level.value = levels.includes('RANK_TEN') ? 'RANK_TEN' : levels[0];
}

function openRule(id, push) {
  const rule = state.rules[id];
  $('question-view').hidden = true;
  const view = $('rule-view');
  view.hidden = false;
  view.replaceChildren();
  const back = el('a', 'back', `← ${t('back')}`);
  back.href = '?';
  back.id = 'rule-back';
  back.addEventListener('click', (event) => { event.preventDefault(); history.back(); });
  const heading = el('h2', '', `${t('rulePage')} ${id}`);
  heading.id = 'rule-title';
  heading.tabIndex = -1;
  view.append(back, heading);
  if (!rule) {
    view.append(el('p', '', t('unknownRule')));
  } else {
    view.append(el('p', 'rule-summary', rule.summary[getLang()]));
    view.append(el('h3', '', t('sources')));
    const sources = el('ul', 'rule-sources');
    for (const source of rule.sources) {
      const li = el('li');
      li.append(el('span', 'source-title', source[getLang()]), el('span', 'source-file', ` ${source.file}`));
      if (source.section) li.append(el('span', 'source-section', ` · ${source.section}`));
      const words = el('blockquote', 'quote', source.words);
      words.lang = 'zh';
      li.append(words);
      sources.append(li);
    }
    view.append(sources, el('h3', '', t('parameter')));
    view.append(rule.parameter ? el('p', 'parameter', rule.parameter) : el('p', '', t('noParameter')));
    const names = rule.variants.map((v) => (state.variants[v] ? variantName(state.variants[v]) : v));
    view.append(el('h3', '', t('variantsUsing')), el('p', 'rule-variants', names.join(', ') || '—'));
    view.append(el('h3', '', t('casesHeading', rule.caseCount)));
    const cases = el('ul', 'rule-cases');
    for (const c of rule.cases) {
      const li = el('li');
      li.append(el('code', '', c.id), el('span', 'case-notation', c.notation), el('span', 'case-why', c.why));
      cases.append(li);
    }
    view.append(cases);
  }
  if (push) history.pushState({ rule: id }, '', `?${new URLSearchParams({ lang: getLang(), rule: id })}`);
  heading.focus();
}

function closeRule() {
  $('rule-view').hidden = true;
  $('question-view').hidden = false;
}

function switchLanguage() {
  setLang(getLang() === 'zh' ? 'en' : 'zh');
  translatePage();
  fillStatic();
  const params = new URLSearchParams(location.search);
  params.set('lang', getLang());
  history.replaceState(history.state, '', `?${params}`);
  if (params.has('rule')) openRule(params.get('rule'), false);
  renderFields();
  if (!$('answer').hidden) ask();
}

// A catalogue variant's name in the page's language; a variant the page does not know keeps the
// oracle's name.
function variantName(variant) {
  return getLang() === 'zh' ? t(`variantNames.${variant.id}`).replace(/^variantNames\..*/, variant.name) : variant.name;
}

function fillStatic() {
  for (const o of $('variant').options) if (state.variants[o.value]) o.textContent = variantName(state.variants[o.value]);
  const kind = $('kind');
  const chosen = state.kind;
  kind.replaceChildren();
  for (const name of Object.keys(KINDS)) option(kind, name, t(`kinds.${name}`), name === chosen);
  const trump = $('trump');
  const suit = trump.value || 'SUIT_HEARTS';
  trump.replaceChildren();
  for (const [letter, value] of Object.entries(TRUMPS)) {
    const text = letter === 'N' ? t('noTrump') : `${{ S: '♠', H: '♥', D: '♦', C: '♣' }[letter]} ${suitWord(value, getLang())}`;
    option(trump, value, text, value === suit);
  }
  $('lang').textContent = t('switchTo');
}

async function route() {
  const params = new URLSearchParams(location.search);
  if (params.has('rule')) return openRule(params.get('rule'), false);
  closeRule();
  return null;
}

async function start() {
  const params = new URLSearchParams(location.search);
  setLang(params.get('lang') || browserLang());
  translatePage();
  fillStatic();
  const [variants, rules] = await Promise.all([call('ListVariants', {}), fetch('rules.json').then((r) => r.json())]);
  for (const variant of variants.body.variants) {
    state.variants[variant.id] = variant;
    option($('variant'), variant.id, variantName(variant), variant.id === 'qq-two-deck');
  }
  state.rules = rules.rules;
  $('variant').addEventListener('change', () => { chooseVariant(); renderFields(); });
  $('kind').addEventListener('change', () => { state.kind = $('kind').value; renderFields(); hideProblems(); $('answer').hidden = true; });
  $('question').addEventListener('submit', ask);
  $('lang').addEventListener('click', switchLanguage);
  window.addEventListener('popstate', route);
  state.wantedStep = Number(params.get('step'));
  const asked = await readUrl();
  renderFields();
  await route();
  if (asked && !params.has('rule')) await ask();
  document.body.dataset.ready = 'true';
}

start();
