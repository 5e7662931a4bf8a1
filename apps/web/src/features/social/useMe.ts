import { useSession } from '../../auth/useSession.ts';
import { useMyUser } from '../profile/queries.ts';

export type Me = { status: 'loading' } | { status: 'signed-out' } | { status: 'signed-in'; userId: string };

/**
 * Who is looking, by the API's user id (the token's subject is the identity provider's id, so
 * authorship and ownership checks wait for /api/user/my).
 */
export function useMe(): Me {
  const session = useSession();
  const my = useMyUser();
  if (session.status === 'signed-out') return { status: 'signed-out' };
  if (session.status === 'loading' || !my.data) return { status: 'loading' };
  return { status: 'signed-in', userId: my.data.userId };
}
