import { LIMITS } from "@inbox/shared";
import { Autocomplete, TextField } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useUserSearch } from "../../api/users";
import type { IdOption } from "../../components/IdSelect";

interface CampaignUserFieldProps {
  /** The campaign's user when the dialog opens (shown before any search). */
  initial: IdOption | null;
  onChange: (id: number | null) => void;
  disabled: boolean;
}

/**
 * The user of the tickets a campaign opens: searched by name once 3 characters are typed
 * (spec 3 section 5), never the whole user list.
 */
export function CampaignUserField({ initial, onChange, disabled }: CampaignUserFieldProps) {
  const { t } = useTranslation();
  const [term, setTerm] = useState("");
  const [picked, setPicked] = useState<IdOption | null>(initial);
  const { users, loading } = useUserSearch(term);
  const found = users.map(({ id, name }) => ({ id, name }));
  return (
    <Autocomplete
      options={picked && !found.some((u) => u.id === picked.id) ? [picked, ...found] : found}
      value={picked}
      disabled={disabled}
      loading={loading}
      filterOptions={(options) => options}
      getOptionLabel={(user) => user.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, user) => {
        setPicked(user);
        onChange(user?.id ?? null);
      }}
      inputValue={term}
      onInputChange={(_event, value) => setTerm(value)}
      noOptionsText={
        term.trim().length < LIMITS.searchMinChars
          ? t("campaigns.dialog.userHelp")
          : t("campaigns.dialog.noUsers")
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t("campaigns.dialog.user")}
          helperText={t("campaigns.dialog.userHelp")}
        />
      )}
    />
  );
}
