import { posix } from 'node:path';
import { IMPORT_KEYS } from '@prepwise/contract';
import { XMLValidator } from 'fast-xml-parser';
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { plainText } from '../../../lib/html';
import {
  escapeXml,
  type ItemNotice,
  type Keyed,
  LETTERS,
  MalformedFileError,
  type ParsedEntry,
  type ParsedGroup,
  type ParsedQuestion,
  type ParseResult,
} from '../model';
import {
  child,
  children,
  find,
  findAll,
  innerXml,
  isElement,
  parseXml,
  textContent,
  type XmlElement,
  type XmlNode,
} from '../xml';
import type { ExportEntry } from './moodle';
import { parseTfng } from './table';

// ---------------------------------------------------------------- QTI 2.1 → QTI 3.0 names

const QTI2_WORDS = new Set(['value', 'prompt', 'mapping']);
const kebab = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();

/** QTI 2.1 names (assessmentItem, responseIdentifier …) become their QTI 3.0 forms (qti-assessment-item …). */
function normalize(node: XmlNode): XmlNode {
  if (!isElement(node)) return node;
  const qti2 = /[A-Z]/.test(node.name) || QTI2_WORDS.has(node.name);
  const name = qti2 && !node.name.startsWith('qti-') ? `qti-${kebab(node.name)}` : node.name;
  const attrs =
    node.name.startsWith('qti-') || !qti2
      ? node.attrs
      : Object.fromEntries(Object.entries(node.attrs).map(([key, value]) => [kebab(key), value]));
  return { name, attrs, children: node.children.map(normalize) };
}

const INTERACTIONS = new Set([
  'qti-choice-interaction',
  'qti-text-entry-interaction',
  'qti-extended-text-interaction',
  'qti-order-interaction',
  'qti-match-interaction',
]);

/** Identifiers become option keys: kept when short, `K_x` written by the exporter turns back into `x`. */
function keysFor(identifiers: string[]): Map<string, string> {
  const plain = identifiers.map((id) => (id.startsWith('K_') ? id.slice(2) : id));
  const usable = plain.every((id) => id.length > 0 && id.length <= 8) && new Set(plain).size === plain.length;
  return new Map(
    identifiers.map((id, index) => [id, usable ? plain[index]! : (LETTERS[index] ?? String(index + 1))]),
  );
}

const classes = (element: XmlElement) => (element.attrs.class ?? '').split(/\s+/);

/** The item body without interactions (a text entry becomes a blank), prompts kept: the stem of a foreign item. */
function stemWithout(element: XmlElement): XmlElement {
  const out: XmlNode[] = [];
  for (const node of element.children) {
    if (!isElement(node)) out.push(node);
    else if (node.name === 'qti-text-entry-interaction') out.push('______');
    else if (INTERACTIONS.has(node.name)) {
      const prompt = child(node, 'qti-prompt');
      if (prompt) out.push({ name: 'p', attrs: {}, children: prompt.children });
    } else if (node.name === 'qti-rubric-block' || node.name.startsWith('qti-')) {
    } else out.push(stemWithout(node));
  }
  return { ...element, children: out };
}

function contentBody(element: XmlElement) {
  const body = child(element, 'qti-content-body');
  return innerXml(body ?? element);
}

interface ItemRead {
  question?: ParsedQuestion;
  problems: ParsedEntry['problems'];
  stimulus?: { identifier: string; href: string | null; title: string | null };
}

