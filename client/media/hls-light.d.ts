// hls.js ships its light build without a types entry in its exports map; it is the same API.
declare module 'hls.js/light' {
  export { default } from 'hls.js'
}
