export * from './index.js';

/** The runtime's type of a global class, where its lib (DOM, `@types/node`) is loaded; else nothing. */
type RuntimeType<Name extends string> = typeof globalThis extends { [K in Name]: { prototype: infer T } } ? T : never;
type WasmModule = typeof globalThis extends { WebAssembly: { Module: { prototype: infer M } } } ? M : never;

/** Where the wasm comes from: a URL (string or `URL`) to fetch, a `Response`, the bytes, or a compiled module. */
export type PublisherWasmSource =
  | string
  | RuntimeType<'URL'>
  | RuntimeType<'Response'>
  | PromiseLike<RuntimeType<'Response'>>
  | ArrayBuffer
  | Uint8Array
  | WasmModule;

/** Loads the wasm (`publisher_wasm_bg.wasm` of this package) once; later calls do nothing. */
export declare function init(wasm: PublisherWasmSource): Promise<void>;
/** Loads the wasm from its bytes or a compiled module, synchronously. */
export declare function initSync(wasm: ArrayBuffer | Uint8Array | WasmModule): void;