function readItem(raw: XmlElement, location: string): ItemRead {
  const item = normalize(raw) as XmlElement;
  const problems: ParsedEntry['problems'] = [];
  const fail = (field: string, key: string, message: string): ItemRead => {
    problems.push({ field, key, message: `${location}: ${message}` });
    return { problems };
  };
  const responses = new Map(
    children(item, 'qti-response-declaration').map((declaration) => {
      const correct = child(declaration, 'qti-correct-response');
      const mapping = child(declaration, 'qti-mapping');
      const entries = mapping
        ? children(mapping, 'qti-map-entry').map((entry) => ({
            key: entry.attrs['map-key'] ?? '',
            value: Number(entry.attrs['mapped-value'] ?? 1),
          }))
        : [];
      return [
        declaration.attrs.identifier ?? '',
        {
          values: correct ? children(correct, 'qti-value').map((value) => textContent(value).trim()) : [],
          mapped: entries.filter((entry) => entry.value > 0).map((entry) => entry.key),
          credits: entries.filter((entry) => entry.value > 0),
          cardinality: declaration.attrs.cardinality ?? 'single',
        },
      ];
    }),
  );
  const body = child(item, 'qti-item-body');
  if (!body) return fail('stem', IMPORT_KEYS.malformedFile, 'the item has no item body');
  const unknown = allInteractions(body).find((name) => !INTERACTIONS.has(name));
  if (unknown === 'qti-inline-choice-interaction')
    return fail(
      'type',
      IMPORT_KEYS.inlineChoiceUnsupported,
      'an inline choice (a drop-down inside the text) is not supported, so the item is not imported',
    );
  if (unknown)
    return fail('type', IMPORT_KEYS.unsupportedQuestion, `the interaction "${unknown}" is not supported`);
  const interactions = collect(body);
  if (interactions.length === 0) {
    const other = collectAny(body);
    return fail(
      'type',
      IMPORT_KEYS.unsupportedQuestion,
      other
        ? `the interaction "${other}" is not supported`
        : 'the item has no choice, text entry, extended text, order or match interaction',
    );
  }
  if (interactions.length > 1)
    return fail('type', IMPORT_KEYS.unsupportedQuestion, 'only one interaction per item is supported');
  const interaction = interactions[0]!;
  const response = responses.get(interaction.attrs['response-identifier'] ?? '') ?? {
    values: [],
    mapped: [],
    credits: [],
    cardinality: 'single',
  };
  // A mapping that gives some responses less than the most (half credit …) cannot be kept: refuse it.
  const best = Math.max(0, ...response.credits.map((credit) => credit.value));
  const lesser = response.credits.find((credit) => credit.value < best);
  const multipleShares =
    interaction.name === 'qti-choice-interaction' &&
    response.cardinality === 'multiple' &&
    lesser === undefined;
  if (lesser && !multipleShares)
    return fail(
      'answer',
      IMPORT_KEYS.partialCredit,
      `the response "${lesser.key}" is worth ${lesser.value} of ${best}: Prepwise has no partial credit, so the item is not imported`,
    );
  if (
    interaction.name === 'qti-choice-interaction' &&
    response.credits.length > 0 &&
    response.values.length > 0 &&
    (response.credits.length !== response.values.length ||
      response.credits.some((credit) => !response.values.includes(credit.key)))
  )
    return fail(
      'answer',
      IMPORT_KEYS.partialCredit,
      'the mapping gives credit to other choices than the correct response: Prepwise has no partial credit, so the item is not imported',
    );
  const otherFeedback =
    children(item, 'qti-modal-feedback').some(
      (f) =>
        !['explanation', 'explanation_vi', 'explanation_en'].includes(
          (f.attrs.identifier ?? '').toLowerCase(),
        ),
    ) ||
    findAll(body, 'qti-feedback-inline').length > 0 ||
    findAll(body, 'qti-feedback-block').length > 0;
  const warnings: ItemNotice[] = otherFeedback
    ? [
        {
          key: IMPORT_KEYS.feedbackNotKept,
          message: `${location}: feedback shown for particular responses is not kept`,
        },
      ]
    : [];
  const itemTitle = (item.attrs.title ?? '').trim();
  const stemDiv = findAll(body, 'div').find((div) => classes(div).includes('prepwise-stem'));
  const stem = stemDiv ? innerXml(stemDiv) : innerXml(stemWithout(body));
  const feedback = (id: string) => {
    const found = children(item, 'qti-modal-feedback').find(
      (f) => (f.attrs.identifier ?? '').toLowerCase() === id,
    );
    return found ? contentBody(found) || null : null;
  };
  const ref = child(item, 'qti-assessment-stimulus-ref');
  const base = {
    stem,
    options: [] as Keyed[],
    items: [] as Keyed[],
    explanation_vi: feedback('explanation_vi'),
    explanation_en: feedback('explanation_en') ?? feedback('explanation'),
    tags: [],
    level: null,
    location,
    // Our own export titles an item by the start of its text: that is no title worth keeping.
    title:
      itemTitle && itemTitle !== item.attrs.identifier && !plainText(stem).startsWith(itemTitle)
        ? itemTitle.slice(0, 500)
        : null,
    warnings,
  };
  const read = (question: Omit<ParsedQuestion, keyof typeof base> & Partial<ParsedQuestion>): ItemRead => ({
    problems,
    question: { ...base, ...question },
    stimulus: ref
      ? {
          identifier: ref.attrs.identifier ?? '',
          href: ref.attrs.href ?? null,
          title: ref.attrs.title ?? null,
        }
      : undefined,
  });
  const missing = () => fail('answer', IMPORT_KEYS.missingAnswer, 'the item has no correct response');
  switch (interaction.name) {
    case 'qti-choice-interaction':
    case 'qti-order-interaction': {
      const choices = children(interaction, 'qti-simple-choice');
      const keys = keysFor(choices.map((choice) => choice.attrs.identifier ?? ''));
      const options = choices.map((choice) => ({
        key: keys.get(choice.attrs.identifier ?? '')!,
        content: innerXml(choice),
      }));
      const values = response.values.map((value) => keys.get(value) ?? value);
      if (values.length === 0) return missing();
      if (interaction.name === 'qti-order-interaction')
        return read({ kind: 'ordering', options, answer: { order: values } });
      const max = Number(interaction.attrs['max-choices'] ?? 1);
      const multiple = response.cardinality === 'multiple' || max !== 1;
      const truth = options.map((option) => parseTfng(plainText(option.content)));
      const tfng =
        classes(interaction).includes('prepwise-tfng') ||
        (!multiple &&
          // Only True / False / Not Given: a two-option true/false stays a single choice.
          options.length === 3 &&
          truth.every(Boolean) &&
          new Set(truth).size === options.length &&
          truth.includes('true') &&
          truth.includes('false'));
      if (tfng) {
        const value = truth[options.findIndex((option) => option.key === values[0])];
        if (!value) return missing();
        return read({ kind: 'true_false_not_given', answer: { value } });
      }
      return multiple
        ? read({ kind: 'multiple_choice', options, answer: { keys: values } })
        : read({ kind: 'single_choice', options, answer: { key: values[0] } });
    }
    case 'qti-text-entry-interaction': {
      const accepted = [...new Set([...response.values, ...response.mapped].filter(Boolean))];
      if (accepted.length === 0) return missing();
      const marked = classes(interaction);
      const kind = marked.includes('prepwise-short-answer')
        ? 'short_answer'
        : marked.includes('prepwise-gap-fill') || inlineInText(body, interaction)
          ? 'gap_fill'
          : 'short_answer';
      return read({ kind, answer: { accepted } });
    }
    case 'qti-extended-text-interaction': {
      const rubric = findAll(body, 'qti-rubric-block').find((block) =>
        (block.attrs.view ?? '').includes('scorer'),
      );
      const guidance = rubric ? textContent(rubric).trim() : '';
      return read({ kind: 'essay', answer: guidance ? { guidance } : null });
    }
    default: {
      const sets = children(interaction, 'qti-simple-match-set');
      if (sets.length !== 2)
        return fail('items', IMPORT_KEYS.malformedFile, 'a match interaction needs two match sets');
      const [itemChoices, optionChoices] = sets.map((set) => children(set, 'qti-simple-associable-choice'));
      const itemKeys = keysFor(itemChoices!.map((choice) => choice.attrs.identifier ?? ''));
      const optionKeys = keysFor(optionChoices!.map((choice) => choice.attrs.identifier ?? ''));
      const pairs: Record<string, string> = {};
      for (const value of response.values) {
        const [from, to] = value.split(/\s+/);
        pairs[itemKeys.get(from ?? '') ?? from ?? ''] = optionKeys.get(to ?? '') ?? to ?? '';
      }
      if (Object.keys(pairs).length === 0) return missing();
      return read({
        kind: 'matching',
        items: itemChoices!.map((choice) => ({
          key: itemKeys.get(choice.attrs.identifier ?? '')!,
          content: innerXml(choice),
        })),
        options: optionChoices!.map((choice) => ({
          key: optionKeys.get(choice.attrs.identifier ?? '')!,
          content: innerXml(choice),
        })),
        answer: { pairs },
      });
    }
  }
}

