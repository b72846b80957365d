// The rule explorer: a player picks the game and the cards (clicking them, or typing notation),
// asks the oracle over HTTP/JSON (the Connect protocol, same origin, the door every client uses)
// and reads the answer drawn as cards, in words, with each rule's page. The whole question is in
// the page's URL. No build step: plain browser modules. This one holds the kinds of question, the
// form and the URL; cards.js draws cards, i18n.js has the words, page.js the answer's parts,
// legal.js the legal plays, stepper.js a deal record's audit, rulepage.js the rule pages,
// botzone.js reads a Botzone log, share.js packs a record into the URL (docs/explorer.md).
import {
  NotationError, cardButton, cardText, cardsText, countCards, distinctCards, drawCards, parseCards,
  sortCards, suitWord, RANKS, SYMBOLS,
} from './cards.js';
import { browserLang, getLang, setLang, t, translatePage } from './i18n.js';
import { PAGE_SIZE, showLegal } from './legal.js';
import {
  $, call, drawTable, el, explain, hideProblems, option, refused, showProblems, showRules,
  startAnswer, state, term, variantName, verdict,
} from './page.js';
import { closeRule, openRule } from './rulepage.js';
import { pack, unpack } from './share.js';
import { RecordError, readRecord, showAudit } from './stepper.js';

// The deck to pick from, moved under the field being picked into (a module runs once the page is parsed).
const PICKER = $('picker');

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
    clear.id = `clear-${field.name}`;
    clear.addEventListener('click', () => { state.values[field.name] = []; dropUnheld(); renderFields(); $(clear.id).focus(); });
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
    const value = String(state.values[field.name] ?? '');
    if (!options.some(([v]) => v === value)) options.push([value, value]);  // a linked question's own value
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
      // The keyboard stays where it was: on the card now in this place, else on the field's button.
      const next = $(`picked-${field.name}`).children[Math.min(i, state.values[field.name].length - 1)];
      (next || $(`pick-${field.name}`)).focus();
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
  verdict(!a.isThrow ? t('throwNone') : a.succeeds ? t('throwSucceeds') : t('throwFails'), { succeeds: String(a.succeeds), forced: cardsText(a.forcedPlay) });
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

// ---- Asking, the URL, the rule pages. ----

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

function switchLanguage() {
  setLang(getLang() === 'zh' ? 'en' : 'zh');
  translatePage();
  fillStatic();
  const params = new URLSearchParams(location.search);
  params.set('lang', getLang());
  history.replaceState(history.state, '', `?${params}`);
  if (params.has('rule')) openRule(params.get('rule'), false);
  renderFields();
  if (state.kind === 'audit' && state.audit && !$('answer').hidden) state.wantedStep = state.audit.at;
  if (!$('answer').hidden && $('rule-view').hidden) ask();
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
