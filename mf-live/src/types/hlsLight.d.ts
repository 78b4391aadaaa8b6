// hls.js ships no declarations for its light build (no subtitles, alternate audio or DRM, which a
// live room does not use); it is the same Hls class, so it takes the full build's types.
declare module 'hls.js/light' {
  import Hls from 'hls.js';
  export default Hls;
}
