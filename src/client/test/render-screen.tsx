// The component tests' one harness (docs/decisions/0018-component-tests.md): a screen rendered as the shell would
// draw it for a signed-in user — a QueryClient of its own, a router at a path, the user's Current Facility, the
// tooltip provider and the toaster — with every request it sends answered by a stubbed fetch. A test names the
// answers ("GET /api/billing" → rows), reads what the user sees by role and label, and can look at what was sent.
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { cleanup, render, screen, within, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { GRANTS, PERMISSIONS, type Permission, type Role, type Scope } from '../../shared/access';
import type { CurrentUser } from '../../shared/auth';
import type { Facility } from '../../shared/facilities';
import { SelectedFacilityProvider } from '../app/selected-facility';
import { currentUserQuery } from '../features/auth';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { dismissToast, toast, useToasts } from '../components/ui/use-toast';
import i18n from '../lib/i18n';
import { createQueryClient } from '../lib/query-client';
import appSw from '../locales/sw.json';

// ——— Answers ————————————————————————————————————————————————————————————————————————————————————————————————

/** What the stub answers: a status (200 unless said), a JSON body, headers. */
export type Reply = { status?: number; body?: unknown; headers?: Record<string, string> };

/** A request the screen sent: its method, path, query and JSON body. */
export type SentRequest = { method: string; path: string; query: URLSearchParams; body: unknown };

/** An answer, or a function of the request giving one (later, when it returns a promise). */
export type Handler = Reply | ((request: SentRequest) => Reply | Promise<Reply>);

/** 200 with a JSON body. */
export const ok = (body: unknown): Reply => ({ body });

/** A bounded list (DESIGN.md §6): the rows as a JSON array, the total in X-Total-Count. */
export const list = (rows: readonly unknown[], total = rows.length): Reply => ({ body: rows, headers: { 'X-Total-Count': String(total) } });

/** An error as the server sends it (DESIGN.md §6): { message, code, issues? }. */
export const fail = (status: number, message: string, issues?: { path: string; message: string }[]): Reply => ({
  status,
  body: { message, code: status === 400 ? 'invalid_input' : 'error', ...(issues ? { issues } : {}) },
});

/** The server's 400 for a body its schema refused: one message per field (plugins/error-handler.ts). */
export const invalid = (fields: Record<string, string>): Reply =>
  fail(
    400,
    Object.values(fields).join('; '),
    Object.entries(fields).map(([path, message]) => ({ path, message })),
  );

/** An answer the test releases when it chooses: the screen waits (its loading state) until then. */
export function later(): { handler: () => Promise<Reply>; release: (reply: Reply) => void } {
  let release: (reply: Reply) => void = () => undefined;
  const promise = new Promise<Reply>((resolve) => (release = resolve));
  return { handler: () => promise, release: (reply) => release(reply) };
}

/** The stubbed server: answers by "METHOD /path" (a bare "/path" is a GET), and remembers every request. */
export class StubServer {
  private readonly routes = new Map<string, Handler>();
  readonly requests: SentRequest[] = [];
  readonly unanswered: string[] = [];

  constructor(routes: Record<string, Handler> = {}) {
    for (const [route, handler] of Object.entries(routes)) this.on(route, handler);
  }

  /** Answers a route from now on (a later call replaces the answer: a retry then sees the new one). */
  on(route: string, handler: Handler): this {
    this.routes.set(key(route), handler);
    return this;
  }

  /** The requests sent to a route ("GET /api/billing"), oldest first. */
  sent(route: string): SentRequest[] {
    const wanted = key(route);
    return this.requests.filter((r) => `${r.method} ${r.path}` === wanted);
  }

  readonly fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: SentRequest = { method, path: url.pathname, query: url.searchParams, body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined };
    this.requests.push(request);
    const handler = this.routes.get(`${method} ${url.pathname}`);
    if (!handler) {
      this.unanswered.push(`${method} ${url.pathname}${url.search}`);
      return json({ status: 501, body: { message: `No answer stubbed for ${method} ${url.pathname}`, code: 'test_stub' } });
    }
    return json(typeof handler === 'function' ? await handler(request) : handler);
  };
}

