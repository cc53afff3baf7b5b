import { FormControlLabel, FormGroup, Switch } from "@mui/material";
import { type Control, Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { SwitchField } from "../SwitchField";
import { PERMISSION_TOGGLES, type UserFormInput } from "./user-form-schema";

interface UserPermissionFieldsProps {
  control: Control<UserFormInput>;
}

/** Admin-only permission switches (spec 1 section 6). */
export function UserPermissionFields({ control }: UserPermissionFieldsProps) {
  const { t } = useTranslation();
  return (
    <FormGroup sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr" }, columnGap: 2 }}>
      <Controller
        control={control}
        name="allTicket"
        render={({ field }) => (
          <FormControlLabel
            label={t("userModal.fields.allTicket")}
            control={
              <Switch
                name={field.name}
                inputRef={field.ref}
                checked={field.value === "enable"}
                onBlur={field.onBlur}
                onChange={(_event, checked) => field.onChange(checked ? "enable" : "disable")}
              />
            }
          />
        )}
      />
      <SwitchField control={control} name="allowGroup" label={t("userModal.fields.allowGroup")} />
      {PERMISSION_TOGGLES.map((name) => (
        <Controller
          key={name}
          control={control}
          name={name}
          render={({ field }) => (
            <FormControlLabel
              label={t(`userModal.fields.${name}`)}
              control={
                <Switch
                  name={field.name}
                  inputRef={field.ref}
                  checked={field.value === "enabled"}
                  onBlur={field.onBlur}
                  onChange={(_event, checked) => field.onChange(checked ? "enabled" : "disabled")}
                />
              }
            />
          )}
        />
      ))}
    </FormGroup>
  );
}
