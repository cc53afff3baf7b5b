import { tagCreateSchema } from "@inbox/shared";
import { Autocomplete, Chip, createFilterOptions, TextField } from "@mui/material";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  contactKeys,
  contactsApi,
  type TagRef,
  useContactMutation,
  useContactTags,
  useTags,
} from "../../../api/contacts";
import { toastError } from "../../../app/toast/toast-error";

/** An option of the tag box: a tag, or the typed text to create one. */
type TagOption = TagRef | { create: string };

const filter = createFilterOptions<TagOption>({
  stringify: (option) => ("create" in option ? option.create : option.name),
});

/**
 * The contact's tags (spec 1 sections 5 and 7): choose among the company's
 * tags or create one (at least 3 characters, 'Tag muito curta!'); every
 * change syncs the whole list with POST /tags/sync.
 */
export function ContactTags({ contactId }: { contactId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const tags = useTags();
  const current = useContactTags(contactId);
  const [error, setError] = useState<string | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const sync = useContactMutation((ids: number[]) => contactsApi.syncTags(contactId, ids));

  const change = async (value: (TagOption | string)[]) => {
    setError(undefined);
    setBusy(true);
    try {
      const ids: number[] = [];
      for (const option of value) {
        const name = typeof option === "string" ? option : "create" in option ? option.create : null;
        if (name === null) {
          ids.push((option as TagRef).id);
          continue;
        }
        const parsed = tagCreateSchema.shape.name.safeParse(name);
        if (!parsed.success) {
          setError(t("ticketView.drawer.tagTooShort"));
          return;
        }
        const created = await contactsApi.createTag(parsed.data);
        ids.push(created.id);
        await queryClient.invalidateQueries({ queryKey: contactKeys.allTags });
      }
      await sync.mutateAsync([...new Set(ids)]);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Autocomplete<TagOption, true, false, true>
      multiple
      freeSolo
      disabled={busy || current.isPending}
      options={tags.data ?? []}
      value={current.data ?? []}
      isOptionEqualToValue={(option, value) =>
        !("create" in option) && !("create" in value) && option.id === value.id
      }
      getOptionLabel={(option) =>
        typeof option === "string" ? option : "create" in option ? option.create : option.name
      }
      filterOptions={(options, state) => {
        const filtered = filter(options, state);
        const typed = state.inputValue.trim();
        const exists = options.some(
          (option) => !("create" in option) && option.name.toLowerCase() === typed.toLowerCase(),
        );
        return typed && !exists ? [...filtered, { create: typed }] : filtered;
      }}
      renderOption={(props, option) => {
        const { key, ...rest } = props;
        return (
          <li key={key} {...rest}>
            {"create" in option ? t("ticketView.drawer.createTag", { name: option.create }) : option.name}
          </li>
        );
      }}
      renderValue={(value, getItemProps) =>
        value.map((option, index) => {
          const { key, ...rest } = getItemProps({ index });
          const label =
            typeof option === "string" ? option : "create" in option ? option.create : option.name;
          const color = typeof option === "object" && !("create" in option) ? option.color : undefined;
          return (
            <Chip
              key={key}
              {...rest}
              size="small"
              label={label}
              sx={color ? { bgcolor: color, color: "common.white" } : undefined}
            />
          );
        })
      }
      onChange={(_, value) => void change(value)}
      renderInput={(params) => (
        <TextField
          {...params}
          size="small"
          label={t("ticketView.drawer.tags")}
          placeholder={t("ticketView.drawer.chooseTags")}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