function collect(element: XmlElement): XmlElement[] {
  return children(element).flatMap((node) => (INTERACTIONS.has(node.name) ? [node] : collect(node)));
}
/** The names of every interaction in the body, known or not. */
function allInteractions(element: XmlElement): string[] {
  return children(element).flatMap((node) => [
    ...(node.name.endsWith('-interaction') ? [node.name] : []),
    ...allInteractions(node),
  ]);
}
function collectAny(element: XmlElement): string | null {
  return (
    children(element)
      .map((node) => (node.name.endsWith('-interaction') ? node.name : collectAny(node)))
      .find(Boolean) ?? null
  );
}

/** A text entry inside a paragraph with text around it is a gap in a sentence. */
function inlineInText(body: XmlElement, interaction: XmlElement): boolean {
  const parentOf = (node: XmlElement): XmlElement | null => {
    for (const candidate of [
      body,
      ...findAll(body, 'p'),
      ...findAll(body, 'div'),
      ...findAll(body, 'span'),
      ...findAll(body, 'li'),
    ])
      if (candidate.children.includes(interaction) && candidate !== node) return candidate;
    return null;
  };
  const parent = parentOf(interaction);
  return (
    !!parent && parent !== body && parent.children.some((node) => typeof node === 'string' && node.trim())
  );
}

