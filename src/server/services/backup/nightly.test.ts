import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { backupRuns } from '../../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../testing/test-app.ts';
import { testDatabaseKind } from '../../testing/test-database.ts';
import { stageArchive } from './archive.ts';
import {
  getBackupStatus,
  lastScheduledRun,
  nextScheduledRun,
  NightlyBackups,
  saveBackupSettings,
  type Clock,
} from './nightly.ts';

/** Time that moves only when the test says so; timers fire in order as it passes them. */
class FakeClock implements Clock {
  private timers = new Map<number, { at: number; callback: () => void }>();
  private ids = 0;
  constructor(private current: number) {}
  now() {
    return new Date(this.current);
  }
  setTimeout(callback: () => void, ms: number) {
    this.ids += 1;
    this.timers.set(this.ids, { at: this.current + ms, callback });
    return this.ids;
  }
  clearTimeout(handle: unknown) {
    this.timers.delete(handle as number);
  }
  /** Moves to `target`, firing every timer due on the way and waiting for the work each one starts. */
  async advanceTo(target: Date, schedulers: NightlyBackups[]) {
    for (;;) {
      await Promise.all(schedulers.map((scheduler) => scheduler.idle()));
      const due = [...this.timers.entries()]
        .filter(([, timer]) => timer.at <= target.getTime())
        .sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      this.timers.delete(due[0]);
      this.current = Math.max(this.current, due[1].at);
      due[1].callback();
    }
    this.current = target.getTime();
  }
}

function recordingLog() {
  const errors: { object: object; message: string }[] = [];
  return {
    errors,
    info: () => {},
    error: (object: object, message: string) => errors.push({ object, message }),
  };
}

describe('schedule arithmetic in the site time zone', () => {
  it('02:30 in Cumming is 06:30 UTC in summer and 07:30 UTC in winter', () => {
    expect(nextScheduledRun(new Date('2026-07-01T12:00:00Z'), '02:30').toISOString()).toBe(
      '2026-07-02T06:30:00.000Z',
    );
    expect(nextScheduledRun(new Date('2026-01-10T03:00:00Z'), '02:30').toISOString()).toBe(
      '2026-01-10T07:30:00.000Z',
    );
    expect(lastScheduledRun(new Date('2026-07-02T06:29:00Z'), '02:30')).toEqual({
      slot: '2026-07-01',
      at: new Date('2026-07-01T06:30:00Z'),
    });
    expect(lastScheduledRun(new Date('2026-07-02T06:30:00Z'), '02:30').slot).toBe('2026-07-02');
  });
});

/**
 * The nights the clocks change in the company's time zone, and one ordinary night. On the spring nights
 * 02:00-02:59 does not exist (02:00 EST is followed by 03:00 EDT); on the autumn nights 01:00-01:59
 * happens twice (first EDT, then EST).
 */
const changeNights = [
  { night: '2026-03-08', time: '02:30', runsAt: '2026-03-08T07:00:00Z', reads: '03:00 EDT, after the gap' },
  { night: '2026-03-08', time: '01:30', runsAt: '2026-03-08T06:30:00Z', reads: '01:30 EST' },
  { night: '2027-03-14', time: '02:30', runsAt: '2027-03-14T07:00:00Z', reads: '03:00 EDT, after the gap' },
  { night: '2027-03-14', time: '01:30', runsAt: '2027-03-14T06:30:00Z', reads: '01:30 EST' },
  { night: '2026-11-01', time: '01:30', runsAt: '2026-11-01T05:30:00Z', reads: 'the first 01:30, EDT' },
  { night: '2026-11-01', time: '02:30', runsAt: '2026-11-01T07:30:00Z', reads: '02:30 EST' },
  { night: '2027-11-07', time: '01:30', runsAt: '2027-11-07T05:30:00Z', reads: 'the first 01:30, EDT' },
  { night: '2027-11-07', time: '02:30', runsAt: '2027-11-07T07:30:00Z', reads: '02:30 EST' },
  { night: '2026-06-16', time: '02:30', runsAt: '2026-06-16T06:30:00Z', reads: '02:30 EDT' },
];

const HOUR_MS = 3_600_000;
const shifted = (iso: string, ms: number) => new Date(Date.parse(iso) + ms);

describe('schedule arithmetic on the nights the clocks change', () => {
  it.each(changeNights)('$time on $night runs at $runsAt ($reads)', ({ night, time, runsAt }) => {
    const at = new Date(runsAt);
    // Asked the evening before, and a minute before the run: the next run is that instant.
    expect(nextScheduledRun(shifted(runsAt, -10 * HOUR_MS), time)).toEqual(at);
    expect(nextScheduledRun(shifted(runsAt, -60_000), time)).toEqual(at);
    // From that instant until the next night's run, the latest run is this night's, at that instant.
    expect(lastScheduledRun(at, time)).toEqual({ slot: night, at });
    expect(lastScheduledRun(shifted(runsAt, 2 * HOUR_MS), time)).toEqual({ slot: night, at });
    expect(lastScheduledRun(shifted(runsAt, -60_000), time).slot).not.toBe(night);
    expect(nextScheduledRun(at, time).getTime()).toBeGreaterThan(at.getTime() + 22 * HOUR_MS);
  });
});

