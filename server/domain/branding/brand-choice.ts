// Which brand a request is served as (000 section 1: the portal is branded per partner): the brand
// whose host names hold the request's host, else the main brand (config BRAND). Host names are
// compared without case and port, as DNS and the Host header treat them.

export interface BrandHosts {
  oemKey: string;
  hostNames: string | null;
}

/** The host names of a brand's comma-separated list, lower-case. */
export const hostList = (hostNames: string | null): string[] =>
  (hostNames ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean);

/** The key of the brand serving `hostname`, or `mainBrand` when no brand names that host. */
export function brandKeyForHost(brands: readonly BrandHosts[], hostname: string, mainBrand: string): string {
  const host = hostname.trim().toLowerCase().replace(/\.$/, '');
  return brands.find((b) => hostList(b.hostNames).includes(host))?.oemKey ?? mainBrand;
}
