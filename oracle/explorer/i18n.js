// Every word the rule explorer shows a person, in English and in Chinese (中文). The language is
// the browser's (navigator.languages) unless the URL or the switch chose one; `t(key, ...args)`
// gives a string of the current language, a function entry taking the arguments.
//
//   setLang('zh'); t('seatN', 2) -> '2号位'
export const STRINGS = {
  en: {
    title: 'Shengji rule explorer',
    intro: 'Ask the oracle about a moment of play: choose the game, pick the cards by clicking them (or type them, AS 10H SJ BJ), and see the verdict and the rules behind it.',
    switchTo: '中文', switchLabel: 'Switch the page to Chinese',
    deal: 'The game', variant: 'Variant', level: 'Level (the rank played)', trump: 'Trump',
    noTrump: 'no trump', question: 'The question', kind: 'What do you want to know?', ask: 'Ask',
    kinds: {
      follow: 'Is this follow legal?', legal: 'What could I play?', describe: 'What are these cards?',
      trick: 'Who wins this trick?', throw: 'Does this throw succeed?', bottom: 'What is the bottom worth?',
      deal: 'How do the levels move?', declare: 'Does this declaration override?', audit: 'Where did this deal go wrong?',
    },
    fields: {
      lead: 'The cards led', hand: 'The whole hand', play: 'The cards played (picked from the hand)',
      legalLead: 'The cards led (none: list the leads)', cards: 'The cards', leader: 'The seat that leads',
      thrower: 'The thrower', throw: 'The cards thrown', bankers: "The banker's side", bottom: 'The bottom',
      points: "The attackers' points", banker: "The banker's seat", standingSeat: 'Who declared first',
      standing: 'The standing declaration', challengerSeat: 'Who declares now', challenger: 'The new declaration',
      record: 'The deal record: the project\'s JSON (docs/records.md) or a Botzone match log',
    },
    seatN: (n) => `Seat ${n}`, seatPlays: (n) => `Seat ${n} plays`, seatHand: (n) => `Seat ${n}'s hand`,
    nobody: 'nobody yet', seatsPair: (a, b) => `seats ${a} and ${b}`,
    pickHere: 'Pick into this', picking: 'Picking into this', clear: 'Clear', notation: 'in notation',
    deckLabel: (field) => `The deck: click a card to add it to “${field}”`,
    handLabel: (field) => `The hand: click a card to add it to “${field}”`,
    copiesLeft: (n) => `${n} left`, add: 'Add', remove: 'Remove',
    exampleDeal: 'Load the example deal', chooseFile: 'Open a file',
    legal: 'Legal', illegal: 'Illegal',
    followLegal: 'Legal: this follow keeps every duty.',
    followIllegal: (rule) => `Illegal: it breaks ${rule}.`,
    played: 'The cards played', example: 'A legal play instead', ruleIdsHeading: 'Rules', notWellFormed: 'Not a well-formed question',
    validLead: (isThrow) => (isThrow ? 'A valid lead: a throw (more than one unit).' : 'A valid lead: one unit.'),
    notValidLead: 'Not a valid lead: the cards are not of one suit.',
    effectiveSuit: 'Plays as', units: 'Units', points: 'Points',
    trickWinner: (seat, points) => `Seat ${seat} wins the trick and its ${points} points.`,
    beats: 'best so far', doesNotBeat: 'does not beat the best so far', winner: 'wins',
    throwNone: 'Not a throw: the lead is one unit.', throwSucceeds: 'The throw succeeds: nobody can beat any of its units.',
    throwFails: 'The throw fails.', blocks: 'Units another seat can beat', blockBy: (seat) => `seat ${seat} beats it with`,
    forcedPlay: 'The thrower must play instead', penalty: 'Penalty to the thrower\'s side',
    bottomVerdict: (m, p) => `Multiplier ${m}: ${p} points to the attackers.`,
    bottomPoints: 'Points on the bottom', multiplier: 'Multiplier', toAttackers: 'Points to the attackers',
    toBanker: "Points to the banker's side", digging: 'The side that digs', lastTrick: 'The last trick',
    sideUp: (side, n) => `${side} go${side === 'The banker\'s side' ? 'es' : ''} up ${n} level${n === 1 ? '' : 's'}.`,
    nobodyUp: 'Nobody goes up.', takesDeal: 'The attackers take the deal.', nextBanker: 'Deals next',
    passesLast: 'The side passes the last level: it wins the game.',
    declareInvalid: 'Not a declaration: these cards cannot declare.',
    overrides: 'It overrides: the new declaration stands.', doesNotOverride: 'It does not override: the first declaration stands.',
    trumpAfter: 'Trump after this', strengths: 'Strength (first, new)',
    total: (n) => `${n} legal play${n === '1' ? '' : 's'} in all.`, groups: 'By the duty they meet',
    pageOf: (from, to, total) => `Plays ${from}–${to} of ${total}`, next: 'Next page', previous: 'Previous page',
    greyed: 'Cards greyed out appear in no legal play.', greyUnknown: 'Too many plays to look at every one: no card is greyed.',
    clean: 'The deal is clean: no rule broken, every reported result agrees.',
    dirty: (n) => `${n} step${n === 1 ? '' : 's'} broke a rule.`, firstViolation: 'First violation',
    differences: 'Reported results that differ', reported: 'reported', oracleSays: 'the oracle',
    incomplete: 'The replay stopped early: the cards in play became unknown.',
    stepOf: (i, n) => `Step ${i} of ${n}`, prevStep: 'Previous', nextStep: 'Next', toViolation: 'Go to the first violation',
    frameDeal: 'The deal', frameDeclarations: 'The declarations', frameBury: 'The bury',
    frameTrick: (i) => `Trick ${i}`, frameBottom: 'The bottom', frameScore: 'The score',
    stepLegal: 'keeps the rules', stepBroke: (rule) => `breaks ${rule}`, instead: 'legal instead',
    attempted: 'tried to throw',
    diffWinner: (r, o) => `the record says seat ${r} won the trick; the oracle says seat ${o}`,
    diffPoints: (r, o) => `the record says the trick held ${r} points; the oracle says ${o}`,
    diffOther: (field, r, o) => `${field}: the record says ${r}; the oracle says ${o}`,
    reportedFields: {
      bottom_multiplier: 'the bottom multiplier', attacker_points: "the attackers' final points",
      level_side: 'the side that goes up', levels: 'the levels gone up', next_banker_seat: 'the seat that deals next',
    },
    variantNames: {},
    dealt: 'Dealt', buried: 'Buried', declares: 'declares',
    totals: 'The referee\'s results', trickPoints: 'Points in tricks', attackerPoints: "The attackers' final points",
    botzoneConverted: 'A Botzone match log, read as a deal record.',
    notRecord: 'This is neither a deal record nor a Botzone match log.',
    badJson: (m) => `Not JSON: ${m}`,
    rulePage: 'Rule', back: 'Back to the question', sources: 'Sources', parameter: 'The variant parameter that chooses its form',
    noParameter: 'Every variant follows it as written.', variantsUsing: 'Variants whose conformance cases cite it',
    casesHeading: (n) => `Conformance cases that exercise it (${n} in all)`, askCase: 'Ask it here', unknownRule: 'No rule has this id.',
    share: 'Link to this question', copied: 'The address bar holds this question.',
    explanation: 'The oracle\'s explanation', loading: 'Asking…', httpError: 'The oracle did not answer.',
    sideNames: { SIDE_BANKER: "The banker's side", SIDE_ATTACKERS: 'The attackers', SIDE_NEITHER: 'Neither side', SIDE_UNSPECIFIED: '—' },
    playKinds: {
      PLAY_KIND_LEAD: 'leads', PLAY_KIND_FOLLOW: 'follows suit', PLAY_KIND_RUFF: 'ruffs (毙)',
      PLAY_KIND_OVER_RUFF: 'over-ruffs (盖毙)', PLAY_KIND_DISCARD: 'discards (垫)', PLAY_KIND_BOMB: 'bombs', PLAY_KIND_UNSPECIFIED: '—',
    },
    effective: {
      EFFECTIVE_SUIT_TRUMP: 'trump', EFFECTIVE_SUIT_SPADES: 'spades', EFFECTIVE_SUIT_HEARTS: 'hearts',
      EFFECTIVE_SUIT_DIAMONDS: 'diamonds', EFFECTIVE_SUIT_CLUBS: 'clubs', EFFECTIVE_SUIT_BLACK: 'black',
      EFFECTIVE_SUIT_RED: 'red', EFFECTIVE_SUIT_MIXED: 'several suits', EFFECTIVE_SUIT_UNSPECIFIED: '—',
    },
    unitName: (size, length, rainbow) => {
      const tuple = { 1: 'single', 2: 'pair', 3: 'triple', 4: 'quad' }[size] || `${size} of a kind`;
      if (rainbow) return `rainbow of ${size}`;
      return length > 1 ? `tractor of ${length} ${tuple === 'single' ? 'singles' : `${tuple}s`}` : tuple;
    },
    yes: 'yes', no: 'no',
  },
  zh: {
    title: '升级规则查询',
    intro: '向规则库询问一个出牌的时刻：选择玩法，点击选牌（也可以输入，如 AS 10H SJ BJ），查看判定和依据的规则。',
    switchTo: 'English', switchLabel: '把页面切换为英文',
    deal: '玩法', variant: '玩法', level: '级牌（打几）', trump: '主牌花色',
    noTrump: '无主', question: '问题', kind: '你想知道什么？', ask: '查询',
    kinds: {
      follow: '这样跟牌合法吗？', legal: '我可以出哪些牌？', describe: '这些牌是什么牌型？',
      trick: '这一轮谁大？', throw: '这手甩牌能成功吗？', bottom: '底牌值多少分？',
      deal: '级别怎么升？', declare: '这次亮主能反吗？', audit: '这副牌哪里出错了？',
    },
    fields: {
      lead: '首家出的牌', hand: '整手牌', play: '出的牌（从手牌中选）', legalLead: '首家出的牌（不选：列出可以首出的牌）',
      cards: '这些牌', leader: '首家座位', thrower: '甩牌的玩家', throw: '甩出的牌', bankers: '庄家方',
      bottom: '底牌', points: '闲家得分', banker: '庄家座位', standingSeat: '先亮主的玩家', standing: '已亮的主',
      challengerSeat: '现在亮主的玩家', challenger: '新亮的主',
      record: '一副牌的记录：本项目的 JSON（docs/records.md）或 Botzone 对局日志',
    },
    seatN: (n) => `${n}号位`, seatPlays: (n) => `${n}号位出牌`, seatHand: (n) => `${n}号位的手牌`,
    nobody: '还没有人亮主', seatsPair: (a, b) => `${a}号位和${b}号位`,
    pickHere: '往这里选牌', picking: '正在往这里选牌', clear: '清空', notation: '文字写法',
    deckLabel: (field) => `整副牌：点击一张牌，加入“${field}”`,
    handLabel: (field) => `手牌：点击一张牌，加入“${field}”`,
    copiesLeft: (n) => `还剩${n}张`, add: '加入', remove: '移除',
    exampleDeal: '载入示例牌局', chooseFile: '打开文件',
    legal: '合法', illegal: '不合法',
    followLegal: '合法：这样跟牌尽了所有义务。',
    followIllegal: (rule) => `不合法：违反了 ${rule}。`,
    played: '出的牌', example: '可以改出', ruleIdsHeading: '规则', notWellFormed: '问题的格式不对',
    validLead: (isThrow) => (isThrow ? '可以首出：这是甩牌（多于一个牌型）。' : '可以首出：一个牌型。'),
    notValidLead: '不能首出：这些牌不是同一花色。',
    effectiveSuit: '算作', units: '牌型', points: '分数',
    trickWinner: (seat, points) => `${seat}号位大，赢得这一轮的${points}分。`,
    beats: '目前最大', doesNotBeat: '没有大过目前最大者', winner: '大',
    throwNone: '不是甩牌：首家只出了一个牌型。', throwSucceeds: '甩牌成功：没有人能大过其中任何一个牌型。',
    throwFails: '甩牌失败。', blocks: '其他玩家能大过的牌型', blockBy: (seat) => `${seat}号位可用以下牌大过`,
    forcedPlay: '甩牌者必须改出', penalty: '甩牌一方被罚的分',
    bottomVerdict: (m, p) => `${m}倍：闲家得${p}分。`,
    bottomPoints: '底牌分数', multiplier: '倍数', toAttackers: '闲家得分', toBanker: '庄家方得分', digging: '扣底的一方',
    lastTrick: '最后一轮',
    sideUp: (side, n) => `${side}升${n}级。`,
    nobodyUp: '双方都不升级。', takesDeal: '闲家上台。', nextBanker: '下一副的庄家',
    passesLast: '升过了最后一级：赢得整局。',
    declareInvalid: '不能亮主：这些牌不构成亮主。',
    overrides: '能反：新亮的主成立。', doesNotOverride: '不能反：先亮的主不变。',
    trumpAfter: '之后的主牌', strengths: '强度（先亮，新亮）',
    total: (n) => `共有${n}种合法的出法。`, groups: '按所尽的义务分组',
    pageOf: (from, to, total) => `第${from}–${to}种，共${total}种`, next: '下一页', previous: '上一页',
    greyed: '灰色的牌不在任何合法出法中。', greyUnknown: '出法太多，无法逐一查看：没有把牌变灰。',
    clean: '这副牌没有问题：没有违规，报告的结果都一致。',
    dirty: (n) => `有${n}步违反了规则。`, firstViolation: '第一处违规',
    differences: '与报告不一致的结果', reported: '报告', oracleSays: '规则库',
    incomplete: '复盘提前停止：出牌的情况已无法确定。',
    stepOf: (i, n) => `第${i}步，共${n}步`, prevStep: '上一步', nextStep: '下一步', toViolation: '跳到第一处违规',
    frameDeal: '发牌', frameDeclarations: '亮主', frameBury: '扣底牌',
    frameTrick: (i) => `第${i}轮`, frameBottom: '底牌', frameScore: '计分',
    stepLegal: '符合规则', stepBroke: (rule) => `违反 ${rule}`, instead: '应出',
    attempted: '试图甩',
    diffWinner: (r, o) => `记录说这一轮${r}号位大；规则库说${o}号位大`,
    diffPoints: (r, o) => `记录说这一轮有${r}分；规则库说${o}分`,
    diffOther: (field, r, o) => `${field}：记录为${r}；规则库为${o}`,
    reportedFields: {
      bottom_multiplier: '扣底倍数', attacker_points: '闲家最终得分', level_side: '升级的一方',
      levels: '升的级数', next_banker_seat: '下一副的庄家',
    },
    variantNames: {
      'botzone-tractor': 'Botzone 拖拉机裁判', 'fixed-two-no-bottom': '2为常主、无底牌',
      'four-deck': '四副牌升级', heijian: '黑尖', 'lianzhong-one-deck': '联众升级（一副牌）',
      'lianzhong-two-deck': '联众升级（两副牌）', 'lianzhong-three-deck': '联众升级（三副牌）',
      'qq-one-deck': 'QQ升级（一副牌）', 'qq-two-deck': 'QQ升级（两副牌，拖拉机）',
      'qq-two-deck-two-trump': 'QQ升级（两副牌，2为常主）', 'qq-three-deck': 'QQ升级（三副牌，泰坦尼克）',
      'rbtying-default': 'rbtying/shengji 默认房间', 'two-colour-one-deck': '红黑（一副牌）',
    },
    dealt: '发到', buried: '扣下', declares: '亮主',
    totals: '裁判的结果', trickPoints: '各轮得分', attackerPoints: '闲家最终得分',
    botzoneConverted: 'Botzone 对局日志，已读作牌局记录。',
    notRecord: '这既不是牌局记录，也不是 Botzone 对局日志。',
    badJson: (m) => `不是 JSON：${m}`,
    rulePage: '规则', back: '回到问题', sources: '出处', parameter: '决定其形式的玩法参数',
    noParameter: '所有玩法都照此执行。', variantsUsing: '有一致性用例引用它的玩法',
    casesHeading: (n) => `检验它的一致性用例（共${n}个）`, askCase: '在这里查询', unknownRule: '没有这个规则编号。',
    share: '本问题的链接', copied: '地址栏中就是这个问题。',
    explanation: '规则库的说明', loading: '查询中…', httpError: '规则库没有回答。',
    sideNames: { SIDE_BANKER: '庄家方', SIDE_ATTACKERS: '闲家', SIDE_NEITHER: '双方都不', SIDE_UNSPECIFIED: '—' },
    playKinds: {
      PLAY_KIND_LEAD: '首出', PLAY_KIND_FOLLOW: '跟牌', PLAY_KIND_RUFF: '毙', PLAY_KIND_OVER_RUFF: '盖毙',
      PLAY_KIND_DISCARD: '垫牌', PLAY_KIND_BOMB: '炸弹', PLAY_KIND_UNSPECIFIED: '—',
    },
    effective: {
      EFFECTIVE_SUIT_TRUMP: '主牌', EFFECTIVE_SUIT_SPADES: '黑桃', EFFECTIVE_SUIT_HEARTS: '红桃',
      EFFECTIVE_SUIT_DIAMONDS: '方块', EFFECTIVE_SUIT_CLUBS: '梅花', EFFECTIVE_SUIT_BLACK: '黑色',
      EFFECTIVE_SUIT_RED: '红色', EFFECTIVE_SUIT_MIXED: '多种花色', EFFECTIVE_SUIT_UNSPECIFIED: '—',
    },
    unitName: (size, length, rainbow) => {
      const tuple = { 1: '单张', 2: '对子', 3: '三同张', 4: '四条' }[size] || `${size}同张`;
      if (rainbow) return `${size}张彩虹`;
      if (length > 1) return size === 3 ? `${length}连三同张（泰坦尼克）` : `${length}连${tuple}拖拉机`;
      return tuple;
    },
    yes: '是', no: '否',
  },
};

export const LANGS = Object.keys(STRINGS);
let lang = 'en';

// The browser's language: Chinese when its first language that we have is Chinese.
export function browserLang() {
  for (const tag of navigator.languages || [navigator.language || 'en']) {
    const base = tag.toLowerCase().split('-')[0];
    if (LANGS.includes(base)) return base;
  }
  return 'en';
}

export function setLang(chosen) {
  lang = LANGS.includes(chosen) ? chosen : 'en';
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
}

export const getLang = () => lang;

export function t(key, ...args) {
  const value = key.split('.').reduce((entry, part) => (entry ? entry[part] : undefined), STRINGS[lang]);
  if (value === undefined) return key;
  return typeof value === 'function' ? value(...args) : value;
}

// Fill every element marked data-i18n (its text) or data-i18n-label (its aria-label).
export function translatePage(root = document) {
  for (const element of root.querySelectorAll('[data-i18n]')) element.textContent = t(element.dataset.i18n);
  for (const element of root.querySelectorAll('[data-i18n-label]')) element.setAttribute('aria-label', t(element.dataset.i18nLabel));
  document.title = t('title');
}