describe(`nightly backup through the nights the clocks change (${testDatabaseKind})`, () => {
  let t: TestApp;
  let backupDir: string;
  beforeEach(async () => {
    t = await buildTestApp();
    backupDir = await mkdtemp(join(tmpdir(), 'nightly-dst-'));
  });
  afterEach(async () => {
    await t.close();
    await rm(backupDir, { recursive: true, force: true });
  });

  it.each(changeNights)(
    '$time on $night: one backup, at $runsAt ($reads)',
    async ({ night, time, runsAt }) => {
      await saveBackupSettings(t.database.db, { enabled: true, time, keep: 7 });
      // From midnight UTC (19:00 or 20:00 the evening before) to 14:00 UTC the morning after, a minute at
      // a time. The scheduler looks at its default pace (every five minutes, and at each due time), so on
      // the autumn nights it also looks while the wall clock shows the repeated hour a second time.
      const evening = new Date(`${night}T00:00:00Z`);
      const clock = new FakeClock(evening.getTime());
      const nightly = new NightlyBackups({
        db: t.database.db,
        databaseKind: t.database.kind,
        files: t.app.fileStore,
        backupDir,
        log: recordingLog(),
        clock,
      });
      nightly.start();
      for (let minute = 1; minute <= 14 * 60; minute += 1) {
        await clock.advanceTo(new Date(evening.getTime() + minute * 60_000), [nightly]);
      }
      await nightly.stop();

      const runs = await t.database.db.select().from(backupRuns);
      expect(runs.map((run) => ({ slot: run.slot, status: run.status, startedAt: run.startedAt }))).toEqual([
        { slot: night, status: 'ok', startedAt: new Date(runsAt) },
      ]);
      expect(await readdir(backupDir)).toEqual([`nightly-${night}.backup`]);
    },
  );
});

describe(`nightly backup on a fake clock (${testDatabaseKind})`, () => {
  let t: TestApp;
  let backupDir: string;
  beforeEach(async () => {
    t = await buildTestApp();
    backupDir = await mkdtemp(join(tmpdir(), 'nightly-'));
    await writeFile(join(t.config.uploadsDir, 'photo.jpg'), 'jpeg bytes');
    await saveBackupSettings(t.database.db, { enabled: true, time: '02:30', keep: 2 });
  });
  afterEach(async () => {
    await t.close();
    await rm(backupDir, { recursive: true, force: true });
  });

  const scheduler = (clock: Clock, log = recordingLog(), dir = backupDir) =>
    new NightlyBackups({
      db: t.database.db,
      databaseKind: t.database.kind,
      files: t.app.fileStore,
      backupDir: dir,
      log,
      clock,
      recheckMs: 6 * 3_600_000,
    });

  it('writes one backup each night at the set time, keeps the newest N, and the admin sees the last', async () => {
    // Started mid-morning: no backup at start on a site that never had one.
    const clock = new FakeClock(Date.parse('2026-03-10T14:00:00Z'));
    const nightly = scheduler(clock);
    nightly.start();
    await clock.advanceTo(new Date('2026-03-11T06:29:00Z'), [nightly]);
    expect(await readdir(backupDir)).toEqual([]);
    await clock.advanceTo(new Date('2026-03-11T06:31:00Z'), [nightly]);
    expect(await readdir(backupDir)).toEqual(['nightly-2026-03-11.backup']);

    await clock.advanceTo(new Date('2026-03-14T12:00:00Z'), [nightly]);
    await nightly.stop();
    expect((await readdir(backupDir)).sort()).toEqual([
      'nightly-2026-03-13.backup',
      'nightly-2026-03-14.backup',
    ]);
    const runs = await t.database.db.select().from(backupRuns);
    expect(runs.map((run) => [run.slot, run.status])).toEqual([
      ['2026-03-11', 'ok'],
      ['2026-03-12', 'ok'],
      ['2026-03-13', 'ok'],
      ['2026-03-14', 'ok'],
    ]);

    const newest = join(backupDir, 'nightly-2026-03-14.backup');
    const status = await getBackupStatus(t.database.db, backupDir, clock.now());
    expect(status.lastRun).toMatchObject({
      kind: 'nightly',
      status: 'ok',
      file: newest,
      bytes: (await stat(newest)).size,
      finishedAt: '2026-03-14T06:30:00.000Z',
    });
    expect(status.nextRunAt).toBe('2026-03-15T06:30:00.000Z');
    // The file is a complete archive holding the upload.
    const staged = await stageArchive(newest, join(backupDir, 'check'));
    expect(staged.manifest.files.map((file) => file.path)).toEqual(['uploads/photo.jpg']);
    await staged.discard();
  });

  it('two instances on one database write each night once', async () => {
    const clock = new FakeClock(Date.parse('2026-03-10T14:00:00Z'));
    const otherDir = await mkdtemp(join(tmpdir(), 'nightly-other-'));
    const first = scheduler(clock);
    const second = scheduler(clock, recordingLog(), otherDir);
    first.start();
    second.start();
    await clock.advanceTo(new Date('2026-03-12T12:00:00Z'), [first, second]);
    await Promise.all([first.stop(), second.stop()]);
    const written = [...(await readdir(backupDir)), ...(await readdir(otherDir))].sort();
    expect(written).toEqual(['nightly-2026-03-11.backup', 'nightly-2026-03-12.backup']);
    expect(await t.database.db.select().from(backupRuns)).toHaveLength(2);
    await rm(otherDir, { recursive: true, force: true });
  });

  it('a night missed while the server was down is made up at the next start', async () => {
    const clock = new FakeClock(Date.parse('2026-03-10T14:00:00Z'));
    const before = scheduler(clock);
    before.start();
    await clock.advanceTo(new Date('2026-03-11T12:00:00Z'), [before]);
    await before.stop();
    // Down over the night of the 12th; back at noon.
    await clock.advanceTo(new Date('2026-03-12T16:00:00Z'), []);
    const after = scheduler(clock);
    after.start();
    await clock.advanceTo(new Date('2026-03-12T16:01:00Z'), [after]);
    await after.stop();
    expect((await readdir(backupDir)).sort()).toEqual([
      'nightly-2026-03-11.backup',
      'nightly-2026-03-12.backup',
    ]);
  });

  it('turned off in Settings: no backups', async () => {
    await saveBackupSettings(t.database.db, { enabled: false, time: '02:30', keep: 2 });
    const clock = new FakeClock(Date.parse('2026-03-10T14:00:00Z'));
    const nightly = scheduler(clock);
    nightly.start();
    await clock.advanceTo(new Date('2026-03-13T12:00:00Z'), [nightly]);
    await nightly.stop();
    expect(await readdir(backupDir)).toEqual([]);
  });

  it('a failed nightly backup is logged and shown to the admin', async () => {
    // The backup folder cannot be made: a file is in the way.
    const blocked = join(backupDir, 'not-a-folder');
    await writeFile(blocked, 'x');
    const clock = new FakeClock(Date.parse('2026-03-10T14:00:00Z'));
    const log = recordingLog();
    const nightly = scheduler(clock, log, blocked);
    nightly.start();
    await clock.advanceTo(new Date('2026-03-11T07:00:00Z'), [nightly]);
    await nightly.stop();
    expect(log.errors.map((entry) => entry.message)).toEqual(['nightly backup failed']);
    const cookie = await t.signInAs('admin');
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json().backups.lastRun).toMatchObject({
      kind: 'nightly',
      status: 'failed',
      error: expect.stringMatching(/EEXIST|ENOTDIR/),
    });
    expect(response.json().backups.lastSuccess).toBeNull();
  });
});