// ---------------------------------------------------------------- files and packages

interface Stimulus {
  title: string | null;
  passage: string | null;
}

function readStimulus(xml: string, path: string): Stimulus | null {
  const root = normalize(parseXml(xml, path)) as XmlElement;
  const stimulus = find(root, 'qti-assessment-stimulus');
  if (!stimulus) return null;
  const body = child(stimulus, 'qti-stimulus-body');
  return { title: stimulus.attrs.title ?? null, passage: body ? innerXml(body) || null : null };
}

function itemsToEntries(
  files: { path: string; xml: string; tags?: string[] }[],
  stimuli: Map<string, Stimulus>,
  warnings: string[],
): ParsedEntry[] {
  const entries: ParsedEntry[] = [];
  let open: { key: string; entry: ParsedEntry; group: ParsedGroup } | null = null;
  files.forEach(({ path, xml, tags = [] }, index) => {
    const root = normalize(parseXml(xml, path)) as XmlElement;
    const item = find(root, 'qti-assessment-item');
    if (!item) {
      warnings.push(`${path}: not an assessment item; skipped`);
      return;
    }
    const location = `item ${index + 1} "${item.attrs.identifier ?? path}"`;
    const read = readItem(item, location);
    if (read.stimulus) {
      const target = read.stimulus.href
        ? posix.normalize(posix.join(posix.dirname(path), read.stimulus.href))
        : '';
      const key = target || read.stimulus.identifier;
      if (!open || open.key !== key) {
        const stimulus = stimuli.get(target);
        if (!stimulus)
          warnings.push(
            `${location}: the shared stimulus ${read.stimulus.href ?? read.stimulus.identifier} is missing`,
          );
        const group: ParsedGroup = {
          title: stimulus?.title ?? read.stimulus.title ?? read.stimulus.identifier,
          passage: stimulus?.passage ?? null,
          // The group's tags ride on each of its items (see keywordsMetadata).
          tags,
          level: null,
          questions: [],
        };
        const entry: ParsedEntry = { location, problems: [], group };
        entries.push(entry);
        open = { key, entry, group };
      }
      const prefix = `questions.${open.group.questions.length}.`;
      if (read.question) open.group.questions.push(read.question);
      open.entry.problems.push(...read.problems.map((p) => ({ ...p, field: `${prefix}${p.field}` })));
      return;
    }
    open = null;
    if (read.question && tags.length > 0) read.question.tags = [...read.question.tags, ...tags];
    entries.push({ location, problems: read.problems, question: read.question });
  });
  return entries;
}

