import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { escapeXml, MalformedFileError } from './model';

/** A small ordered XML tree: elements keep their mixed content, names lose namespace prefixes. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  removeNSPrefix: true,
  htmlEntities: true,
});

type RawNode = Record<string, unknown> & { ':@'?: Record<string, string> };

function convert(raw: RawNode[]): XmlNode[] {
  const nodes: XmlNode[] = [];
  for (const node of raw) {
    for (const [key, value] of Object.entries(node)) {
      if (key === ':@') continue;
      if (key === '#text') nodes.push(String(value));
      else if (!key.startsWith('?') && !key.startsWith('!'))
        nodes.push({ name: key, attrs: node[':@'] ?? {}, children: convert(value as RawNode[]) });
    }
  }
  return nodes;
}

/** Parses XML into a document element named "#document"; broken XML throws naming the line and column. */
export function parseXml(text: string, what = 'the XML'): XmlElement {
  const body = text.replace(/^\uFEFF/, '');
  const valid = XMLValidator.validate(body, { allowBooleanAttributes: true });
  if (valid !== true) {
    throw new MalformedFileError(
      `${what} is not well-formed XML: line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}`,
    );
  }
  return { name: '#document', attrs: {}, children: convert(parser.parse(body) as RawNode[]) };
}

export const isElement = (node: XmlNode | undefined): node is XmlElement => typeof node === 'object';

/** Direct child elements, optionally of one name. */
export function children(element: XmlElement, name?: string): XmlElement[] {
  return element.children.filter(
    (child): child is XmlElement => isElement(child) && (!name || child.name === name),
  );
}

/** All descendant elements of a name, in document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (node: XmlElement) => {
    for (const child of children(node)) {
      if (child.name === name) found.push(child);
      walk(child);
    }
  };
  walk(element);
  return found;
}

export const find = (element: XmlElement, name: string): XmlElement | undefined => findAll(element, name)[0];

export const child = (element: XmlElement, name: string): XmlElement | undefined =>
  children(element, name)[0];

export function textContent(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textContent).join('');
}

const VOID = new Set(['br', 'hr', 'img', 'col', 'area', 'source', 'wbr', 'input']);

/** The markup of a node, as XML (so as XHTML for HTML content). */
export function outerXml(node: XmlNode): string {
  if (typeof node === 'string') return escapeXml(node).replace(/&quot;/g, '"');
  const attrs = Object.entries(node.attrs)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join('');
  if (node.children.length === 0 && (VOID.has(node.name) || node.name.startsWith('qti-')))
    return `<${node.name}${attrs} />`;
  return `<${node.name}${attrs}>${node.children.map(outerXml).join('')}</${node.name}>`;
}

export const innerXml = (element: XmlElement) => element.children.map(outerXml).join('').trim();
