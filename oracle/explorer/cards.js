// Cards for the rule explorer: the notation people type ('AS', '10H', 'SJ', 'BJ'; docs/notation.md)
// beside the proto's JSON ({rank: 'RANK_ACE', suit: 'SUIT_SPADES'}), the deck a variant deals, and
// each card drawn as a card (rank and suit symbol, red or black, jokers), with its name in words.
//
//   parseCards('AS 10h', 'hand')  -> [{rank: 'RANK_ACE', suit: 'SUIT_SPADES'}, {rank: 'RANK_TEN', ...}]
//   cardText({rank: 'RANK_BIG_JOKER'}) -> 'BJ'
//   drawCard({rank: 'RANK_TEN', suit: 'SUIT_HEARTS'}, 'en') -> <span class="card red" aria-label="10 of hearts">
export const RANKS = {
  2: 'TWO', 3: 'THREE', 4: 'FOUR', 5: 'FIVE', 6: 'SIX', 7: 'SEVEN', 8: 'EIGHT', 9: 'NINE',
  10: 'TEN', J: 'JACK', Q: 'QUEEN', K: 'KING', A: 'ACE',
};
export const SYMBOLS = Object.fromEntries(Object.entries(RANKS).map(([s, r]) => [`RANK_${r}`, s]));
export const SUITS = { S: 'SPADES', H: 'HEARTS', D: 'DIAMONDS', C: 'CLUBS' };
export const LETTERS = Object.fromEntries(Object.entries(SUITS).map(([l, s]) => [`SUIT_${s}`, l]));
export const PIPS = { SUIT_SPADES: '♠', SUIT_HEARTS: '♥', SUIT_DIAMONDS: '♦', SUIT_CLUBS: '♣' };
const RED = new Set(['SUIT_HEARTS', 'SUIT_DIAMONDS']);
const RANK_ORDER = ['RANK_BIG_JOKER', 'RANK_SMALL_JOKER', ...['A', 'K', 'Q', 'J', 10, 9, 8, 7, 6, 5, 4, 3, 2].map((s) => `RANK_${RANKS[s]}`)];
const SUIT_ORDER = ['SUIT_SPADES', 'SUIT_HEARTS', 'SUIT_CLUBS', 'SUIT_DIAMONDS'];

export class NotationError extends Error {}

// One card in notation as the proto's JSON; a wrong card says what is wrong (in English, as the CLI).
export function parseCard(word) {
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

export function parseCards(text, label) {
  return text.split(/[\s,]+/).filter((w) => w).map((word) => {
    try {
      return parseCard(word);
    } catch (err) {
      throw new NotationError(`${label}: ${err.message}`);
    }
  });
}

export function cardText(card) {
  if (card.rank === 'RANK_SMALL_JOKER') return 'SJ';
  if (card.rank === 'RANK_BIG_JOKER') return 'BJ';
  return `${SYMBOLS[card.rank] || '?'}${LETTERS[card.suit] || '?'}`;
}

export const cardsText = (cards) => (cards || []).map(cardText).join(' ');

// Jokers first, then spades, hearts, clubs, diamonds, each from the ace down.
export function sortCards(cards) {
  const key = (c) => RANK_ORDER.indexOf(c.rank) + 20 * (c.suit ? SUIT_ORDER.indexOf(c.suit) + 1 : 0);
  return [...cards].sort((a, b) => key(a) - key(b));
}

// Every distinct card of a deck: the two jokers, then 13 of each suit.
export function distinctCards() {
  return sortCards(['BJ', 'SJ', ...Object.keys(SUITS).flatMap((s) => Object.keys(RANKS).map((r) => r + s))].map(parseCard));
}

export function countCards(cards) {
  const counts = new Map();
  for (const card of cards) counts.set(cardText(card), (counts.get(cardText(card)) || 0) + 1);
  return counts;
}

const RANK_WORDS = {
  en: { A: 'ace', K: 'king', Q: 'queen', J: 'jack' },
  zh: { A: 'A', K: 'K', Q: 'Q', J: 'J' },
};
const SUIT_WORDS = {
  en: { SUIT_SPADES: 'spades', SUIT_HEARTS: 'hearts', SUIT_DIAMONDS: 'diamonds', SUIT_CLUBS: 'clubs' },
  zh: { SUIT_SPADES: '黑桃', SUIT_HEARTS: '红桃', SUIT_DIAMONDS: '方块', SUIT_CLUBS: '梅花' },
};

// A card's name for people and screen readers: 'ace of spades', '黑桃A', 'big joker', '大王'.
export function cardName(card, lang) {
  if (card.rank === 'RANK_BIG_JOKER') return lang === 'zh' ? '大王' : 'big joker';
  if (card.rank === 'RANK_SMALL_JOKER') return lang === 'zh' ? '小王' : 'small joker';
  const symbol = SYMBOLS[card.rank];
  const rank = RANK_WORDS[lang][symbol] || symbol;
  return lang === 'zh' ? `${SUIT_WORDS.zh[card.suit]}${rank}` : `${rank} of ${SUIT_WORDS.en[card.suit]}`;
}

export const suitWord = (suit, lang) => SUIT_WORDS[lang][suit] || '';

// The face of a card: rank over suit symbol, red or black; a joker's star and its size.
function face(element, card, lang) {
  const joker = card.rank.endsWith('JOKER');
  const big = card.rank === 'RANK_BIG_JOKER';
  element.classList.add('card', joker ? (big ? 'red' : 'black') : (RED.has(card.suit) ? 'red' : 'black'));
  if (joker) element.classList.add('joker');
  const rank = document.createElement('span');
  rank.className = 'rank';
  rank.textContent = joker ? (lang === 'zh' ? (big ? '大' : '小') : (big ? 'BIG' : 'SML')) : SYMBOLS[card.rank];
  const pip = document.createElement('span');
  pip.className = 'pip';
  pip.textContent = joker ? '★' : PIPS[card.suit];
  rank.setAttribute('aria-hidden', 'true');
  pip.setAttribute('aria-hidden', 'true');
  element.append(rank, pip);
  element.dataset.card = cardText(card);
  return element;
}

// A card drawn for reading (role img with its name).
export function drawCard(card, lang) {
  const element = face(document.createElement('span'), card, lang);
  element.setAttribute('role', 'img');
  element.setAttribute('aria-label', cardName(card, lang));
  element.title = cardName(card, lang);
  return element;
}

// A card as a button to click, named for screen readers with what a click does.
export function cardButton(card, lang, action) {
  const button = face(document.createElement('button'), card, lang);
  button.type = 'button';
  button.setAttribute('aria-label', action ? `${action}: ${cardName(card, lang)}` : cardName(card, lang));
  return button;
}

// Cards drawn in a row, as a group labelled with their notation.
export function drawCards(cards, lang, className = 'cards') {
  const row = document.createElement('span');
  row.className = className;
  row.setAttribute('role', 'group');
  row.setAttribute('aria-label', (cards || []).map((c) => cardName(c, lang)).join(', '));
  for (const card of cards || []) row.append(drawCard(card, lang));
  return row;
}