const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b;

/** QTI 3.0 or 2.1: one item XML file, or a content package (.zip with imsmanifest.xml). */
export function parseQti(bytes: Uint8Array): ParseResult {
  const warnings: string[] = [];
  if (!isZip(bytes)) {
    const xml = new TextDecoder('utf-8').decode(bytes);
    return { entries: itemsToEntries([{ path: 'item.xml', xml }], new Map(), warnings), warnings };
  }
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes);
  } catch {
    throw new MalformedFileError('the zip archive cannot be read');
  }
  const text = (path: string) => (files[path] ? strFromU8(files[path]!) : null);
  const manifestPath = Object.keys(files).find((path) => posix.basename(path) === 'imsmanifest.xml');
  let itemPaths: string[];
  let stimulusPaths: string[];
  const tagsByPath = new Map<string, string[]>();
  if (manifestPath) {
    const base = posix.dirname(manifestPath);
    const resources = findAll(parseXml(text(manifestPath)!, 'imsmanifest.xml'), 'resource');
    const pathOf = (resource: XmlElement) => posix.normalize(posix.join(base, resource.attrs.href ?? ''));
    itemPaths = resources.filter((r) => /item/i.test(r.attrs.type ?? '')).map(pathOf);
    for (const resource of resources) {
      const keywords = findAll(resource, 'keyword')
        .map((keyword) => textContent(keyword).trim())
        .filter(Boolean);
      if (keywords.length > 0) tagsByPath.set(pathOf(resource), keywords);
    }
    stimulusPaths = resources.filter((r) => /stimulus/i.test(r.attrs.type ?? '')).map(pathOf);
  } else {
    const xmlPaths = Object.keys(files)
      .filter((path) => path.endsWith('.xml'))
      .sort();
    itemPaths = xmlPaths.filter((path) => /assessmentItem|qti-assessment-item/.test(text(path) ?? ''));
    stimulusPaths = xmlPaths.filter((path) =>
      /assessmentStimulus|qti-assessment-stimulus/.test(text(path) ?? ''),
    );
  }
  const stimuli = new Map<string, Stimulus>();
  for (const path of stimulusPaths) {
    const xml = text(path);
    const stimulus = xml ? readStimulus(xml, path) : null;
    if (stimulus) stimuli.set(path, stimulus);
  }
  const itemFiles = itemPaths.flatMap((path) => {
    const xml = text(path);
    if (xml === null) warnings.push(`${path} is listed in the manifest but missing from the package`);
    return xml === null ? [] : [{ path, xml, tags: tagsByPath.get(path) ?? [] }];
  });
  if (itemFiles.length === 0) throw new MalformedFileError('the package holds no QTI assessment item');
  return { entries: itemsToEntries(itemFiles, stimuli, warnings), warnings };
}

// ---------------------------------------------------------------- writing QTI 3.0

const NS =
  'xmlns="http://www.imsglobal.org/xsd/imsqtiasi_v3p0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.imsglobal.org/xsd/imsqtiasi_v3p0 https://purl.imsglobal.org/spec/qti/v3p0/schema/xsd/imsqti_asiv3p0_v1p0.xsd"';
const TEMPLATE = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates/match_correct.xml';

const idOf = (key: string) =>
  /^[A-Za-z_][A-Za-z0-9_.-]*$/.test(key) && !key.startsWith('K_') ? key : `K_${key}`;

/** Stored rich text as XHTML; text that is not well-formed is escaped instead. */
function xhtml(html: string) {
  return XMLValidator.validate(`<x>${html}</x>`) === true ? html : escapeXml(plainText(html));
}