function key(route: string): string {
  const [a, b] = route.trim().split(/\s+/);
  return b === undefined ? `GET ${a}` : `${a!.toUpperCase()} ${b}`;
}

function json({ status = 200, body, headers = {} }: Reply): Response {
  const empty = status === 204 || body === undefined;
  return new Response(empty ? null : JSON.stringify(body), { status, headers: { ...(empty ? {} : { 'Content-Type': 'application/json' }), ...headers } });
}

// ——— Who is signed in ————————————————————————————————————————————————————————————————————————————————————————

/** The facilities most screens list (the Master Facility List's first ones; GET /api/facilities). */
export const FACILITIES: Facility[] = [
  facility({ id: 1, mflCode: '15829', name: 'Busia County Referral Hospital', level: 5, type: 'County Referral Hospital', subcounty: 'Matayos', location: 'Busia Town', capacity: 250 }),
  facility({ id: 2, mflCode: '15804', name: 'Alupe Sub-County Hospital', level: 4, type: 'Sub-County Hospital', subcounty: 'Teso South', location: 'Alupe', capacity: 80 }),
  facility({ id: 3, mflCode: '15867', name: 'Budalangi Dispensary', level: 2, type: 'Dispensary', subcounty: 'Budalangi', location: 'Budalangi', capacity: null, status: 'limited' }),
];

export function facility(overrides: Partial<Facility> & Pick<Facility, 'id' | 'name'>): Facility {
  return {
    mflCode: String(15800 + overrides.id),
    level: 3,
    type: 'Health Centre',
    owner: 'Ministry of Health',
    location: overrides.name,
    ward: null,
    subcounty: 'Matayos',
    healthSubcounty: null,
    capacity: null,
    cots: null,
    status: 'operational',
    services: ['outpatient'],
    latitude: null,
    longitude: null,
    ...overrides,
  };
}

/** A signed-in user of a role, with that role's permissions and grants (shared/access), at facility 1 unless said. */
export function signedIn(role: Role, overrides: Partial<CurrentUser> = {}): CurrentUser {
  const grants: Partial<Record<Permission, Scope>> = {};
  for (const p of PERMISSIONS) {
    const scope = GRANTS[p][role];
    if (scope) grants[p] = scope;
  }
  const facilityId = overrides.facilityId === undefined ? 1 : overrides.facilityId;
  return {
    id: 7,
    firstName: 'Achieng',
    lastName: 'Wanjala',
    email: 'achieng.wanjala@busia.go.ke',
    role,
    facilityId,
    isActive: true,
    createdAt: '2025-01-06T06:00:00.000Z',
    subcounty: FACILITIES.find((f) => f.id === facilityId)?.subcounty ?? null,
    permissions: PERMISSIONS.filter((p) => grants[p]),
    grants,
    mustChangePassword: false,
    ...overrides,
  };
}

// ——— Rendering ——————————————————————————————————————————————————————————————————————————————————————————————

type Options = {
  /** Who is signed in (a user of the given role, or the one given); a records officer at facility 1 unless said. */
  as?: Role | CurrentUser;
  /** The answers; GET /api/auth/session (the user) and GET /api/facilities (FACILITIES) are answered unless given. */
  routes?: Record<string, Handler>;
  /** Where the router stands (a path with its query, e.g. '/access?tab=users'). */
  path?: string;
  /** The shell's Current Facility (0: the whole county); the user's own unless said. */
  currentFacility?: number;
};

export type Screen = RenderResult & { user: UserEvent; server: StubServer; queryClient: QueryClient; location: () => string };

let current: StubServer | null = null;

/**
 * Renders a screen for a signed-in user with its requests answered by `routes`. Every request must be answered:
 * one the test did not expect fails it (see finishScreen), so a test lists everything its screen asks.
 */
