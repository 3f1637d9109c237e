import { describe, expect, it } from 'vitest';
import { loginPathFor, safeAdminReturn } from './admin-return.ts';

describe('the address sign-in returns to', () => {
  it('keeps an admin address with its query', () => {
    expect(loginPathFor('/admin?tab=leads&lead=12')).toBe(
      '/admin-login?next=%2Fadmin%3Ftab%3Dleads%26lead%3D12',
    );
    expect(safeAdminReturn('/admin?tab=leads&lead=12')).toBe('/admin?tab=leads&lead=12');
    expect(loginPathFor('/admin')).toBe('/admin-login');
  });

  it('refuses anything outside the admin area', () => {
    for (const next of [
      'https://evil.example/admin',
      '//evil.example',
      '/admin-login',
      '/administrator',
      '/',
      '/admin\\@x',
      null,
    ]) {
      expect(safeAdminReturn(next)).toBe('/admin');
    }
  });
});
