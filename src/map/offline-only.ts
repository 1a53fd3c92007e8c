// Maps that may reach no network (an MCP App's frame): no tile configuration fetched, no tile asked
// for; the map opens as it does once tiles are known to be unreachable (country outline, notice).
import { createContext, useContext } from 'react';

export const OfflineOnlyContext = createContext(false);

export const useOfflineOnly = (): boolean => useContext(OfflineOnlyContext);