describe(`backups in the admin API (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
    await writeFile(join(t.config.uploadsDir, 'photo.jpg'), 'jpeg bytes');
  });
  afterEach(async () => {
    await t.close();
  });

  it('downloads a fresh archive for an admin only: 401 without a session, 403 for an editor', async () => {
    const url = '/api/admin/backups/download';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const editor = await t.signInAs('editor');
    const refused = await t.app.inject({ method: 'GET', url, headers: { cookie: editor } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ success: false });

    const admin = await t.signInAs('admin');
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: admin } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="site-\d{8}-\d{4}\.backup"$/,
    );
    const dir = await mkdtemp(join(tmpdir(), 'download-'));
    try {
      await writeFile(join(dir, 'site.backup'), response.rawPayload);
      const staged = await stageArchive(join(dir, 'site.backup'), join(dir, 'uploads'));
      expect(staged.manifest.files.map((file) => file.path)).toEqual(['uploads/photo.jpg']);
      expect(staged.manifest.tables.find((table) => table.name === 'users')?.rows).toBe(2);
      await staged.discard();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/admin/backups',
      headers: { cookie: admin },
    });
    expect(status.json().backups.lastRun).toMatchObject({
      kind: 'download',
      status: 'ok',
      bytes: response.rawPayload.length,
    });
    const editorStatus = await t.app.inject({
      method: 'GET',
      url: '/api/admin/backups',
      headers: { cookie: editor },
    });
    expect(editorStatus.statusCode).toBe(403);
  });

  it('saves the schedule and refuses a bad time or count with a 400 naming the field', async () => {
    const cookie = await t.signInAs('admin');
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/backups/settings', payload, headers: { cookie } });
    const bad = await put({ enabled: true, time: '25:00', keep: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      success: false,
      errors: { time: expect.any(Array), keep: expect.any(Array) },
    });
    expect((await put({ enabled: true, time: '03:15', keep: 14 })).statusCode).toBe(200);
    const status = await t.app.inject({ method: 'GET', url: '/api/admin/backups', headers: { cookie } });
    expect(status.json().backups.settings).toEqual({ enabled: true, time: '03:15', keep: 14 });
  });
});
