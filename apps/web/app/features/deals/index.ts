// The deals feature's public entry: what other features (a listing's page, the chat) may use of it.
export { ApplyButton } from './components/apply-button.tsx';
