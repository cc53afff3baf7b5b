import { Box, Chip, MenuItem, TextField } from "@mui/material";
import type { Ref } from "react";
import type { QueueOption } from "../api/queues";

interface QueueMultiSelectProps {
  name: string;
  label: string;
  queues: QueueOption[];
  value: number[];
  onChange: (ids: number[]) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  /** Shown under the field, e.g. 'no queues yet' or a validation message. */
  helperText?: string;
  error?: boolean;
  size?: "small" | "medium";
}

/** Pick several queues; the chosen ones show as chips in their colours. */
export function QueueMultiSelect(props: QueueMultiSelectProps) {
  const { name, label, queues, value, onChange, onBlur, inputRef, helperText, error, size } = props;
  const byId = (id: number) => queues.find((queue) => queue.id === id);
  return (
    <TextField
      select
      fullWidth
      size={size}
      name={name}
      inputRef={inputRef}
      label={label}
      value={value}
      onBlur={onBlur}
      onChange={(event) => {
        const selected = event.target.value as unknown as (number | string)[];
        onChange(selected.map(Number));
      }}
      error={error}
      helperText={helperText}
      disabled={queues.length === 0}
      slotProps={{
        select: {
          multiple: true,
          renderValue: (selected) => (
            <Box sx={{ display: "flex", flexWrap: "wrap", gap: 0.5 }}>
              {(selected as number[]).map((id) => {
                const queue = byId(id);
                return queue ? (
                  <Chip
                    key={id}
                    size="small"
                    label={queue.name}
                    sx={{ bgcolor: queue.color, color: "#fff" }}
                  />
                ) : null;
              })}
            </Box>
          ),
        },
      }}
    >
      {queues.map((queue) => (
        <MenuItem key={queue.id} value={queue.id}>
          {queue.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
