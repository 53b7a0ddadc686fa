import { describe, expect, it } from 'vitest';
import type { ReferenceRepository } from './reference.repository.ts';
import { createReferenceService } from './reference.service.ts';

describe('reference service', () => {
  it('forgets a failed first read of areas and types, so the next call reads again', async () => {
    let calls = 0;
    const area = { id: 1, slug: 'bangsar', nameEn: 'Bangsar', nameMs: 'Bangsar', nameZh: '孟沙', lat: 3.13, lng: 101.67 };
    const type = { slug: 'condo', listingType: 'RENT', nameEn: 'Condo', nameMs: 'Kondo', nameZh: '公寓' };
    const repository = {
      listAreas: async () => {
        calls += 1;
        if (calls === 1) throw new Error('database away');
        return [area];
      },
      listPropertyTypes: async () => {
        calls += 1;
        if (calls === 3) throw new Error('database away');
        return [type];
      },
    } as unknown as ReferenceRepository;
    const service = createReferenceService(repository);

    await expect(service.areas()).rejects.toThrow('database away');
    expect((await service.areas()).map((a) => a.slug)).toEqual(['bangsar']);
    await expect(service.propertyTypes()).rejects.toThrow('database away');
    expect((await service.propertyTypes()).map((t) => t.slug)).toEqual(['condo']);
    // Once read, both are kept: no further reads.
    await service.areas();
    await service.propertyTypes();
    expect(calls).toBe(4);
  });
});
