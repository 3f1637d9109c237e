import { describe, expect, it } from 'vitest';
import { allowConsole, takeUnexpectedConsoleOutput } from './fail-on-console.ts';

describe('console guard for unit and integration tests', () => {
  it('records an unannounced console.error and console.warn, with their arguments formatted', () => {
    console.error('lost %s', 'write', { id: 3 });
    console.warn('deprecated');
    // Taking the record here keeps this test green; left alone, the guard's afterEach would fail it.
    expect(takeUnexpectedConsoleOutput()).toEqual([
      'console.error: lost write { id: 3 }',
      'console.warn: deprecated',
    ]);
    expect(takeUnexpectedConsoleOutput()).toEqual([]);
  });

  it('lets a test announce the output it expects, by level and pattern, and nothing else', () => {
    allowConsole('error', /^reading the post failed/);
    console.error('reading the post failed; showing "Post not found"');
    console.warn('reading the post failed');
    console.error('something else broke');
    expect(takeUnexpectedConsoleOutput()).toEqual([
      'console.warn: reading the post failed',
      'console.error: something else broke',
    ]);
  });

  it('ends an allowance with the test that made it', () => {
    console.error('reading the post failed again');
    expect(takeUnexpectedConsoleOutput()).toEqual(['console.error: reading the post failed again']);
  });

  it('matches an allowance against the words of coloured output', () => {
    allowConsole('error', /\[vike\]\[request-\d+\] HTTP response ← \/post\/\d+ 503$/);
    console.error(
      '\u001b[2m7:12:09 AM\u001b[22m \u001b[1m\u001b[33m[vike]\u001b[39m\u001b[22m\u001b[2m[request-3]\u001b[22m HTTP response ← \u001b[1m/post/1\u001b[22m \u001b[1m\u001b[31m503\u001b[39m\u001b[22m',
    );
    expect(takeUnexpectedConsoleOutput()).toEqual([]);
  });
});
