import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { i18nReady } from './i18n';
import { applySavedTheme } from './lib/theme-mode';
import './styles.css';

applySavedTheme();
// The interface language's catalogues arrive in their own chunk; render once they are here.
void i18nReady.then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
