// The growth feature's public entry: what the shell and other features may use of it.
export { Testimonials } from './components/testimonials.tsx';
export { APP_POPUP_BOOT_SCRIPT, AppInstallPopup } from './components/app-install-popup.tsx';
