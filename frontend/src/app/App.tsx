import { OverlaysProvider, PortalProvider } from '@blueprintjs/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { publicConfigKey, readPublicConfigQuietly } from '@/features/auth/api/getPublicConfig';
import { onSessionEnd } from '@/lib/session/store';
import { AppRoutes } from './AppRoutes';

// The client reports failures itself (spec 001 §8); retrying would repeat the same message.
const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// A new user must never see the previous one's cached data.
onSessionEnd(() => queryClient.clear());

// The login key and version are read once at start.
void queryClient.prefetchQuery({ queryKey: publicConfigKey, queryFn: readPublicConfigQuietly, staleTime: Infinity });

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      {/* Blueprint's providers without its HotkeysProvider: Hearth binds no Blueprint hotkeys, and that
          provider's help dialog would bring the whole dialog and overlay code to the sign-in page. */}
      <PortalProvider>
        <OverlaysProvider>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </OverlaysProvider>
      </PortalProvider>
    </QueryClientProvider>
  );
}
