/** Vite's `?url` import of zxing-wasm's reader .wasm (the worker's tsconfig has no vite/client types): its URL. */
declare module 'zxing-wasm/reader/zxing_reader.wasm?url' {
  const url: string;
  export default url;
}
