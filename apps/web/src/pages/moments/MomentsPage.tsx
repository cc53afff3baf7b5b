import { Alert, Box, Button } from "@mui/material";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useUsersMoments } from "../../api/moments";
import { useCurrentUser } from "../../app/auth/auth-context";
import { isAdmin } from "../../app/permissions";
import { errorMessage, toastError } from "../../app/toast/toast-error";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { MomentsColumn } from "./MomentsColumn";
import { MomentsEvents } from "./MomentsEvents";
import { columnsOf } from "./moments-rules";

/**
 * 'Painel de Atendimentos' (spec 2, /moments): 'Pendentes' and one column per
 * user with the open and pending tickets as cards, live from the ticket,
 * message, user, contact and queue events. The route guard keeps out users
 * without allowRealTime (admins always).
 */
export function MomentsPage() {
  const { t } = useTranslation();
  const user = useCurrentUser();
  const moments = useUsersMoments();
  const columns = useMemo(() => (moments.data ? columnsOf(moments.data) : []), [moments.data]);
  const queues = useMemo(() => new Map(moments.data?.queues.map((q) => [q.id, q])), [moments.data?.queues]);
  const whatsapps = useMemo(
    () => new Map(moments.data?.whatsapps.map((w) => [w.id, w])),
    [moments.data?.whatsapps],
  );

  // Spec 2 section 8: a failed load is told in a toast.
  useEffect(() => {
    if (moments.isError) toastError(moments.error);
  }, [moments.isError, moments.error]);

  const admin = isAdmin(user);
  const canOpen = (ticket: { userId: number | null }) => admin || ticket.userId === user.id;
  const empty = moments.data !== undefined && moments.data.tickets.length === 0;

  return (
    <>
      <MomentsEvents />
      <PageHeader title={t("moments.title")} />
      {moments.isPending && <LoadingState />}
      {moments.isError && !moments.data && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void moments.refetch()}>
              {t("moments.retry")}
            </Button>
          }
        >
          {errorMessage(moments.error)}
        </Alert>
      )}
      {empty && <EmptyState message={t("moments.empty")} />}
      {moments.data && (
        <Box
          sx={{
            display: "flex",
            gap: 1.5,
            overflowX: "auto",
            alignItems: "stretch",
            height: "calc(100vh - 180px)",
            minHeight: 320,
            pb: 1,
          }}
        >
          {columns.map((column) => (
            <MomentsColumn
              key={column.userId ?? "pending"}
              column={column}
              canOpen={canOpen}
              queues={queues}
              whatsapps={whatsapps}
            />
          ))}
        </Box>
      )}
    </>
  );
}
