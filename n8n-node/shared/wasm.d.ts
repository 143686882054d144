// The client's wasm, which build.mjs embeds as bytes (esbuild's binary loader).
declare module 'publisher-wasm/markdown/publisher_wasm_bg.wasm' {
  const bytes: Uint8Array;
  export default bytes;
}
