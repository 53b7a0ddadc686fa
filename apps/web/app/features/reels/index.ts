// The reels feature's public entry: what the shell and other features may use of it.
export { ReelsStrip } from './components/reels-strip.tsx';
