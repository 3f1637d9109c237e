import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('hydration progress', () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('document', { documentElement: { dataset: {} as Record<string, string> } });
  });

  it('marks the page hydrated only after the shell and every boundary inside it', async () => {
    const progress = await import('./hydration-progress.ts');
    const { dataset } = document.documentElement;
    progress.boundaryPending();
    progress.boundaryPending();
    progress.shellHydratedNow();
    expect(dataset.hydrated).toBeUndefined();
    progress.boundaryHydrated();
    expect(dataset.hydrated).toBeUndefined();
    progress.boundaryHydrated();
    expect(dataset.hydrated).toBe('true');
  });

  it('marks a page without boundaries (the admin area) as soon as the shell is hydrated', async () => {
    const progress = await import('./hydration-progress.ts');
    progress.shellHydratedNow();
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });
});
