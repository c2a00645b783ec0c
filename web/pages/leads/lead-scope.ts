import { createContext, useContext } from 'react';
import { trpc } from '../../lib/trpc.ts';

// Whose leads the leads components show: the signed-in person's own (the leads page), or their team's
// (the team leads page, for its owner and admins). The same components call the same procedures of
// either scope; the page says which with <LeadScopeContext value="team">.

export type LeadScopeName = 'own' | 'team';

export const LeadScopeContext = createContext<LeadScopeName>('own');

/** The procedures of the person's own leads. */
const OWN = {
  list: trpc.leads.list,
  cards: trpc.leads.cards,
  get: trpc.leads.get,
  erase: trpc.leads.erase,
  eraseAll: trpc.leads.eraseAll,
  updateSettings: trpc.leads.updateSettings,
};

/** The same procedures of the team's leads: the same inputs and answers. */
const TEAM: typeof OWN = {
  list: trpc.leads.team.list,
  cards: trpc.leads.team.cards,
  get: trpc.leads.team.get,
  erase: trpc.leads.team.erase,
  eraseAll: trpc.leads.team.eraseAll,
  updateSettings: trpc.leads.team.updateSettings,
};

export function useLeadScope(): LeadScopeName {
  return useContext(LeadScopeContext);
}

/** The leads procedures of the scope the components are shown in. */
export function useLeadProcedures(): typeof OWN {
  return useLeadScope() === 'team' ? TEAM : OWN;
}