function itemXml(
  question: ParsedQuestion,
  identifier: string,
  stimulus: { id: string; href: string; title: string } | null,
) {
  const a = (question.answer ?? {}) as Record<string, unknown>;
  let declaration = '';
  let interaction = '';
  const choices = (tag: string) =>
    question.options
      .map((option) => `<${tag} identifier="${idOf(option.key)}">${xhtml(option.content)}</${tag}>`)
      .join('');
  const values = (list: string[]) =>
    list.map((value) => `<qti-value>${escapeXml(value)}</qti-value>`).join('');
  const declare = (cardinality: string, baseType: string, correct: string[]) =>
    `<qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${baseType}"><qti-correct-response>${values(correct)}</qti-correct-response></qti-response-declaration>`;
  switch (question.kind) {
    case 'single_choice':
      declaration = declare('single', 'identifier', [idOf(String(a.key))]);
      interaction = `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1">${choices('qti-simple-choice')}</qti-choice-interaction>`;
      break;
    case 'multiple_choice':
      declaration = declare('multiple', 'identifier', ((a.keys as string[]) ?? []).map(idOf));
      interaction = `<qti-choice-interaction response-identifier="RESPONSE" max-choices="0">${choices('qti-simple-choice')}</qti-choice-interaction>`;
      break;
    case 'true_false_not_given':
      declaration = declare('single', 'identifier', [String(a.value)]);
      interaction = `<qti-choice-interaction response-identifier="RESPONSE" max-choices="1" class="prepwise-tfng"><qti-simple-choice identifier="true">True</qti-simple-choice><qti-simple-choice identifier="false">False</qti-simple-choice><qti-simple-choice identifier="not_given">Not Given</qti-simple-choice></qti-choice-interaction>`;
      break;
    case 'gap_fill':
    case 'short_answer': {
      const accepted = (a.accepted as string[]) ?? [];
      declaration = `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"><qti-correct-response>${values(accepted.slice(0, 1))}</qti-correct-response><qti-mapping default-value="0">${accepted
        .map(
          (value) => `<qti-map-entry map-key="${escapeXml(value)}" mapped-value="1" case-sensitive="false"/>`,
        )
        .join('')}</qti-mapping></qti-response-declaration>`;
      interaction = `<p><qti-text-entry-interaction response-identifier="RESPONSE" class="prepwise-${question.kind === 'gap_fill' ? 'gap-fill' : 'short-answer'}"/></p>`;
      break;
    }
    case 'ordering':
      declaration = declare('ordered', 'identifier', ((a.order as string[]) ?? []).map(idOf));
      interaction = `<qti-order-interaction response-identifier="RESPONSE">${choices('qti-simple-choice')}</qti-order-interaction>`;
      break;
    case 'matching': {
      const pairs = Object.entries((a.pairs as Record<string, string>) ?? {});
      declaration = declare(
        'multiple',
        'directedPair',
        pairs.map(([item, option]) => `${idOf(item)} ${idOf(option)}`),
      );
      const set = (list: Keyed[], max: number) =>
        `<qti-simple-match-set>${list
          .map(
            (entry) =>
              `<qti-simple-associable-choice identifier="${idOf(entry.key)}" match-max="${max}">${xhtml(entry.content)}</qti-simple-associable-choice>`,
          )
          .join('')}</qti-simple-match-set>`;
      interaction = `<qti-match-interaction response-identifier="RESPONSE" max-associations="${question.items.length}">${set(question.items, 1)}${set(question.options, 0)}</qti-match-interaction>`;
      break;
    }
    case 'essay': {
      declaration = `<qti-response-declaration identifier="RESPONSE" cardinality="single" base-type="string"/>`;
      const guidance = typeof a.guidance === 'string' && a.guidance ? a.guidance : '';
      interaction = `${guidance ? `<qti-rubric-block view="scorer" use="scoring"><qti-content-body><p>${escapeXml(guidance)}</p></qti-content-body></qti-rubric-block>` : ''}<qti-extended-text-interaction response-identifier="RESPONSE" expected-lines="15"/>`;
      break;
    }
  }
  const feedback = (id: string, html: string | null) =>
    html
      ? `<qti-modal-feedback outcome-identifier="FEEDBACK" identifier="${id}" show-hide="show"><qti-content-body>${xhtml(html)}</qti-content-body></qti-modal-feedback>`
      : '';
  const title = escapeXml(plainText(question.stem).slice(0, 80) || identifier);
  return `<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-item ${NS} identifier="${identifier}" title="${title}" adaptive="false" time-dependent="false" xml:lang="en">
${declaration}
<qti-outcome-declaration identifier="SCORE" cardinality="single" base-type="float"><qti-default-value><qti-value>0</qti-value></qti-default-value></qti-outcome-declaration>
<qti-outcome-declaration identifier="FEEDBACK" cardinality="multiple" base-type="identifier"/>
${stimulus ? `<qti-assessment-stimulus-ref identifier="${stimulus.id}" href="${stimulus.href}" title="${escapeXml(stimulus.title)}"/>` : ''}
<qti-item-body><div class="prepwise-stem">${xhtml(question.stem)}</div>${interaction}</qti-item-body>
${question.kind === 'essay' ? '' : `<qti-response-processing template="${TEMPLATE}"/>`}
${feedback('explanation_vi', question.explanation_vi)}${feedback('explanation_en', question.explanation_en)}
</qti-assessment-item>
`;
}

