import { Grid } from "@mui/material";
import type { ReactNode } from "react";
import { MessageField, type TabProps } from "./form-fields";

interface MessagesTabProps extends Omit<TabProps, "control"> {
  /** The company's userRating setting: the rating message is required. */
  userRating: boolean;
  /** The greeting's file, right under the greeting. */
  greetingMedia: ReactNode;
}

/** The messages the connection sends (spec 2 section 3): greeting (and its file), completion, out of hours, rating, inactivity. */
export function MessagesTab({ register, errors, userRating, greetingMedia }: MessagesTabProps) {
  const field = { register, errors };
  return (
    <Grid container spacing={2}>
      <Grid size={12}>
        <MessageField name="greetingMessage" help="greetingMessage" {...field} />
      </Grid>
      <Grid size={12}>{greetingMedia}</Grid>
      <Grid size={12}>
        <MessageField name="complationMessage" help="complationMessage" {...field} />
      </Grid>
      <Grid size={12}>
        <MessageField name="outOfHoursMessage" help="outOfHoursMessage" {...field} />
      </Grid>
      <Grid size={12}>
        <MessageField name="ratingMessage" help="ratingMessage" required={userRating} {...field} />
      </Grid>
      <Grid size={12}>
        <MessageField name="inactiveMessage" help="inactiveMessage" {...field} />
      </Grid>
    </Grid>
  );
}
