// A Botzone Tractor match log read as a deal record in the page, as oracle/importers/botzone_log.py
// (record_from_botzone) reads it for `shengji-oracle audit --from botzone`; no RPC converts one.
// The judge (keyijing/Tractor-RL judger.py, main) reads {initdata, log}: initdata.allocation (each
// player's card ids), publiccard (the bottom) and level; log alternates the judge's outputs (even
// places) and the players' responses (odd places). Places 1-199 are the dealing (a response with
// cards a declaration), 200 sends the bottom to the banker (global.banking: banker, major), 201 is
// the bury, then each response is a play, the judge's next output showing what was really played
// (display.event.poker: a failed throw's forced card). Card ids: num2Poker (docs/botzone.md).
//
//   botzoneRecord({initdata: {allocation: [[0], [1], [2], [3]], publiccard: [], level: '0'}, log: []})
//     -> {context: {variantId: 'botzone-tractor', level: 'RANK_TEN'}, hands: [...], ...}
const RANKS = 'A234567890JQK';
const SUITS = 'shcd';
const RANK_NAMES = {
  A: 'ACE', 2: 'TWO', 3: 'THREE', 4: 'FOUR', 5: 'FIVE', 6: 'SIX', 7: 'SEVEN', 8: 'EIGHT', 9: 'NINE',
  0: 'TEN', J: 'JACK', Q: 'QUEEN', K: 'KING',
};
const SUIT_NAMES = { s: 'SUIT_SPADES', h: 'SUIT_HEARTS', c: 'SUIT_CLUBS', d: 'SUIT_DIAMONDS' };
const DEAL_END = 200;

export class LogFormatError extends Error {}

// The card with the judge's id (0 to 107): 52 and 53 of each deck are the jokers.
export function cardFromId(number) {
  if (!Number.isInteger(number) || number < 0 || number > 107) throw new LogFormatError(`${number} is not a Botzone card id: ids run 0 to 107`);
  const inDeck = number % 54;
  if (inDeck === 52) return { rank: 'RANK_SMALL_JOKER' };
  if (inDeck === 53) return { rank: 'RANK_BIG_JOKER' };
  return { rank: `RANK_${RANK_NAMES[RANKS[Math.floor(inDeck / 4)]]}`, suit: SUIT_NAMES[SUITS[inDeck % 4]] };
}

function cards(ids, where) {
  if (!Array.isArray(ids) || !ids.every(Number.isInteger)) throw new LogFormatError(`${where}: a list of card ids 0 to 107`);
  try {
    return ids.map(cardFromId);
  } catch (err) {
    throw new LogFormatError(`${where}: ${err.message}`);
  }
}

function response(entry, where) {
  const keys = entry && typeof entry === 'object' ? Object.keys(entry) : [];
  const value = keys.length === 1 ? entry[keys[0]] : null;
  if (!['0', '1', '2', '3'].includes(keys[0]) || !value || !('response' in value)) {
    throw new LogFormatError(`${where}: a response is {"<player>": {"response": [...]}}`);
  }
  cards(value.response, `${where}.${keys[0]}.response`);
  return [Number(keys[0]), value.response];
}

function played(log, place, sent) {
  const next = log[place + 1];
  const poker = next && next.output && next.output.display && next.output.display.event ? next.output.display.event.poker : undefined;
  if (poker !== undefined) {
    cards(poker, `log[${place + 1}].output.display.event.poker`);
    return poker;
  }
  return sent;
}

const sameIds = (a, b) => a.length === b.length && [...a].sort().join() === [...b].sort().join();

export function botzoneRecord(match) {
  const init = match.initdata;
  const { log } = match;
  if (!init || typeof init !== 'object' || !Array.isArray(log)) throw new LogFormatError('a match log is {"initdata": {...}, "log": [...]}');
  const levelChar = String(init.level ?? '2');
  if (!(levelChar in RANK_NAMES)) throw new LogFormatError(`initdata.level: ${levelChar} is not a level 2 to A`);
  const allocation = init.allocation;
  if (!Array.isArray(allocation) || allocation.length !== 4) throw new LogFormatError('initdata.allocation: four lists of card ids, one per player');
  const record = {
    context: { variantId: 'botzone-tractor', level: `RANK_${RANK_NAMES[levelChar]}` },
    hands: allocation.map((ids, seat) => ({ seat, cards: cards(ids, `initdata.allocation[${seat}]`) })),
    bottom: cards(init.publiccard || [], 'initdata.publiccard'),
    declarations: [], buried: [], tricks: [],
  };
  for (let place = 1; place < Math.min(log.length, DEAL_END); place += 2) {
    const [seat, ids] = response(log[place], `log[${place}]`);
    if (ids.length) record.declarations.push({ seat, cards: cards(ids, `log[${place}]`) });
  }
  if (log.length <= DEAL_END) return record;
  let banking;
  try {
    const { content } = log[DEAL_END].output;
    banking = Object.values(content)[0].global.banking;
  } catch {
    throw new LogFormatError(`log[${DEAL_END}]: the end of the dealing names no banking`);
  }
  record.bankerSeat = Number(banking.banker || 0);
  if (banking.major === 'n') record.context.noTrump = true;
  else if (SUIT_NAMES[banking.major]) record.context.trumpSuit = SUIT_NAMES[banking.major];
  if (log.length > DEAL_END + 1) {
    const [, buried] = response(log[DEAL_END + 1], `log[${DEAL_END + 1}]`);
    record.buried = cards(buried, `log[${DEAL_END + 1}]`);
  }
  let trick = null;
  for (let place = DEAL_END + 3; place < log.length; place += 2) {
    const [seat, sent] = response(log[place], `log[${place}]`);
    const ids = played(log, place, sent);
    if (!trick || trick.plays.length === 4) {
      trick = { plays: [] };
      record.tricks.push(trick);
      if (!sameIds(ids, sent)) trick.attemptedThrow = cards(sent, `log[${place}]`);
    }
    trick.plays.push({ seat, cards: cards(ids, `log[${place}]`) });
  }
  finalScore(log, record);
  return record;
}

// The attackers' final points as the judge scores the end (main: old_score + get_score): the last
// request's global.total_score plus the finishing output's display.get_score.
function finalScore(log, record) {
  const last = log[log.length - 1];
  const output = last && last.output;
  if (!output || output.command !== 'finish' || log.length < 3) return;
  const score = output.display ? output.display.get_score : undefined;
  const request = log[log.length - 3] && log[log.length - 3].output;
  const player = request && request.content ? Object.values(request.content)[0] : null;
  const total = player && player.global ? player.global.total_score : undefined;
  if (Number.isInteger(score) && Number.isInteger(total)) record.reported = { attackerPoints: total + score };
}
