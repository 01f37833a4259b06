/**
 * A corpus of cross-site scripting vectors for the HTML the portal stores and shows
 * (issue 9 item 6): news and event descriptions, content descriptions and their
 * sections, CMS page section descriptions and contentBox widgets. Every payload, if
 * it ran, would call `window.__xss('<vector name>')` (from a frame: its parent's),
 * so a browser test can define that function, render the stored HTML and assert
 * that nothing called it. {@link executableConstructs} lists what in a DOM could
 * still run; it is self-contained, so a browser test can pass it to
 * `page.evaluate`.
 */

/** One vector: a unique kebab-case name (what the payload passes to `__xss`) and its HTML. */
export interface XssVector {
  readonly name: string;
  readonly html: string;
}

/** `window.__xss('<name>')`, the call every payload makes. */
const call = (name: string) => `window.__xss('${name}')`;

/** Base64 of ASCII text (Node and browsers both have `btoa`). */
const base64 = (text: string) => btoa(text);

/** Every character of `text` as a decimal HTML entity (`&#106;&#97;…`). */
const decimalEntities = (text: string) => [...text].map((char) => `&#${char.charCodeAt(0)};`).join('');

/** Every character as a zero-padded decimal entity without `;` (`&#0000106…`). */
const paddedEntities = (text: string) =>
  [...text].map((char) => `&#${String(char.charCodeAt(0)).padStart(7, '0')}`).join('');

/** Every character as a hexadecimal entity (`&#x6A;…`). */
const hexEntities = (text: string) => [...text].map((char) => `&#x${char.charCodeAt(0).toString(16)};`).join('');

