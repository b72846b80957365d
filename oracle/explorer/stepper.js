// Where did this deal go wrong? A deal record (the project's JSON, or a Botzone log read by
// botzone.js) audited by AuditDeal and stepped through: the deal, the declarations, the bury,
// each trick round the table with each play's verdict, the bottom and the score; the first
// violation and every reported result that differs marked.
import { botzoneRecord } from './botzone.js';
import { drawCards, sortCards } from './cards.js';
import { getLang, t } from './i18n.js';
import {
  $, drawTable, el, explain, option, ruleWords, showRules, startAnswer, state, term, verdict,
} from './page.js';

export class RecordError extends Error {}

// The pasted text as a DealRecord: the project's JSON as it is, a Botzone log converted.
export function readRecord(text) {
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

export function frames(record, audit) {
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
export function differenceText(d) {
  const trick = d.field.match(/^tricks\[(\d+)\]\.reported_(winner|points)$/);
  if (trick) return `${t('frameTrick', Number(trick[1]) + 1)}: ${t(trick[2] === 'winner' ? 'diffWinner' : 'diffPoints', d.reported, d.oracle)}`;
  const field = d.field.replace(/^reported\./, '');
  const name = t(`reportedFields.${field}`);
  const words = (v) => (v.startsWith('SIDE_') ? t(`sideNames.${v}`) : v);
  return t('diffOther', name.startsWith('reportedFields.') ? d.field : name, words(d.reported), words(d.oracle));
}

// One audit step's verdict, said of `who` (a seat, the trick, ...; empty inside a seat's spot).
export function stepLine(step, who) {
  const line = el('p', step.legal ? 'step ok' : 'step fault');
  line.append(el('span', '', `${who ? `${who}: ` : ''}${step.legal ? t('stepLegal') : t('stepBroke', ruleWords(step.brokenRuleId))}`));
  if (step.legalAlternative && step.legalAlternative.length) {
    line.append(el('span', '', ` · ${t('instead')} `), drawCards(step.legalAlternative, getLang()));
  }
  return line;
}

export function showAudit(a, request) {
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

export function renderFrame(at) {
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

export function moveFrame(at, focus) {
  renderFrame(at);
  const url = new URL(location.href);
  url.searchParams.set('step', String(at));
  history.replaceState(null, '', url);
  $('share-link').href = `${url.pathname}${url.search}`;
  if (focus) $(focus).focus();
}

export function drawTrickFrame(frame) {
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

export function drawOtherFrame(frame, record) {
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