export function renderScreen(ui: ReactElement, { as = 'records_officer', routes = {}, path = '/', currentFacility }: Options = {}): Screen {
  const me = typeof as === 'string' ? signedIn(as) : as;
  const server = new StubServer({ '/api/auth/session': ok({ user: me }), '/api/facilities': ok(FACILITIES), ...routes });
  current = server;
  globalThis.fetch = server.fetch as typeof fetch;
  if (currentFacility !== undefined) localStorage.setItem('afya.facility', JSON.stringify({ userId: me.id, facilityId: currentFacility }));

  const queryClient = createQueryClient();
  // The shell draws once the current user is known (app/auth.ts): the screen starts from there.
  queryClient.setQueryData(currentUserQuery.queryKey, me);
  const memory = memoryLocation({ path, record: true });
  // No pause between keystrokes: typing stays a user's, the waiting goes (findBy waits for what follows).
  const user = userEvent.setup({ delay: null });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <Router hook={memory.hook} searchHook={memory.searchHook}>
        <SelectedFacilityProvider userId={me.id} defaultFacilityId={me.facilityId}>
          <TooltipProvider>
            {ui}
            <Toasts />
          </TooltipProvider>
        </SelectedFacilityProvider>
      </Router>
    </QueryClientProvider>,
  );
  return { ...result, user, server, queryClient, location: () => memory.history.at(-1) ?? path };
}

/** The toaster as the app has it (app.tsx): drawn with the first toast, so it is not behind a dialog opened before. */
function Toasts() {
  return useToasts().length > 0 ? <Toaster /> : null;
}

/** Kiswahili for the rest of the test: the app's strings and the given module's (its locales/sw.json). */
export async function inKiswahili(moduleStrings: Record<string, unknown>): Promise<void> {
  i18n.addResourceBundle('sw', 'translation', appSw, true, true);
  i18n.addResourceBundle('sw', 'translation', moduleStrings, true, true);
  await i18n.changeLanguage('sw');
}

/**
 * After each test (components.setup.ts): the screen unmounted, toasts dismissed, storage and language back to
 * where they start; then a request no answer was stubbed for fails the test that sent it.
 */
export async function finishScreen(): Promise<void> {
  cleanup();
  // The toast store outlives a render: one left open would be found by the next test.
  dismissToast(toast({ title: '' }));
  localStorage.clear();
  sessionStorage.clear();
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  const server = current;
  current = null;
  if (server && server.unanswered.length > 0) {
    throw new Error(`The screen asked for what the test did not answer:\n  ${[...new Set(server.unanswered)].join('\n  ')}`);
  }
}

// ——— Reading the screen —————————————————————————————————————————————————————————————————————————————————————

/** What a screen reader says after a field's name: the text of the elements its aria-describedby names. */
export function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(/\s+/).filter(Boolean) ?? [];
  return ids
    .map((id) => element.ownerDocument.getElementById(id)?.textContent?.trim() ?? '')
    .filter(Boolean)
    .join(' ');
}

/**
 * The toast with this title, once it shows (SPEC.md §9), as the notification region it sits in. A toast raised
 * while a dialog is open sits in the page the dialog hides from assistive technology (Radix announces it through a
 * live region of its own), where a hidden region has no accessible name to query by: so the title is waited for,
 * and the region around it must be the notifications'.
 */
export async function findToast(title: string) {
  const shown = await screen.findByText(title);
  const region = shown.closest<HTMLElement>('[role="region"]');
  if (!region?.getAttribute('aria-label')?.startsWith('Notifications')) throw new Error(`"${title}" is not a toast`);
  return within(region);
}

/** A table's body rows that hold no text: the skeleton rows drawn while the first page loads. */
export function placeholderRows(table: HTMLElement): HTMLElement[] {
  return within(table)
    .getAllByRole('row')
    .filter((row) => row.textContent?.trim() === '');
}
