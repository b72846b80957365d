// What could I play? The legal plays of a hand (ListLegalPlays) a page at a time, grouped by the
// duty they meet, and the hand drawn with its cards in no legal play greyed out.
import { cardText, drawCards, sortCards } from './cards.js';
import { getLang, t } from './i18n.js';
import {
  $, call, el, explain, refused, ruleLink, showRules, startAnswer, state, term, verdict,
} from './page.js';

export const PAGE_SIZE = 20;

export const GREY_PAGES = 10;

export async function showLegal(a, request) {
  startAnswer(true);
  state.legal = { request, tokens: [''], page: 0 };
  verdict(t('total', a.total), { total: a.total });
  showLegalPage(a);
  showRules(a.ruleIds);
  explain(a.explanation);
  await greyHand(request, a);
}

export function showLegalPage(a) {
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

export async function legalPage(page) {
  const { request, tokens } = state.legal;
  const { ok, body } = await call('ListLegalPlays', { ...request, pageToken: tokens[page] });
  if (!ok) return refused(body);
  state.legal.page = page;
  showLegalPage(body);
  $(page ? 'page-prev' : 'page-next').focus();
}

// As a client would: walk the pages (at most GREY_PAGES of 1000) until every card of the hand is
// seen in some play; the cards never seen are greyed. A hand with more plays greys nothing.
export async function greyHand(request, first) {
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
