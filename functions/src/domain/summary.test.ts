import { describe, expect, it } from 'vitest';
import { summaryText } from './summary.ts';

describe('summaryText', () => {
  it('turns HTML into collapsed plain text without the search-tags block', () => {
    const html = '<!--search-tags:a | b--><h2>Overview</h2>\n<p>Buffer   overflow <b>attacks</b>.</p><p>Second.</p>';
    expect(summaryText(html)).toBe('Overview Buffer overflow attacks. Second.');
  });

  it('decodes entities rather than showing them', () => {
    expect(summaryText('<p>Tom &amp; Jerry &lt;3 &quot;quoted&quot; it&#39;s</p>')).toBe(
      'Tom & Jerry <3 "quoted" it\'s',
    );
  });

  it('drops scripts and styles with their content', () => {
    expect(summaryText('<p>Safe</p><script>alert(1)</script><style>p{}</style>')).toBe('Safe');
  });
});
