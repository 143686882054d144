// The local service's reading of the post editor's rules (post-rules.generated.json, written by
// the core's cargo test): for every example document the core judged, the same violations with
// the same paths and reasons (post-rules-examples.generated.json); and the renderer's drawing
// of the dialect's nodes, with what the editor drops left out.
// Run with the other self-tests: node --test local-service/test/

import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { POST_RULES, isAbsoluteHref, isHostedImage, renderDocument, unrenderedNodes } from '../post-document.mjs';

const EXAMPLES = JSON.parse(readFileSync(new URL('./post-rules-examples.generated.json', import.meta.url), 'utf8')).examples;

const text = (value) => ({ type: 'text', text: value });
const paragraph = (...content) => ({ type: 'paragraph', attrs: { textAlign: null }, content });
const doc = (...content) => ({ type: 'doc', content });

describe('the post editor rules, as the core generates them', () => {
  test('every example gets the violations the core lists, in its order, with its words', () => {
    assert.ok(EXAMPLES.length >= 15);
    for (const { document, unrendered } of EXAMPLES) {
      assert.deepEqual(unrenderedNodes(document), unrendered, JSON.stringify(document).slice(0, 200));
    }
    assert.deepEqual(EXAMPLES.at(-1).unrendered, [], 'the last example keeps every rule');
  });

  test('the table holds the rules of http-contract-drafts §4', () => {
    assert.deepEqual(Object.keys(POST_RULES.unrendered).sort(), ['bulletList', 'codeBlock', 'listItem', 'orderedList']);
    assert.equal(POST_RULES.unrendered.codeBlock.write, 'highlighted_code_block');
    assert.deepEqual(POST_RULES.atMostOne, ['paywall']);
    assert.deepEqual(POST_RULES.hrefSchemes, ['http', 'https', 'mailto']);
    assert.ok(POST_RULES.hostedImageHosts.includes('substack-post-media.s3.amazonaws.com'));
    for (const name of ['highlighted_code_block', 'code_block', 'paywall', 'youtube2', 'footnoteAnchor', 'footnote', 'image2', 'captionedImage']) {
      assert.ok(Object.hasOwn(POST_RULES.nodes, name), name);
    }
  });

  test('what the editor writes passes, and nodes the table does not know pass whatever they hold', () => {
    assert.deepEqual(unrenderedNodes(doc(
      paragraph(text('a'), { type: 'footnoteAnchor', attrs: { number: 1 } }),
      { type: 'highlighted_code_block', attrs: { language: 'plaintext', nodeId: null }, content: [text('x')] },
      { type: 'youtube2', attrs: { videoId: 'dQw4w9WgXcQ' } },
      { type: 'paywall' },
      { type: 'footnote', attrs: { number: 1 }, content: [paragraph(text('n'))] },
      { type: 'digestPostEmbed', attrs: { anything: [1] }, content: [{ type: 'whatever' }, text('t')] },
      { type: 'button', attrs: { url: '%%checkout_url%%', text: 'Subscribe' } },
    )), []);
  });

  test('hosts and links are read as the core reads them', () => {
    assert.equal(isHostedImage('https://bucketeer-e05bbc84-baa3.s3.amazonaws.com/public/images/x.png'), true);
    assert.equal(isHostedImage('HTTPS://SUBSTACKCDN.COM/image/fetch/x'), true);
    for (const src of ['http://substack-post-media.s3.amazonaws.com/x', 'https://substack-post-media.s3.amazonaws.com.evil.test/x', 'https://bucketeer-.s3.amazonaws.com/x', 'https://bucketeer-a.b.s3.amazonaws.com/x', 'https://media.publisher.test/public/images/x.png']) {
      assert.equal(isHostedImage(src), false, src);
    }
    for (const href of ['https://a', 'mailto:x@y', 'HTTP://X']) assert.equal(isAbsoluteHref(href), true, href);
    for (const href of ['/bar', 'https:', 'https:/x', 'https:///x', 'mailto:', 'javascript:x', '//x.y']) assert.equal(isAbsoluteHref(href), false, href);
  });

  test('a document too deep is reported once, not followed', () => {
    let node = paragraph(text('deep'));
    for (let i = 0; i < 5000; i++) node = { type: 'blockquote', content: [node] };
    const found = unrenderedNodes(doc(node));
    assert.equal(found.length, 1);
    assert.match(found[0].reason, /nested more than 100 deep/);
  });
});

describe('the rendered post', () => {
  test('draws the dialect: code with its language, the paywall, a video, footnotes and an image with its size', () => {
    const { html, text: plain } = renderDocument(doc(
      paragraph(text('See'), { type: 'footnoteAnchor', attrs: { number: 1 } }),
      { type: 'highlighted_code_block', attrs: { language: 'rust', nodeId: null }, content: [text('fn main() {}')] },
      { type: 'paywall' },
      { type: 'youtube2', attrs: { videoId: 'dQw4w9WgXcQ' } },
      { type: 'captionedImage', content: [{ type: 'image2', attrs: { src: 'https://substack-post-media.s3.amazonaws.com/public/images/a_2x3.png', alt: 'A', title: null, width: 2, height: 3, href: 'https://example.com/' } }] },
      { type: 'footnote', attrs: { number: 1 }, content: [paragraph(text('The note.'))] },
    ));
    assert.ok(html.includes('<p>See<a class="footnote-anchor" id="footnote-anchor-1" href="#footnote-1">1</a></p>'), html);
    assert.ok(html.includes('<pre class="highlighted_code_block" data-language="rust"><code class="language-rust">fn main() {}</code></pre>'), html);
    assert.ok(html.includes('<div class="paywall-jump" data-component-name="PaywallToDOM"></div>'), html);
    assert.ok(html.includes('data-video-id="dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ">'), html);
    assert.ok(html.includes('<a class="image-link" href="https://example.com/"><img src="https://substack-post-media.s3.amazonaws.com/public/images/a_2x3.png" alt="A" width="2" height="3"></a>'), html);
    assert.ok(html.includes('<div class="footnote"><a class="footnote-number" id="footnote-1" href="#footnote-anchor-1">1</a><div class="footnote-content"><p>The note.</p></div></div>'), html);
    assert.ok(plain.includes('fn main() {}') && plain.includes('The note.'), plain);
  });

  test('leaves out what the editor stores but does not render', () => {
    const item = { type: 'listItem', content: [paragraph(text('listed'))] };
    const { html, text: plain, wordcount } = renderDocument(doc(
      paragraph(text('kept')),
      { type: 'codeBlock', attrs: { language: 'js' }, content: [text('gone()')] },
      { type: 'bulletList', content: [item] },
      { type: 'orderedList', content: [item] },
      { type: 'code_block', content: [text('old code')] },
    ));
    assert.equal(html, '<p>kept</p><pre class="code_block"><code>old code</code></pre>');
    assert.equal(plain, 'kept\nold code');
    assert.equal(wordcount, 3);
  });
});
