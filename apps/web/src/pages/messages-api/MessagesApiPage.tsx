import { Grid, Paper, Stack, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { messagesApiUrl } from "../../api/messages-api";
import { PageHeader } from "../../components/PageHeader";
import { ApiDocs } from "./ApiDocs";
import { TestSendForm } from "./TestSendForm";

/**
 * /messages-api (spec 3 sections 2, 5 and 7; plan flag useExternalApi, guarded by the router's
 * plan outlet): how an external system sends through POST /api/messages/send with a connection's
 * token, the endpoint's documentation, and a test form for each method (text and media).
 */
export function MessagesApiPage() {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t("messagesApi.title")} />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body1" gutterBottom>
            {t("messagesApi.intro")}
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {t("messagesApi.methods.title")}
          </Typography>
          <Typography component="ol" variant="body2" sx={{ pl: 3, my: 0.5 }}>
            <li>{t("messagesApi.methods.text")}</li>
            <li>{t("messagesApi.methods.media")}</li>
          </Typography>
          <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
            {t("messagesApi.notes.title")}
          </Typography>
          <Typography component="ul" variant="body2" sx={{ pl: 3, my: 0.5 }}>
            <li>{t("messagesApi.notes.token")}</li>
            <li>{t("messagesApi.notes.number")}</li>
          </Typography>
        </Paper>
        <ApiDocs url={messagesApiUrl()} />
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, md: 6 }}>
            <TestSendForm kind="text" />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <TestSendForm kind="media" />
          </Grid>
        </Grid>
      </Stack>
    </>
  );
}
