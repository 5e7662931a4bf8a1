/**
 * Another language's version of an English catalogue: the same keys, every one of them, and no others
 * (the compiler reports a missing or extra key).
 */
export type Catalogue<T> = { readonly [K in keyof T]: T[K] extends string ? string : Catalogue<T[K]> };
