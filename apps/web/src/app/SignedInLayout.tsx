import { ConnectionEvents } from "../realtime/ConnectionEvents";
import { RealtimeProvider } from "../realtime/RealtimeProvider";
import { SessionEvents } from "../realtime/SessionEvents";
import { SettingsEvents } from "../realtime/SettingsEvents";
import { useAuth, useCurrentUser } from "./auth/auth-context";
import { setPreferenceOwner } from "./preferences";
import { AppShell } from "./shell/AppShell";

/** Everything a signed-in user sees lives inside the company's realtime channel. */
export function SignedInLayout() {
  const user = useCurrentUser();
  const { updateUser } = useAuth();
  // Before any screen reads its saved choices: they are this user's (app/preferences.ts).
  setPreferenceOwner(user.id);
  return (
    <RealtimeProvider key={user.id} companyId={user.companyId}>
      <SessionEvents user={user} onUserChanged={updateUser} />
      <ConnectionEvents />
      <SettingsEvents user={user} onUserChanged={updateUser} />
      <AppShell />
    </RealtimeProvider>
  );
}