const svgWithOnload = (name: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" onload="${call(name)}"><script>${call(name)}</script></svg>`;

/** The vectors, each one self-contained HTML. */
export const XSS_CORPUS: readonly XssVector[] = [
  // Script elements.
  { name: 'script-tag', html: `<script>${call('script-tag')}</script>` },
  { name: 'script-uppercase', html: `<SCRIPT type="text/javascript">${call('script-uppercase')}</SCRIPT>` },
  { name: 'script-src-data', html: `<script src="data:text/javascript,${call('script-src-data')}"></script>` },
  { name: 'script-unclosed', html: `<p>before</p><script>${call('script-unclosed')}` },
  { name: 'script-nested-split', html: `<scr<script>ipt>${call('script-nested-split')}</scr</script>ipt>` },
  { name: 'script-module', html: `<script type="module">${call('script-module')}</script>` },

  // Inline event handlers.
  { name: 'img-onerror', html: `<img src="x" onerror="${call('img-onerror')}">` },
  { name: 'img-onerror-slashes', html: `<img/src=x/onerror=${call('img-onerror-slashes')}>` },
  { name: 'img-onerror-uppercase', html: `<IMG SRC=x ONERROR="${call('img-onerror-uppercase')}">` },
  {
    name: 'img-onerror-entities',
    html: `<img src=x onerror="${decimalEntities(call('img-onerror-entities'))}">`,
  },
  { name: 'img-onload', html: `<img src="/favicon.svg" onload="${call('img-onload')}" alt="">` },
  { name: 'body-onload', html: `<body onload="${call('body-onload')}"><p>body</p></body>` },
  { name: 'div-onmouseover', html: `<div onmouseover="${call('div-onmouseover')}">hover over me</div>` },
  { name: 'p-onclick', html: `<p onclick="${call('p-onclick')}">click me</p>` },
  { name: 'a-onfocus', html: `<a href="#x" onfocus="${call('a-onfocus')}" id="x">focus me</a>` },
  { name: 'input-autofocus', html: `<input autofocus onfocus="${call('input-autofocus')}">` },
  {
    name: 'custom-element-onfocus',
    html: `<x-el tabindex="0" autofocus onfocus="${call('custom-element-onfocus')}">x</x-el>`,
  },
  {
    name: 'details-ontoggle',
    html: `<details open ontoggle="${call('details-ontoggle')}"><summary>open</summary>text</details>`,
  },
  { name: 'marquee-onstart', html: `<marquee onstart="${call('marquee-onstart')}">moving</marquee>` },
  { name: 'video-source-onerror', html: `<video><source src="x" onerror="${call('video-source-onerror')}"></video>` },
  { name: 'audio-onerror', html: `<audio src="x" onerror="${call('audio-onerror')}"></audio>` },
  {
    name: 'table-foster-img',
    html: `<table><img src=x onerror="${call('table-foster-img')}"><tr><td>t</td></tr></table>`,
  },
  { name: 'button-onclick', html: `<button type="button" onclick="${call('button-onclick')}">press</button>` },

  // javascript:, data: and vbscript: addresses, plain and obfuscated.
  { name: 'a-javascript', html: `<a href="javascript:${call('a-javascript')}">link</a>` },
  { name: 'a-javascript-mixed-case', html: `<a href="JaVaScRiPt:${call('a-javascript-mixed-case')}">link</a>` },
  {
    name: 'a-javascript-decimal-entities',
    html: `<a href="${decimalEntities('javascript:')}${call('a-javascript-decimal-entities')}">link</a>`,
  },
  {
    name: 'a-javascript-padded-entities',
    html: `<a href="${paddedEntities('javascript:')}${call('a-javascript-padded-entities')}">link</a>`,
  },
  {
    name: 'a-javascript-hex-entities',
    html: `<a href="${hexEntities('javascript:')}${call('a-javascript-hex-entities')}">link</a>`,
  },
  {
    name: 'a-javascript-colon-entity',
    html: `<a href="javascript&colon;${call('a-javascript-colon-entity')}">link</a>`,
  },
  { name: 'a-javascript-tab', html: `<a href="java\tscript:${call('a-javascript-tab')}">link</a>` },
  { name: 'a-javascript-tab-entity', html: `<a href="jav&#x09;ascript:${call('a-javascript-tab-entity')}">link</a>` },
  {
    name: 'a-javascript-newline-entity',
    html: `<a href="java&#10;script:${call('a-javascript-newline-entity')}">link</a>`,
  },
  {
    name: 'a-javascript-leading-space',
    html: `<a href=" &#x20;&#14; javascript:${call('a-javascript-leading-space')}">link</a>`,
  },
  { name: 'a-javascript-unquoted', html: `<a href=javascript:${call('a-javascript-unquoted')}>link</a>` },
  { name: 'a-vbscript', html: `<a href="vbscript:${call('a-vbscript')}">link</a>` },
  {
    name: 'a-data-html',
    html: `<a href="data:text/html;base64,${base64(`<script>opener.${call('a-data-html')}</script>`)}">link</a>`,
  },
  {
    name: 'a-data-entities',
    html: `<a href="d&#97;ta:text/html,&lt;script&gt;opener.${call('a-data-entities')}&lt;/script&gt;">link</a>`,
  },
  { name: 'img-src-javascript', html: `<img src="javascript:${call('img-src-javascript')}" alt="">` },
  {
    name: 'img-src-data-svg',
    html: `<img alt="" src="data:image/svg+xml;base64,${base64(svgWithOnload('img-src-data-svg'))}">`,
  },
  {
    name: 'area-javascript',
    html: `<map name="m"><area shape="default" href="javascript:${call('area-javascript')}"></map><img usemap="#m" src="/favicon.svg" alt="map">`,
  },

  // SVG.
  { name: 'svg-onload', html: `<svg onload="${call('svg-onload')}"><rect width="10" height="10"></rect></svg>` },
  { name: 'svg-script', html: `<svg><script>${call('svg-script')}</script></svg>` },
  { name: 'svg-script-href', html: `<svg><script href="data:,${call('svg-script-href')}"></script></svg>` },
  {
    name: 'svg-foreignobject',
    html: `<svg><foreignObject width="100" height="100"><img src=x onerror="${call('svg-foreignobject')}"></foreignObject></svg>`,
  },
  {
    name: 'svg-use-data',
    html: `<svg><use href="data:image/svg+xml;base64,${base64(svgWithOnload('svg-use-data'))}#x"></use></svg>`,
  },
  {
    name: 'svg-xlink-href',
    html: `<svg><a xlink:href="javascript:${call('svg-xlink-href')}"><text x="10" y="20">svg link</text></a></svg>`,
  },
  {
    name: 'svg-animate-href',
    html: `<svg><a><animate attributeName="href" values="javascript:${call('svg-animate-href')}"/><text x="10" y="20">animated</text></a></svg>`,
  },
  {
    name: 'svg-animate-onbegin',
    html: `<svg><animate onbegin="${call('svg-animate-onbegin')}" attributeName="x" dur="1s"/></svg>`,
  },
  { name: 'svg-set-onload', html: `<svg><set attributeName="onload" to="${call('svg-set-onload')}"/></svg>` },

  // MathML.
  { name: 'math-href', html: `<math href="javascript:${call('math-href')}"><mi>x</mi></math>` },
  {
    name: 'math-maction',
    html: `<math><maction actiontype="statusline" xlink:href="javascript:${call('math-maction')}"><mtext>m</mtext></maction></math>`,
  },
  {
    name: 'math-mtext-link',
    html: `<math><mtext><a href="javascript:${call('math-mtext-link')}">math link</a></mtext></math>`,
  },
  {
    name: 'math-mglyph-style',
    html: `<math><mtext><table><mglyph><style><img src=x onerror="${call('math-mglyph-style')}"></style></mglyph></table></mtext></math>`,
  },

  // CSS.
  { name: 'style-attr-expression', html: `<p style="width: expression(${call('style-attr-expression')})">e</p>` },
  {
    name: 'style-attr-url-javascript',
    html: `<p style="background-image: url(javascript:${call('style-attr-url-javascript')})">u</p>`,
  },
  {
    name: 'style-attr-url-entities',
    html: `<p style="background: u&#114;l(&#106;avascript:${call('style-attr-url-entities')})">u</p>`,
  },
  { name: 'style-attr-binding', html: `<p style="-moz-binding: url(data:,${call('style-attr-binding')})">b</p>` },
  { name: 'style-tag-import', html: `<style>@import url("javascript:${call('style-tag-import')}");</style><p>i</p>` },
  {
    name: 'style-tag-url',
    html: `<style>p { background: url("javascript:${call('style-tag-url')}"); }</style><p>s</p>`,
  },
  {
    name: 'style-tag-breakout',
    html: `<style><img src=x onerror="${call('style-tag-breakout')}"></style><p>after style</p>`,
  },
  { name: 'style-closing-breakout', html: `<style></style><img src=x onerror="${call('style-closing-breakout')}">` },

  // Frames, plugins and document-level elements.
  { name: 'iframe-javascript', html: `<iframe src="javascript:parent.${call('iframe-javascript')}"></iframe>` },
  {
    name: 'iframe-srcdoc',
    html: `<iframe srcdoc="&lt;script&gt;parent.${call('iframe-srcdoc')}&lt;/script&gt;"></iframe>`,
  },
  {
    name: 'iframe-data',
    html: `<iframe src="data:text/html;base64,${base64(`<script>parent.${call('iframe-data')}</script>`)}"></iframe>`,
  },
  { name: 'object-javascript', html: `<object data="javascript:${call('object-javascript')}"></object>` },
  {
    name: 'object-data-html',
    html: `<object type="text/html" data="data:text/html;base64,${base64(`<script>parent.${call('object-data-html')}</script>`)}"></object>`,
  },
  { name: 'embed-javascript', html: `<embed src="javascript:${call('embed-javascript')}">` },
  {
    name: 'embed-svg',
    html: `<embed type="image/svg+xml" src="data:image/svg+xml;base64,${base64(svgWithOnload('embed-svg'))}">`,
  },
  {
    name: 'base-href',
    html: `<base href="javascript:${call('base-href')}//"><a href="relative">relative link</a>`,
  },
  {
    name: 'meta-refresh',
    html: `<meta http-equiv="refresh" content="0;url=javascript:${call('meta-refresh')}">`,
  },
  {
    name: 'link-stylesheet',
    html: `<link rel="stylesheet" href="javascript:${call('link-stylesheet')}"><link rel="import" href="data:text/html,&lt;script&gt;${call('link-stylesheet')}&lt;/script&gt;">`,
  },
  {
    name: 'form-action',
    html: `<form action="javascript:${call('form-action')}"><input name="q" value="x"><button>Send form</button></form>`,
  },
  {
    name: 'button-formaction',
    html: `<form><button formaction="javascript:${call('button-formaction')}">Send button</button></form>`,
  },
  { name: 'input-image-src', html: `<input type="image" src="x" onerror="${call('input-image-src')}">` },

  // Template and noscript tricks, mutation XSS, namespace confusion.
  { name: 'template-img', html: `<template><img src=x onerror="${call('template-img')}"></template>` },
  { name: 'template-script', html: `<template><script>${call('template-script')}</script></template>` },
  { name: 'noscript-img', html: `<noscript><img src=x onerror="${call('noscript-img')}"></noscript>` },
  {
    name: 'noscript-title-mxss',
    html: `<noscript><p title="</noscript><img src=x onerror=${call('noscript-title-mxss')}>"></noscript>`,
  },
  {
    name: 'textarea-title-mxss',
    html: `<textarea><p title="</textarea><img src=x onerror=${call('textarea-title-mxss')}>"></textarea>`,
  },
  {
    name: 'title-mxss',
    html: `<title><img title="</title><img src=x onerror=${call('title-mxss')}>"></title>`,
  },
  {
    name: 'xmp-mxss',
    html: `<xmp><p title="</xmp><img src=x onerror=${call('xmp-mxss')}>"></xmp>`,
  },
  {
    name: 'namespace-confusion',
    html: `<form><math><mtext></form><form><mglyph><style></math><img src onerror=${call('namespace-confusion')}>`,
  },
  {
    name: 'svg-style-mxss',
    html: `<svg></p><style><a id="</style><img src=1 onerror=${call('svg-style-mxss')}>">`,
  },
  {
    name: 'math-style-mxss',
    html: `<math><mi><style><img src=x onerror=${call('math-style-mxss')}></style></mi></math>`,
  },
  {
    name: 'select-style-mxss',
    html: `<select><style></select><img src=x onerror=${call('select-style-mxss')}></style></select>`,
  },
  { name: 'comment-abrupt', html: `<!--><img src=x onerror=${call('comment-abrupt')}>-->` },
  { name: 'comment-bang', html: `<!-- a --!><img src=x onerror=${call('comment-bang')}> -->` },
  {
    name: 'comment-search-tags',
    html: `<!--search-tags:a --!><img src=x onerror=${call('comment-search-tags')}> | b--><p>tagged</p>`,
  },
  { name: 'cdata', html: `<![CDATA[><img src=x onerror=${call('cdata')}>]]>` },
  {
    name: 'attribute-breakout',
    html: `<a title='x"><img src=x onerror=${call('attribute-breakout')}>' href="/ok">t</a>`,
  },

  // Unclosed tags.
  { name: 'unclosed-img', html: `<p>text</p><img src=x onerror="${call('unclosed-img')}"` },
  { name: 'unclosed-attribute', html: `<img src=x onerror="${call('unclosed-attribute')}" <p>after</p>` },
  { name: 'unclosed-anchor', html: `<a href="javascript:${call('unclosed-anchor')}">never closed` },
  { name: 'unclosed-svg', html: `<svg><g onload="${call('unclosed-svg')}"` },
];

/**
 * Everything under `root` that could run script (issue 9 item 6): an element that
 * runs or loads active content (script, iframe, frame, object, embed, applet, svg,
 * math, style, link, meta, base, form, template), any `on*` attribute, an address
 * attribute (href, src, action, formaction, data, poster, background, xlink:href,
 * …) whose scheme — after dropping the whitespace and control characters browsers
 * ignore — is `javascript:`, `vbscript:` or `data:` (a raster `data:image` in an
 * `<img src>` excepted: the allow-list keeps those and they cannot run), any
 * `srcdoc`, and a `style` attribute with `expression(`, `url(`, `@import`,
 * `behavior` or `-moz-binding`. Answers one line per finding, [] when clean.
 * Self-contained (no outside names), so it can be passed to `page.evaluate`.
 */
export function executableConstructs(root: ParentNode): string[] {
  const activeElements = new Set([
    'script',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'svg',
    'math',
    'style',
    'link',
    'meta',
    'base',
    'form',
    'template',
  ]);
  const urlAttributes = new Set([
    'href',
    'src',
    'action',
    'formaction',
    'data',
    'poster',
    'background',
    'codebase',
    'cite',
    'longdesc',
    'lowsrc',
    'dynsrc',
    'usemap',
    'xlink:href',
    'ping',
  ]);
  const rasterImage = /^data:image\/(?:png|jpeg|gif|webp);base64,/;
  const findings: string[] = [];
  for (const element of Array.from(root.querySelectorAll('*'))) {
    const tag = element.localName.toLowerCase();
    if (activeElements.has(tag)) findings.push(`<${tag}> element`);
    for (const attribute of Array.from(element.attributes)) {
      const name = attribute.name.toLowerCase();
      const value = attribute.value;
      if (name.startsWith('on')) findings.push(`<${tag} ${name}> event handler`);
      if (name === 'srcdoc') findings.push(`<${tag} srcdoc>`);
      if (urlAttributes.has(name) || name.endsWith(':href')) {
        // Browsers ignore whitespace and control characters anywhere in a scheme.
        const compact = Array.from(value)
          .filter((char) => {
            const code = char.charCodeAt(0);
            return code > 0x20 && (code < 0x7f || code > 0x9f);
          })
          .join('')
          .toLowerCase();
        const scheme = /^(javascript|vbscript|data):/.exec(compact)?.[1];
        const allowedImage = scheme === 'data' && tag === 'img' && name === 'src' && rasterImage.test(compact);
        if (scheme && !allowedImage) findings.push(`<${tag} ${name}="${scheme}:…">`);
      }
      if (name === 'srcset' && /(javascript|vbscript|data):/i.test(value)) findings.push(`<${tag} srcset> address`);
      if (name === 'style' && /expression\s*\(|url\s*\(|@import|behavior|-moz-binding|javascript:/i.test(value)) {
        findings.push(`<${tag} style="${value}">`);
      }
    }
  }
  return findings;
}
