// Invented text: titles, sentences, note paragraphs and post bodies. All of it is made up
// here; some of it deliberately carries non-ASCII letters, quotes and emoji so that clients
// get exercised on escaping and UTF-8.

const SUBJECTS = [
  'the archive', 'a small team', 'the build pipeline', 'our reading list', 'the weekly digest',
  'a quiet café', 'the naïve approach', 'the garden', 'a rainy Zürich morning', 'the old façade',
  'the test suite', 'a paper notebook', 'the release train', 'the night shift', 'a slow river',
  'the smörgåsbord of options', 'the cache', 'a déjà vu moment', 'the map', 'the first draft',
];
const VERBS = [
  'reshapes', 'explains', 'quietly improves', 'questions', 'outlives', 'borrows from',
  'simplifies', 'complicates', 'revisits', 'measures', 'survives', 'rediscovers',
];
const OBJECTS = [
  'how we write', 'every Monday plan', 'the “obvious” answer', 'what "done" means',
  'the long tail of small fixes', 'a habit worth keeping', 'the cost of waiting',
  'our favourite mistakes', 'the shape of a good week', 'a crème brûlée recipe',
  'the São Paulo trip notes', 'the Kraków workshop', 'one more experiment',
];
const ASIDES = [
  '', '', '', '', ' — at least for now', ', which surprised nobody', ' (really!)',
  ', and that’s fine', ' 🚀', ' ☕', ' ✨', ' 🌱', ', step by step', ' — or so it seems',
];
const TITLE_TEMPLATES = [
  (a, b) => `Notes on ${a}`,
  (a, b) => `Why ${b} matters`,
  (a, b) => `${cap(a)} and ${b}`,
  (a, b) => `A field guide to ${b} 🧭`,
  (a, b) => `“${cap(a)}”, revisited`,
  (a, b) => `What I learned from ${a}`,
  (a, b) => `${cap(b)}: part ${a.length % 7 + 1}`,
  (a, b) => `The "${a}" problem`,
  (a, b) => `Über-simple ${b} ✨`,
  (a, b) => `Weekly roundup: ${a} & ${b}`,
];
const TAG_NAMES = ['essays', 'tools', 'field notes', 'interviews', 'roundups', 'how-to', 'café talk', 'data'];
const FIRST_NAMES = ['Kai', 'Lena', 'Mateo', 'Noor', 'Oskar', 'Priya', 'Quinn', 'Rosa', 'Sami', 'Tove', 'Uma', 'Viktor'];
const LAST_NAMES = ['Example', 'Sample', 'Placeholder', 'Mockridge', 'Fixture', 'Stubbs', 'Dummyfield', 'Testwright'];

export function cap(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function sentence(rng) {
  return `${cap(rng.pick(SUBJECTS))} ${rng.pick(VERBS)} ${rng.pick(OBJECTS)}${rng.pick(ASIDES)}.`;
}

export function sentences(rng, count) {
  return Array.from({ length: count }, () => sentence(rng)).join(' ');
}

export function title(rng) {
  return rng.pick(TITLE_TEMPLATES)(rng.pick(SUBJECTS), rng.pick(OBJECTS).replace(/[“”"]/g, ''));
}

export function tagName(rng) {
  return rng.pick(TAG_NAMES);
}

/** Extra users beyond the fixed cast get names from these lists. */
export function extraPersonName(index) {
  return `${FIRST_NAMES[index % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(index / FIRST_NAMES.length) % LAST_NAMES.length]}`;
}

/** URL slug: ASCII only, accents folded, at most 60 characters. */
export function slugify(text) {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/g, '') || 'post';
}

export function escapeHtml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A post body of about `targetBytes` bytes of HTML (UTF-8), plus its plain text.
 * Paragraphs, headings, quotes and lists, so that it looks like an editor's output.
 */
export function postBody(rng, targetBytes) {
  const html = [];
  const text = [];
  let bytes = 0;
  let block = 0;
  while (bytes < targetBytes) {
    let chunk;
    const plain = sentences(rng, rng.int(2, 6));
    if (block > 0 && block % 7 === 0) {
      const heading = cap(rng.pick(OBJECTS));
      chunk = `<h2>${escapeHtml(heading)}</h2>`;
      text.push(heading);
    } else if (block % 11 === 5) {
      chunk = `<blockquote><p>${escapeHtml(plain)}</p></blockquote>`;
      text.push(plain);
    } else if (block % 13 === 9) {
      const items = [sentence(rng), sentence(rng), sentence(rng)];
      chunk = `<ul>${items.map((item) => `<li><p>${escapeHtml(item)}</p></li>`).join('')}</ul>`;
      text.push(...items);
    } else {
      chunk = `<p>${escapeHtml(plain)}</p>`;
      text.push(plain);
    }
    html.push(chunk);
    bytes += Buffer.byteLength(chunk);
    block++;
  }
  const plainText = text.join('\n');
  return {
    html: html.join(''),
    text: plainText,
    wordcount: plainText.split(/\s+/).filter(Boolean).length,
  };
}

/**
 * Paragraphs of a note in the editor's node form: each paragraph is a list of text
 * segments, some bold or italic, as the web app sends them.
 */
export function noteParagraphs(rng) {
  const paragraphs = [];
  const count = rng.int(1, 4);
  for (let i = 0; i < count; i++) {
    const segments = [];
    if (rng.chance(0.3)) segments.push({ text: cap(rng.pick(OBJECTS)) + ': ', marks: [rng.pick(['bold', 'italic'])] });
    segments.push({ text: sentence(rng) });
    if (rng.chance(0.25)) segments.push({ text: ' ' + rng.pick(['👇', '🙌', '📚', '🧪', '✅']), marks: [] });
    paragraphs.push(segments.map((s) => (s.marks && s.marks.length ? s : { text: s.text })));
  }
  return paragraphs;
}
