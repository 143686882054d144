// The prompts (MCP `prompts/list`, `prompts/get`): what people ask an assistant to do with
// the service, written out as the steps and tools that do it. A prompt that needs a write
// tool is offered only with the writes switch on, like the tools themselves: without them
// it would send the model after tools that do not exist.
//
// Arguments are checked here by hand (MCP prompt arguments are strings, a few of them):
// zod stays unloaded, as for the tools until their first call.

/** The Markdown create_draft takes (docs/drafts.md, "The post document"), as a model needs it. */
const DIALECT = `Write the post in Markdown, in the dialect create_draft takes:
- headings (#, ##, …), paragraphs, **bold**, *italic*, ~~struck~~, \`code\`, > quotes, --- rules;
- lists (-, 1.): an item holds paragraphs and nested lists only, so put a code block, quote, image or heading after the list, not inside it;
- code in fences with a language (\`\`\`python, \`\`\`js, \`\`\`bash); a fence without one is plain text;
- links with absolute addresses only (https://…, mailto:…); a relative link is refused;
- images as ![alt](https://… "optional caption"): an image from the web is downloaded and hosted by the service, so give its URL, not a description;
- <!-- paywall --> alone on its line where paid readers' part begins (at most one);
- footnotes: [^1] in the text and "[^1]: the note" below;
- a YouTube URL alone on its line becomes the embedded video.
Tables, task lists, raw HTML and math are refused: write them as lists or prose.`;

/** The steps of drafting, and the one question that must be asked before anything goes out. */
const DRAFT_STEPS = `Then:
1. Call create_draft with the title, the subtitle if there is one, and the Markdown. It publishes nothing. If it refuses the Markdown, fix the line it names and call it again.
2. Call check_draft with the new draft's id and tell me what it found (errors and warnings), with the draft's title and id.
3. Stop and ask me whether to publish it now (publish_draft), schedule it (schedule_draft, with the time), or leave it as a draft. Ask too whether to email it: send: true emails the post to every subscriber, and an email cannot be taken back; send: false publishes without emailing. Call publish_draft or schedule_draft only after I have answered both, with send exactly as I said.`;

const PROMPTS = [
  {
    name: 'draft_post',
    title: 'Draft a post from notes',
    description: 'Turns your notes into a draft post (create_draft), checks it (check_draft), and asks you before it is published or scheduled, and whether to email subscribers.',
    writes: true,
    arguments: {
      notes: { required: true, description: 'Your notes, an outline or a rough text: what the post should say.' },
      title: { required: false, description: 'The title, if you have one; otherwise the assistant proposes one.' },
    },
    messages({ notes, title }) {
      const wanted = title ? `titled "${title}"` : 'with a title (and a subtitle if it helps) that you choose';
      return `Draft a post for my publication from the notes below, ${wanted}. Keep my meaning and my voice; do not invent facts, quotes or figures that are not in the notes.

${DIALECT}

${DRAFT_STEPS}

My notes:

${notes}`;
    },
  },
  {
    name: 'published_this_week',
    title: 'What did I publish this week',
    description: 'Summarises the posts and notes your account published in the last days (7 unless you say), from get_posts and get_notes.',
    writes: false,
    arguments: {
      days: { required: false, description: 'How many days back, 1 to 31 (default 7).', pattern: /^(?:[1-9]|[12]\d|3[01])$/, shape: 'a whole number from 1 to 31' },
    },
    messages({ days = '7' }, now = new Date()) {
      const count = Number(days);
      const since = new Date(now.getTime() - count * 86_400_000).toISOString();
      return `What did I publish in the last ${count} ${count === 1 ? 'day' : 'days'}, that is since ${since}? Use the tools, reading only:
1. get_following with limit 1: its first profile is me (my id and handle).
2. get_posts with no user (my publication's posts, newest first): take every post dated ${since} or later; call it again with nextCursor while the page's last post is still that recent.
3. get_notes with user set to my id (my notes, newest first): the same, by each note's date.
Then summarise for me:
- Posts: each one's date, title, audience and URL, with a line on what it is about (from its excerpt).
- Notes: how many, and each one's date and first line, with its reactions, restacks and replies.
- The totals, and which post or note drew the most response.
If I published nothing in that time, say so plainly. Do not call any tool that writes.`;
    },
  },
];

/** A Standard Schema (with its JSON Schema) for string arguments, checked without zod. */
function argumentsSchema(prompt) {
  const properties = Object.fromEntries(Object.entries(prompt.arguments).map(([name, { description }]) => [name, { type: 'string', description }]));
  const required = Object.entries(prompt.arguments).filter(([, { required: needed }]) => needed).map(([name]) => name);
  const jsonSchema = { type: 'object', properties, required, additionalProperties: false };
  return {
    '~standard': {
      version: 1,
      vendor: 'publisher-mcp',
      jsonSchema: { input: () => jsonSchema, output: () => jsonSchema },
      validate: (value) => {
        const issues = argumentIssues(prompt, value ?? {});
        return issues.length ? { issues } : { value };
      },
    },
  };
}

/** What is wrong with `args` for `prompt`, as Standard Schema issues (the SDK puts each one's argument before its message). */
export function argumentIssues(prompt, args) {
  const issues = [];
  for (const [name, { required, pattern, shape }] of Object.entries(prompt.arguments)) {
    const value = args[name];
    if (value === undefined) {
      if (required) issues.push({ path: [name], message: 'required' });
    } else if (typeof value !== 'string' || (required && value.trim() === '')) {
      issues.push({ path: [name], message: 'must be a non-empty string' });
    } else if (pattern && value.trim() !== '' && !pattern.test(value.trim())) {
      issues.push({ path: [name], message: `must be ${shape}` });
    }
  }
  for (const name of Object.keys(args)) if (!(name in prompt.arguments)) issues.push({ path: [name], message: `not an argument of ${prompt.name}` });
  return issues;
}

/** The prompts a server offers: all of them with writes on, else the ones that only read. */
export function offeredPrompts({ writes }) {
  return PROMPTS.filter((prompt) => writes || !prompt.writes);
}

/** Every prompt, for the tests and the README. */
export { PROMPTS };

/** Adds the prompts to `server`; `now` (a test's clock) dates "this week". */
export function registerPrompts(server, { writes, now = () => new Date() }) {
  for (const prompt of offeredPrompts({ writes })) {
    server.registerPrompt(prompt.name, {
      title: prompt.title,
      description: prompt.description,
      argsSchema: argumentsSchema(prompt),
    }, (args) => ({
      description: prompt.description,
      messages: [{ role: 'user', content: { type: 'text', text: prompt.messages(trimmed(args), now()) } }],
    }));
  }
}

const trimmed = (args) => Object.fromEntries(Object.entries(args ?? {}).map(([name, value]) => [name, value.trim()]).filter(([, value]) => value !== ''));
