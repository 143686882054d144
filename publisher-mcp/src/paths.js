/** Where the server answers MCP over HTTP. */
export const MCP_PATH = '/mcp';
