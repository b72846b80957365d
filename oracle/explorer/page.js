// The page's shared parts: the state of the question, the calls to the oracle (HTTP/JSON, the
// Connect protocol, same origin), and the answer's building blocks (the verdict, its details, the
// rules cited, a trick drawn round a table, a refusal's field violations).
//
//   const { ok, body } = await call('ListRules', {});
//   showRules(['follow.suit']);  // each id linked to its rule page, with its summary and words
import { drawCards } from './cards.js';
import { getLang, t } from './i18n.js';
import { openRule } from './rulepage.js';

export const SERVICE = '/shengji.oracle.v1.OracleService/';

export const $ = (id) => document.getElementById(id);

export const el = (tag, className, text) => {
  const element = document.createElement(tag);
  if (className) element.className = className;
  if (text !== undefined) element.textContent = text;
  return element;
};

export const state = {
  variants: {}, rules: {}, kind: 'follow', values: {}, active: null, players: 4, decks: 2,
  legal: null, audit: null,
};

export async function call(rpc, body) {
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

export function option(select, value, text, selected) {
  const o = el('option', '', text);
  o.value = value;
  o.selected = Boolean(selected);
  select.append(o);
}

export function hideProblems() {
  $('problems').hidden = true;
}

export function showProblems(items) {
  $('answer').hidden = true;
  $('problems').hidden = false;
  const list = $('violations');
  list.replaceChildren();
  for (const [field, description] of items) list.append(el('li', '', field ? `${field}: ${description}` : description));
}

export function startAnswer(ok) {
  hideProblems();
  const section = $('answer');
  section.hidden = false;
  section.className = ok === undefined ? '' : ok ? 'legal' : 'illegal';
  for (const id of ['drawing', 'details', 'rules', 'legal-plays', 'audit-view']) $(id).replaceChildren();
  $('explanation').textContent = '';
  $('explanation-box').hidden = true;
}

export function verdict(text, data = {}, brokenRule = '') {
  $('verdict').textContent = text;
  const rule = state.rules[brokenRule];
  $('verdict-why').textContent = rule ? rule.summary[getLang()] : '';
  $('verdict-why').hidden = !rule;
  const section = $('answer');
  for (const key of Object.keys(section.dataset)) delete section.dataset[key];
  Object.assign(section.dataset, data);
}

export function term(name, value) {
  const dt = el('dt', '', name);
  const dd = el('dd');
  if (value instanceof Node) dd.append(value);
  else dd.textContent = value;
  $('details').append(dt, dd);
}

// The oracle explains in English: shown as its own words in the English page, folded away in Chinese.
export function explain(text) {
  if (!text) return;
  $('explanation-box').hidden = false;
  $('explanation-box').open = getLang() === 'en';
  $('explanation').textContent = text;
}

export function ruleLink(id) {
  const link = el('a', 'rule-id', id);
  link.href = `?${new URLSearchParams({ lang: getLang(), rule: id })}`;
  link.addEventListener('click', (event) => { event.preventDefault(); openRule(id, true); });
  return link;
}

export function showRules(ids, list = $('rules')) {
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

export function ruleWords(id) {
  const rule = state.rules[id];
  return rule ? `${id} (${rule.summary[getLang()]})` : id;
}

// A trick round a table: seat 0 at the bottom, the next seats clockwise from the left, each play
// with what it did; the winner marked.
export function drawTable(plays, marks) {
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

export function refused(body) {
  const details = (body.details || []).find((d) => d.type === 'google.rpc.BadRequest');
  const violations = details && details.debug ? details.debug.fieldViolations || [] : [];
  showProblems(violations.length ? violations.map((v) => [v.field || '""', v.description])
    : [['', body.message || t('httpError')]]);
}

// A catalogue variant's name in the page's language; a variant the page does not know keeps the
// oracle's name.
export function variantName(variant) {
  return getLang() === 'zh' ? t(`variantNames.${variant.id}`).replace(/^variantNames\..*/, variant.name) : variant.name;
}
