import { Alert, Grid } from "@mui/material";
import { useTranslation } from "react-i18next";
import { NumberField, type TabProps } from "./form-fields";

/** The NPS rating's expiry and invalid answers (spec 2 section 3); the rating message is on the messages tab. */
export function AssessmentsTab({
  register,
  errors,
  userRating,
}: Omit<TabProps, "control"> & { userRating: boolean }) {
  const { t } = useTranslation();
  const field = { register, errors };
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <Alert severity="info">{t("connectionModal.help.ratingMessage")}</Alert>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberField name="expiresTicketNPS" required={userRating} {...field} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <NumberField name="maxUseBotQueuesNPS" {...field} />
      </Grid>
    </Grid>
  );
}
