// The 'components' project's setup (vitest.config.ts; docs/decisions/0018-component-tests.md): i18next as the app
// starts it, in English, with every string of the real locale files (the screens add their own module's strings
// as they load), so tests read the words the user reads. After each test the harness tidies up, and a console
// error (a React warning, a failed prop type, an unexpected request) fails the test that caused it.
import { configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { addEnglish, initI18n } from '../lib/i18n';
import en from '../locales/en.json';
import { finishScreen } from './render-screen';

// Before the test file is imported, as the app starts i18next before any screen loads: a screen's module adds its
// strings as it is imported.
await initI18n();
addEnglish(en);

// jsdom lays nothing out, so it has no scrollIntoView; a list that brings its active option into view (the shared
// combobox) calls it. Scrolling is not what these tests look at.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// findBy and waitFor wait up to 4 s, not 1: on a 2-core machine shared with other work a screen can take over a
// second to answer a click. A test that passes waits no longer for it; only a failing one is slower to say so.
configure({ asyncUtilTimeout: 4000 });

let errors: unknown[][] = [];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
});

afterEach(async () => {
  await finishScreen();
  vi.restoreAllMocks();
  if (errors.length > 0) throw new Error(`console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
});