/**
 * Tags travel as the item resource's IEEE LOM keywords in the manifest (QTI 3 items have no tag of
 * their own; LOM is the metadata content packages carry), and are read back from there.
 */
const LOM_NS = 'http://ltsc.ieee.org/xsd/LOM';
function keywordsMetadata(tags: string[]): string {
  if (tags.length === 0) return '';
  const keywords = tags.map((tag) => `<keyword><string>${escapeXml(tag)}</string></keyword>`).join('');
  return `<metadata><lom xmlns="${LOM_NS}"><general>${keywords}</general></lom></metadata>`;
}

/** A QTI 3.0 content package: imsmanifest.xml, one file per item, one shared stimulus per group. */
export function writeQti3(entries: ExportEntry[]): Uint8Array {
  const files: Record<string, Uint8Array> = {};
  const resources: string[] = [];
  let itemCount = 0;
  const addItem = (
    question: ParsedQuestion,
    stimulus: { id: string; title: string } | null,
    tags: string[],
  ) => {
    itemCount++;
    const id = `item-${String(itemCount).padStart(4, '0')}`;
    const href = `items/${id}.xml`;
    files[href] = strToU8(
      itemXml(question, id, stimulus ? { ...stimulus, href: `../stimuli/${stimulus.id}.xml` } : null),
    );
    resources.push(
      `<resource identifier="${id}" type="imsqti_item_xmlv3p0" href="${href}">${keywordsMetadata(tags)}<file href="${href}"/>${stimulus ? `<dependency identifierref="${stimulus.id}"/>` : ''}</resource>`,
    );
  };
  entries.forEach((entry, index) => {
    if (entry.type === 'question') {
      addItem(entry.question, null, entry.question.tags);
      return;
    }
    const id = `stimulus-${String(index + 1).padStart(4, '0')}`;
    const href = `stimuli/${id}.xml`;
    files[href] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<qti-assessment-stimulus ${NS} identifier="${id}" title="${escapeXml(entry.group.title)}" xml:lang="en">
<qti-stimulus-body>${xhtml(entry.group.passage ?? '')}</qti-stimulus-body>
</qti-assessment-stimulus>
`);
    resources.push(
      `<resource identifier="${id}" type="imsqti_stimulus_xmlv3p0" href="${href}"><file href="${href}"/></resource>`,
    );
    for (const question of entry.group.questions)
      addItem(question, { id, title: entry.group.title }, entry.group.tags);
  });
  files['imsmanifest.xml'] = strToU8(`<?xml version="1.0" encoding="UTF-8"?>
<manifest xmlns="http://www.imsglobal.org/xsd/qti/qtiv3p0/imscp_v1p1" identifier="prepwise-export">
<metadata><schema>QTI Package</schema><schemaversion>3.0.0</schemaversion></metadata>
<organizations/>
<resources>
${resources.join('\n')}
</resources>
</manifest>
`);
  return zipSync(files, { level: 6 });
}
