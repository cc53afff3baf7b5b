import type { HelpDto } from "@inbox/shared";
import HelpOutlineIcon from "@mui/icons-material/HelpOutline";
import { Alert, Box, Card, CardActionArea, CardContent, Typography } from "@mui/material";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useHelps } from "../../api/helps";
import { EmptyState } from "../../components/EmptyState";
import { LoadingState } from "../../components/LoadingState";
import { PageHeader } from "../../components/PageHeader";
import { HelpVideoDialog } from "./HelpVideoDialog";
import { VideoThumbnail } from "./VideoThumbnail";

/** /helps (spec 2 sections 2 and 6): the help videos as cards; a card opens its player. */
export function HelpsPage() {
  const { t } = useTranslation();
  const helps = useHelps();
  const [playing, setPlaying] = useState<HelpDto | null>(null);
  const list = helps.data ?? [];

  return (
    <>
      <PageHeader title={t("helps.pageTitle", { count: list.length })} />
      {helps.isError ? (
        <Alert severity="error">{t("helps.loadError")}</Alert>
      ) : helps.isPending ? (
        <LoadingState />
      ) : list.length === 0 ? (
        <EmptyState message={t("helps.empty")} icon={<HelpOutlineIcon fontSize="large" />} />
      ) : (
        <Box
          component="ul"
          aria-label={t("helps.galleryLabel")}
          sx={{
            listStyle: "none",
            p: 0,
            m: 0,
            display: "grid",
            gap: 2,
            gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
          }}
        >
          {list.map((help) => (
            <Box component="li" key={help.id}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardActionArea
                  onClick={() => setPlaying(help)}
                  aria-label={t("helps.play", { title: help.title })}
                  sx={{ height: "100%", display: "flex", flexDirection: "column", alignItems: "stretch" }}
                >
                  <VideoThumbnail code={help.video} />
                  <CardContent sx={{ flexGrow: 1 }}>
                    <Typography variant="subtitle1" component="h2" gutterBottom>
                      {help.title}
                    </Typography>
                    <Typography
                      variant="body2"
                      color="text.secondary"
                      sx={{
                        display: "-webkit-box",
                        WebkitLineClamp: 3,
                        WebkitBoxOrient: "vertical",
                        overflow: "hidden",
                      }}
                    >
                      {help.description}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Box>
          ))}
        </Box>
      )}
      <HelpVideoDialog help={playing} onClose={() => setPlaying(null)} />
    </>
  );
}
