// A rule's page (?rule=follow.suit): its summary in the page's language, every source by its
// title and section with the source's own words, the Variant field that chooses its form, the
// variants whose conformance cases cite it and a few of those cases (rules.json, written by
// scripts/generate/explorer_rules.py).
import { getLang, t } from './i18n.js';
import { $, el, state, variantName } from './page.js';

export function openRule(id, push) {
  const rule = state.rules[id];
  $('question-view').hidden = true;
  const view = $('rule-view');
  view.hidden = false;
  view.replaceChildren();
  const back = el('a', 'back', `← ${t('back')}`);
  back.id = 'rule-back';
  back.href = `?lang=${getLang()}`;
  // Back to the question this page was opened from; opened by its own link, to a new question.
  back.addEventListener('click', (event) => {
    if (history.state && history.state.rule) {
      event.preventDefault();
      history.back();
    }
  });
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
      if (c.ask) {
        const ask = el('a', 'case-ask', t('askCase'));
        ask.href = `?lang=${getLang()}&${c.ask}`;
        li.append(ask);
      }
      cases.append(li);
    }
    view.append(cases);
  }
  if (push) history.pushState({ rule: id }, '', `?${new URLSearchParams({ lang: getLang(), rule: id })}`);
  heading.focus();
}

export function closeRule() {
  $('rule-view').hidden = true;
  $('question-view').hidden = false;
}
