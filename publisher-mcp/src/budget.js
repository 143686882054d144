// How much one tool result may hold. Claude Code hands the model
// `JSON.stringify(structuredContent)` and refuses a result over 25,000 tokens
// (MAX_MCP_OUTPUT_TOKENS); it sets a success over 50,000 characters aside in a file.
// Tokens are not countable here (no tokenizer ships for Claude's models), so the
// budget is in UTF-8 bytes of that JSON: 50,000 bytes stay under 25,000 tokens unless a
// token averages under 2 bytes, and English JSON runs at about 3.5 characters a token
// (issue 33's estimate, which `estimateTokens` uses for the tables). Non-ASCII text costs
// 2 to 4 bytes a character, so it takes its larger share of the budget.

export const BUDGET = Object.freeze({
  /** The most one result may hold, whatever the arguments. */
  maxChars: 50_000,
  /** The most one result holds at its default arguments. */
  defaultChars: 10_000,
  /** Tokens Claude Code refuses above. */
  tokenLimit: 25_000,
});

const encoder = new TextEncoder();

/** The cost of a value as the model receives it: UTF-8 bytes of its JSON. */
export function costOf(value) {
  return encoder.encode(JSON.stringify(value)).length;
}

/** Tokens at 3.5 characters a token (the estimate; Claude Code's own rough count uses 4). */
export function estimateTokens(chars) {
  return Math.ceil(chars / 3.5);
}
