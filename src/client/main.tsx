// First: zod must be jitless before any schema is built (lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { KISWAHILI_STRINGS } from './app/modules';
import { initI18n, registerKiswahili } from './lib/i18n';
import { registerServiceWorker } from './lib/service-worker';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// index.html's own page (the landing hero or a splash, scripts/boot-shell.ts) stays until the app draws something
// of its own; the app's splash gives way to it meanwhile (splash-screen.tsx), so a slow link sees no flicker.
const boot = document.getElementById('boot');
if (boot) {
  const handover = new MutationObserver(() => {
    if (root.firstElementChild) {
      boot.remove();
      handover.disconnect();
    }
  });
  handover.observe(root, { childList: true });
}

registerKiswahili(KISWAHILI_STRINGS);
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
registerServiceWorker();
