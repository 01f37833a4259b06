import { XMLBuilder } from 'fast-xml-parser';

/**
 * The element tree of the XML documents the portal answers (the OAI-PMH repository,
 * issue 24 item 7; decision record 054), written out by fast-xml-parser's XMLBuilder,
 * which escapes text and attributes (its builder is 22 KB minified; xmlbuilder2 with
 * its DOM added about 330 KB to the search function, which every search's cold start
 * would pay). Namespaces are declared as plain `xmlns` attributes; element order is
 * kept as appended, which the OAI-PMH schema requires.
 */

// Characters XML 1.0 does not allow (§2.2): C0 controls other than tab, LF and CR,
// U+FFFE, U+FFFF and unpaired surrogates. They are dropped from text and attributes.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `value` without the characters XML 1.0 does not allow (what a stored text may hold but no XML document can). */
export function xmlSafe(value: string): string {
  return value.replace(NOT_XML, '');
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(:[A-Za-z_][A-Za-z0-9_.-]*)?$/;

/** A node in fast-xml-parser's ordered form: `{ name: children, ':@': { '@_attr': value } }` or `{ '#text': text }`. */
type OrderedNode = Record<string, unknown>;

/** Writes the ordered tree; an element without children is written `<name/>`. */
const BUILDER = new XMLBuilder({ preserveOrder: true, ignoreAttributes: false, suppressEmptyNode: true });

/** One element being built: its attributes in the order given, then its children in the order appended. */
export class XmlElement {
  private readonly children: OrderedNode[] = [];
  private readonly node: OrderedNode;

  /** @throws Error for an element or attribute name that is not a (prefixed) XML name. */
  constructor(
    readonly name: string,
    attributes: Readonly<Record<string, string>> = {},
  ) {
    if (!NAME.test(name)) throw new Error(`"${name}" is not an XML element name.`);
    const entries = Object.entries(attributes).map(([key, value]) => {
      if (!NAME.test(key)) throw new Error(`"${key}" is not an XML attribute name.`);
      return [`@_${key}`, xmlSafe(value)] as const;
    });
    this.node = { [name]: this.children };
    if (entries.length > 0) this.node[':@'] = Object.fromEntries(entries);
  }

  /** Appends a child element and returns it. */
  ele(name: string, attributes?: Readonly<Record<string, string>>): XmlElement {
    const child = new XmlElement(name, attributes);
    this.children.push(child.node);
    return child;
  }

  /** Appends text (characters XML does not allow are dropped); returns this element. */
  txt(value: string): this {
    this.children.push({ '#text': xmlSafe(value) });
    return this;
  }

  /** The element as XML. */
  toString(): string {
    return BUILDER.build([this.node]) as string;
  }
}

/** A whole document, UTF-8, with `root` as its element. */
export function xmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${root.toString()}`;
}
