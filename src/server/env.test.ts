import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.ts';

describe('configuration from the environment', () => {
  it('has the documented defaults (port 3000, embedded database, production)', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      adminUsername: 'admin',
      trustProxy: false,
      nodeEnv: 'production',
    });
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.uploadsDir).toMatch(/\/uploads$/);
  });

  it('puts the nightly backups beside the data unless BACKUP_DIR says where', () => {
    expect(loadConfig({ DATA_DIR: '/srv/site/data' }).backupDir).toBe('/srv/site/backups');
    expect(loadConfig({ DATA_DIR: '/srv/site/data', BACKUP_DIR: '/mnt/nas/plumbing' }).backupDir).toBe(
      '/mnt/nas/plumbing',
    );
  });

  it('keeps uploads in the database when there is one, unless UPLOAD_STORAGE says otherwise', () => {
    expect(loadConfig({}).uploadStorage).toBe('folder');
    const url = 'postgres://site@db.example/site';
    expect(loadConfig({ DATABASE_URL: url }).uploadStorage).toBe('database');
    expect(loadConfig({ DATABASE_URL: url, UPLOAD_STORAGE: 'folder' }).uploadStorage).toBe('folder');
    expect(loadConfig({ DATABASE_URL: url, UPLOAD_CACHE_MB: '10' }).uploadCacheBytes).toBe(10 * 1024 * 1024);
    expect(() => loadConfig({ UPLOAD_STORAGE: 'database' })).toThrow(
      /UPLOAD_STORAGE: database needs DATABASE_URL/,
    );
  });

  it('derives PUBLIC_URL from PORT and drops a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://plumber.example/' }).publicUrl).toBe('https://plumber.example');
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', ADMIN_PASSWORD: 'short' });
    } catch (error) {
      expect((error as Error).message).toMatch(/PORT/);
      expect((error as Error).message).toMatch(/DATABASE_URL: must start with postgres:\/\//);
      expect((error as Error).message).toMatch(/ADMIN_PASSWORD: must be at least 12 characters/);
    }
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('reads TRUST_PROXY as a hop count or an address list', () => {
    const hops = loadConfig({ TRUST_PROXY: '1' }).trustProxy as (address: string, hop: number) => boolean;
    expect([hops('10.0.0.1', 0), hops('1.2.3.4', 1)]).toEqual([true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });
});
