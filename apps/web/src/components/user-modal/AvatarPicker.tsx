import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import { Avatar, Box, Button } from "@mui/material";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

interface AvatarPickerProps {
  name: string;
  imageUrl: string | null;
  file: File | null;
  onFileChange: (file: File) => void;
}

/** The profile picture with a keyboard-reachable "change photo" button. */
export function AvatarPicker({ name, imageUrl, file, onFileChange }: AvatarPickerProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
      <Avatar
        src={preview ?? imageUrl ?? undefined}
        alt={t("userModal.photoAlt", { name })}
        sx={{ width: 72, height: 72, fontSize: 28 }}
      >
        {name.charAt(0).toUpperCase()}
      </Avatar>
      <input
        ref={inputRef}
        id={inputId}
        name="profileImage"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        hidden
        onChange={(event) => {
          const selected = event.target.files?.[0];
          if (selected) onFileChange(selected);
          event.target.value = "";
        }}
      />
      <Button variant="outlined" startIcon={<PhotoCameraIcon />} onClick={() => inputRef.current?.click()}>
        {t("userModal.changePhoto")}
      </Button>
    </Box>
  );
}
