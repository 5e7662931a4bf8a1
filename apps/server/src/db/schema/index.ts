// One file per domain; drizzle-kit reads them all through this index.
export * from './foundation.ts';
export * from './scenes.ts';
export * from './identity.ts';
export * from './assets.ts';
export * from './realtime.ts';
export * from './publishing.ts';
export * from './ranking.ts';
export * from './groups.ts';
export * from './sceneAssets.ts';
export * from './marketplace.ts';
export * from './cms.ts';
export * from './payments.ts';
export * from './voice.ts';
export * from './gatherings.ts';
export * from './districts.ts';
export * from './districtPurchases.ts';
export * from './districtRequests.ts';
