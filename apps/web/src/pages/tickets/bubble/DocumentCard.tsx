import type { MessageDto } from "@inbox/shared";
import type { SvgIconComponent } from "@mui/icons-material";
import ArticleIcon from "@mui/icons-material/Article";
import DownloadIcon from "@mui/icons-material/Download";
import FolderZipIcon from "@mui/icons-material/FolderZip";
import InsertDriveFileIcon from "@mui/icons-material/InsertDriveFile";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import SlideshowIcon from "@mui/icons-material/Slideshow";
import TableChartIcon from "@mui/icons-material/TableChart";
import { Box, IconButton, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";

/** '1,2 MB', '830 KB', '12 B': a size in the user's number format (1 KB = 1024 bytes). */
export function formatFileSize(bytes: number, locale: string): string {
  const units = ["B", "KB", "MB", "GB"];
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  return `${number} ${units[unit]}`;
}

const ICONS: [RegExp, SvgIconComponent][] = [
  [/\.pdf$/i, PictureAsPdfIcon],
  [/\.(xlsx?|ods|csv)$/i, TableChartIcon],
  [/\.(pptx?|odp|key)$/i, SlideshowIcon],
  [/\.(docx?|odt|rtf|txt|md)$/i, ArticleIcon],
  [/\.(zip|rar|7z|gz|tgz|tar)$/i, FolderZipIcon],
];

/** The icon of a file's type, by its name's extension. */
export function documentIcon(name: string): SvgIconComponent {
  return ICONS.find(([pattern]) => pattern.test(name))?.[1] ?? InsertDriveFileIcon;
}

/** The name a stored file is shown and downloaded under: the sender's, or the stored file's own. */
function nameOf(message: MessageDto, url: string, fallback: string): string {
  if (message.details?.fileName) return message.details.fileName;
  const last = decodeURIComponent(url.split("?")[0]?.split("/").pop() ?? "");
  return last || fallback;
}

/**
 * The name a file is saved under: the shown name with the stored file's extension, which the server chose
 * from the bytes. The sender's extension never comes back ('invoice.html' of HTML bytes saves as 'invoice.bin').
 */
export function downloadNameOf(name: string, url: string): string {
  const stored = url.split("?")[0]?.split("/").pop() ?? "";
  const extension = /\.[A-Za-z0-9]+$/.exec(stored)?.[0] ?? "";
  const base = name.replace(/\.[^./]*$/, "") || name;
  return `${base}${extension}`;
}

/**
 * A document in the conversation (anything not image, audio or video): the
 * type's icon, the file name, its size and a download button.
 */
export function DocumentCard({ message, url }: { message: MessageDto; url: string }) {
  const { t, i18n } = useTranslation();
  const name = nameOf(message, url, t("tickets.conversation.document"));
  const Icon = documentIcon(name);
  const size = message.details?.fileSize;
  return (
    <Box
      data-testid="document-card"
      sx={{
        display: "flex",
        alignItems: "center",
        gap: 1,
        p: 1,
        mb: 0.5,
        minWidth: 220,
        maxWidth: 320,
        borderRadius: 1,
        bgcolor: "action.hover",
      }}
    >
      <Icon color="action" sx={{ fontSize: 36 }} aria-hidden />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Typography variant="body2" noWrap title={name} sx={{ fontWeight: 500 }}>
          {name}
        </Typography>
        {size !== undefined && (
          <Typography variant="caption" color="text.secondary">
            {formatFileSize(size, i18n.language)}
          </Typography>
        )}
      </Box>
      <IconButton
        component="a"
        href={url}
        download={downloadNameOf(name, url)}
        target="_blank"
        rel="noopener"
        aria-label={t("tickets.conversation.download", { name })}
        size="small"
      >
        <DownloadIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}
