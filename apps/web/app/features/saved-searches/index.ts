// The saved-searches feature's public entry: what other features may use of it.
export { SaveSearchButton } from './components/save-search.tsx';
