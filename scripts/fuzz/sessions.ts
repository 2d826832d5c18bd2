// The callers of the fuzz run: every demo role, the read-only visitor, and nobody. Sessions are
// opened with the accounts' phone numbers, which the run cannot change (that needs a code), and
// opened again whenever the run itself ended one (a fuzzed logout, a lock, a role change).
import type { ApiClient } from '../../tests/fixtures/app.ts';

export const ROLES = ['admin', 'support', 'installer', 'engineer', 'distributor', 'provider', 'owner', 'installer2', 'owner2', 'visitor', 'nobody'] as const;
export type Role = (typeof ROLES)[number];

const PHONES: Partial<Record<Role, string>> = {
  admin: '13800000001', support: '13800000002', installer: '13800000003', engineer: '13800000004', distributor: '13800000005',
  provider: '13800000006', owner: '13800000007', installer2: '13900000008', owner2: '13900000009',
};

export const TREE_TWO: ReadonlySet<Role> = new Set(['installer2', 'owner2']);

export class Sessions {
  private readonly tokens = new Map<Role, string>();
  /** Roles whose account the run has made unusable (cancelled, locked): they fuzz as nobody from then on. */
  readonly lost = new Set<Role>();

  constructor(private readonly api: ApiClient, private readonly password: string) {}

  async token(role: Role): Promise<string | undefined> {
    if (role === 'nobody' || this.lost.has(role)) return undefined;
    const known = this.tokens.get(role);
    if (known) return known;
    const answer = role === 'visitor'
      ? await this.api.post<{ token: string }>('/api/v1/sys/visitorLogin')
      : await this.api.post<{ token: string }>('/api/v1/sys/login', { form: { username: PHONES[role], password: this.password } });
    if (answer.body.errCode !== 0) {
      this.lost.add(role);
      return undefined;
    }
    this.tokens.set(role, answer.body.data.token);
    return answer.body.data.token;
  }

  /** An answer saying the session is over: open a new one next time. */
  ended(role: Role, errCode: unknown): void {
    if (errCode === 10002 || errCode === 10004 || errCode === 10007) this.tokens.delete(role);
  }
}
