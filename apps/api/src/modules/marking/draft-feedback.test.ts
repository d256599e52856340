import { RUBRICS } from '@prepwise/contract';
import { describe, expect, it } from 'vitest';
import { draftOfReply } from './ai-bands';
import { measureEssay } from './draft-feedback';
import { languageIssues } from './language-issues';

/** The offline draft feedback's measures of an essay (issue 28): counted, never a band. */
describe('measureEssay', () => {
  it('counts words and sentences, and finds the linking words used', () => {
    const text =
      'Some people think cities should ban cars. However, buses are cheap and trains are fast.\n\nIn conclusion, public transport is better because it is cleaner.';
    const measures = measureEssay(text);
    expect(measures.word_count).toBe(25);
    expect(measures.sentence_count).toBe(3);
    expect(measures.mean_sentence_length).toBe(8.3);
    expect(measures.linking_words).toEqual(['however', 'in conclusion', 'because']);
    // 25 words, of which "are" and "is" come twice: 23 distinct.
    expect(measures.type_token_ratio).toBeCloseTo(23 / 25, 3);
    expect(measures.mtld).toBeGreaterThan(0);
  });

  it('gives MTLD only from ten words, and a repetitive text a lower one', () => {
    expect(measureEssay('Short text here.').mtld).toBeNull();
    const varied = measureEssay(
      'Every morning my grandmother walks along the quiet river, feeding ducks, greeting neighbours and buying bread.',
    );
    const repetitive = measureEssay('the cat and the cat and the cat and the cat and the cat and the cat.');
    expect(repetitive.mtld!).toBeLessThan(varied.mtld!);
    expect(measureEssay('')).toMatchObject({ word_count: 0, sentence_count: 0, mean_sentence_length: 0 });
  });
});

/**
 * Spelling (Hunspell's dictionary through nspell) and grammar (Harper) issues of an original short essay
 * written with known learners' mistakes.
 */
describe('languageIssues', () => {
  const ESSAY =
    'Nowadays many familys in Hanoi own a motorbike. In my opinion, the goverment should spend more on buses. Riding a a bus is cheaper, and it is alot safer for childs.';

  it('finds each known mistake with its kind, span, excerpt and suggestion', async () => {
    const issues = await languageIssues(ESSAY);
    expect(
      issues.map(({ kind, excerpt, suggestions }) => ({ kind, excerpt, first: suggestions[0] })),
    ).toEqual([
      { kind: 'grammar', excerpt: 'familys', first: 'families' },
      { kind: 'spelling', excerpt: 'goverment', first: 'government' },
      { kind: 'grammar', excerpt: 'a a', first: 'a' },
      // Both checkers see "alot": reported once, as Harper's boundary error.
      { kind: 'grammar', excerpt: 'alot', first: 'a lot' },
      { kind: 'grammar', excerpt: 'childs', first: 'children' },
    ]);
    for (const issue of issues) {
      expect(ESSAY.slice(issue.start, issue.end)).toBe(issue.excerpt);
      expect(issue.message).not.toBe('');
    }
    expect(issues.find((issue) => issue.kind === 'spelling')).toMatchObject({
      rule: 'hunspell',
      start: ESSAY.indexOf('goverment'),
    });
  }, 30_000);

  it('finds nothing in correct sentences, British or American spelling', async () => {
    expect(
      await languageIssues(
        'Cities should invest in public transport. Buses are cheap, and trains are fast. I realise the programme is popular with neighbours in the city centre, whose colour has returned.',
      ),
    ).toEqual([]);
    expect(await languageIssues('The color of the center changed, and I realize why.')).toEqual([]);
    expect(await languageIssues('   ')).toEqual([]);
  });

  it('gives spans in the text’s own (UTF-16) offsets after characters outside the BMP', async () => {
    const text = 'Buses 🚌 are good. The goverment agrees.';
    const [issue] = await languageIssues(text);
    expect(issue).toMatchObject({ kind: 'spelling', excerpt: 'goverment' });
    expect(text.slice(issue!.start, issue!.end)).toBe('goverment');
    const repeated = 'Trains 🚆 are are fast.';
    const [grammar] = await languageIssues(repeated);
    expect(grammar).toMatchObject({ kind: 'grammar' });
    expect(repeated.slice(grammar!.start, grammar!.end)).toBe(grammar!.excerpt);
    expect(grammar!.excerpt).toContain('are');
  });
});

/** A model's reply made into a draft: bands on the rubric's scale, its overall rule, quotes checked. */
describe('draftOfReply', () => {
  const text = 'Cars is bad for cities. Public transport reduces pollution.';
  const evidence = (quote: string) => [{ quote, comment: 'Agreement error.', correction: 'Cars are bad.' }];
  const reply = (bands: number[], quote = 'Cars is bad for cities.') => ({
    criteria: RUBRICS.ielts_writing.criteria.map((criterion, index) => ({
      criterion,
      band: bands[index]!,
      evidence: index === 3 ? evidence(quote) : [],
    })),
    summary: 'A short answer with a clear position.',
  });

  it('rounds bands to the rubric’s steps and the overall by IELTS rounding; keeps quotes found', () => {
    const draft = draftOfReply(RUBRICS.ielts_writing, reply([6.4, 6, 6, 6.6]), text, 'm')!;
    // 6.4 → 6 and 6.6 → 7 on whole bands; (6 + 6 + 6 + 7) / 4 = 6.25 → 6.5.
    expect(draft.criteria).toEqual({
      task_response: 6,
      coherence_cohesion: 6,
      lexical_resource: 6,
      grammatical_range: 7,
    });
    expect(draft.overall).toBe(6.5);
    expect(draft.evidence).toEqual([
      {
        criterion: 'grammatical_range',
        quote: 'Cars is bad for cities.',
        start: 0,
        end: 23,
        comment: 'Agreement error.',
        correction: 'Cars are bad.',
      },
    ]);
  });

  it('drops a quote not in the text, and refuses a reply missing a criterion or off the scale', () => {
    expect(
      draftOfReply(RUBRICS.ielts_writing, reply([6, 6, 6, 6], 'Cars are bad.'), text, 'm')!.evidence,
    ).toEqual([]);
    expect(draftOfReply(RUBRICS.ielts_writing, reply([6, 6, 6, 42]), text, 'm')).toBeNull();
    const missing = reply([6, 6, 6, 6]);
    missing.criteria.pop();
    expect(draftOfReply(RUBRICS.ielts_writing, missing, text, 'm')).toBeNull();
  });
});
