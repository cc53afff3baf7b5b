import { FormControlLabel, Switch } from "@mui/material";
import { type Control, Controller, type FieldValues, type Path } from "react-hook-form";

interface SwitchFieldProps<T extends FieldValues> {
  control: Control<T>;
  name: Path<T>;
  label: string;
  disabled?: boolean;
}

/** A boolean form field as a labelled switch, bound to react-hook-form. */
export function SwitchField<T extends FieldValues>({ control, name, label, disabled }: SwitchFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Switch
              name={field.name}
              inputRef={field.ref}
              checked={Boolean(field.value)}
              onBlur={field.onBlur}
              onChange={(_event, checked) => field.onChange(checked)}
            />
          }
        />
      )}
    />
  );
}
