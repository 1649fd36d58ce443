import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { KISWAHILI_STRINGS } from './app/modules';
import { initI18n, registerKiswahili } from './lib/i18n';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

registerKiswahili(KISWAHILI_STRINGS);
void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
