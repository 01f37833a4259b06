/**
 * A small XML writer for the documents the portal answers (the OAI-PMH repository,
 * issue 24 item 7; decision record 054): elements, attributes and text, escaped, with
 * namespaces declared as plain `xmlns` attributes. Written here rather than taken
 * from a library because the XML libraries that build documents (xmlbuilder2 with its
 * DOM) added about 330 KB to the search function's bundle, which every search's cold
 * start would pay; what it writes is checked against the XML schemas in the tests.
 */

// Characters XML 1.0 does not allow (§2.2): C0 controls other than tab, LF and CR,
// U+FFFE, U+FFFF and unpaired surrogates. They are dropped from text and attributes.
const NOT_XML = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `value` as XML character data: `&`, `<` and `>` escaped, characters XML does not allow dropped. */
export function xmlText(value: string): string {
  return value.replace(NOT_XML, '').replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** `value` as a double-quoted attribute value: as {@link xmlText}, plus `"` and white space kept by character references. */
export function xmlAttribute(value: string): string {
  return xmlText(value).replace(/"/g, '&quot;').replace(/\t/g, '&#9;').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;');
}

const NAME = /^[A-Za-z_][A-Za-z0-9_.-]*(:[A-Za-z_][A-Za-z0-9_.-]*)?$/;

/** One element being written: its attributes in the order given, then its children. */
export class XmlElement {
  private readonly children: (XmlElement | string)[] = [];
  private readonly attributes: string;

  /** @throws Error for an element or attribute name that is not a (prefixed) XML name. */
  constructor(
    readonly name: string,
    attributes: Readonly<Record<string, string>> = {},
  ) {
    if (!NAME.test(name)) throw new Error(`"${name}" is not an XML element name.`);
    this.attributes = Object.entries(attributes)
      .map(([key, value]) => {
        if (!NAME.test(key)) throw new Error(`"${key}" is not an XML attribute name.`);
        return ` ${key}="${xmlAttribute(value)}"`;
      })
      .join('');
  }

  /** Appends a child element and returns it. */
  ele(name: string, attributes?: Readonly<Record<string, string>>): XmlElement {
    const child = new XmlElement(name, attributes);
    this.children.push(child);
    return child;
  }

  /** Appends text; returns this element. */
  txt(value: string): this {
    this.children.push(xmlText(value));
    return this;
  }

  /** The element as XML (an element without children is written `<name/>`). */
  toString(): string {
    const parts: string[] = [];
    this.write(parts);
    return parts.join('');
  }

  /** Appends the element's XML to `parts` (one pass, whatever the depth). */
  private write(parts: string[]): void {
    if (this.children.length === 0) {
      parts.push(`<${this.name}${this.attributes}/>`);
      return;
    }
    parts.push(`<${this.name}${this.attributes}>`);
    for (const child of this.children) {
      if (typeof child === 'string') parts.push(child);
      else child.write(parts);
    }
    parts.push(`</${this.name}>`);
  }
}

/** A whole document, UTF-8, with `root` as its element. */
export function xmlDocument(root: XmlElement): string {
  return `<?xml version="1.0" encoding="UTF-8"?>${root.toString()}`;
}
