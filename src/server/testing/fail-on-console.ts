// Vitest setup file for the unit and integration projects: a console.error or console.warn that a test did
// not announce fails that test. Server code reports through Fastify's logger, so stray console output is a
// fault worth seeing (a swallowed exception, a React warning, a deprecation) rather than noise to scroll by.
import { format } from 'node:util';
import { afterAll, afterEach } from 'vitest';

type Level = 'error' | 'warn';

const originals: Record<Level, (...args: unknown[]) => void> = {
  error: console.error.bind(console),
  warn: console.warn.bind(console),
};
const allowed: { level: Level; pattern: RegExp }[] = [];
let unexpected: string[] = [];

// Terminal colours, which Vite and Vike add when the run's output supports them: a pattern matches the
// words, whether or not they were coloured.
// eslint-disable-next-line no-control-regex
const ANSI_COLOURS = /\u001b\[[0-9;]*m/g;

for (const level of ['error', 'warn'] as const) {
  console[level] = (...args: unknown[]) => {
    const text = format(...args).replace(ANSI_COLOURS, '');
    if (allowed.some((rule) => rule.level === level && rule.pattern.test(text))) return;
    unexpected.push(`console.${level}: ${text}`);
    originals[level](...args);
  };
}

/**
 * Lets the current test write console output of that level matching `pattern` (anything when left out);
 * that output is kept off the report. The allowance ends with the test.
 */
export function allowConsole(level: Level, pattern: RegExp = /[\s\S]*/): void {
  allowed.push({ level, pattern });
}

/** The unexpected console output since the last call, emptied; exported so the guard itself is tested. */
export function takeUnexpectedConsoleOutput(): string[] {
  const taken = unexpected;
  unexpected = [];
  return taken;
}

function failOnUnexpectedOutput(when: string): void {
  const output = takeUnexpectedConsoleOutput();
  if (output.length > 0)
    throw new Error(
      `unexpected console output ${when} (call allowConsole() in a test that expects it):\n${output.join('\n')}`,
    );
}

afterEach(() => {
  allowed.length = 0;
  failOnUnexpectedOutput('during this test');
});

// Output from beforeAll/afterAll hooks belongs to no test; it fails the file instead.
afterAll(() => failOnUnexpectedOutput("in this file's hooks"));
