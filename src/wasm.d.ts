// `import x from './file.wasm'` yields a compiled WebAssembly.Module: workerd (and the Cloudflare
// Vite and vitest plugins) compile .wasm imports at deploy time, because workerd forbids
// compiling WebAssembly from bytes at run time.
declare module '*.wasm' {
  const module: WebAssembly.Module
  export default module
}
