import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, Typography } from "@mui/material";
import { useTranslation } from "react-i18next";
import { CopyableField } from "../../components/CopyableField";

const ANSWER = JSON.stringify({ message: "Mensagem enviada", ticketId: 123, messageIds: [456] }, null, 2);
const FIELDS = [
  ["number", "fieldNumber"],
  ["body", "fieldBody"],
  ["userId", "fieldUserId"],
  ["queueId", "fieldQueueId"],
  ["sendSignature", "fieldSendSignature"],
  ["closeTicket", "fieldCloseTicket"],
  ["medias", "fieldMedias"],
] as const;

/** The two curl calls of the documentation: text as JSON, media as multipart. */
export function curlExamples(url: string, sample: { body: string; caption: string; path: string }) {
  const head = `curl -X POST '${url}' \\\n  -H 'Authorization: Bearer {token}' \\\n`;
  const json = JSON.stringify({ number: "5511999999999", body: sample.body });
  return {
    text: `${head}  -H 'Content-Type: application/json' \\\n  -d '${json}'`,
    media: `${head}  -F 'number=5511999999999' \\\n  -F 'body=${sample.caption}' \\\n  -F 'medias=@${sample.path}'`,
  };
}

function Code({ label, code }: { label: string; code: string }) {
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      <Box
        component="pre"
        tabIndex={0}
        aria-label={label}
        sx={{
          m: 0,
          mt: 0.5,
          p: 1.5,
          borderRadius: 1,
          bgcolor: "action.hover",
          fontFamily: "monospace",
          fontSize: 13,
          overflowX: "auto",
        }}
      >
        {code}
      </Box>
    </Box>
  );
}

/** The endpoint documentation (spec 3 section 7): URL, method, headers, fields, examples, answer. */
export function ApiDocs({ url }: { url: string }) {
  const { t } = useTranslation();
  const examples = curlExamples(url, {
    body: t("messagesApi.docs.sampleBody"),
    caption: t("messagesApi.docs.sampleCaption"),
    path: t("messagesApi.docs.samplePath"),
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t("messagesApi.docs.title")}
      </Typography>
      <CopyableField label={t("messagesApi.docs.endpoint")} value={url} />
      <Typography variant="body2" sx={{ mt: 2 }}>
        <strong>{t("messagesApi.docs.method")}:</strong> POST
      </Typography>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t("messagesApi.docs.headers")}
      </Typography>
      <Box component="ul" sx={{ mt: 0.5, mb: 0, pl: 3 }}>
        {(["authorization", "contentTypeText", "contentTypeMedia", "idempotency"] as const).map((key) => (
          <Typography component="li" variant="body2" key={key} sx={{ fontFamily: "monospace" }}>
            {t(`messagesApi.docs.${key}`)}
          </Typography>
        ))}
      </Box>
      <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
        {t("messagesApi.docs.fields")}
      </Typography>
      <Table size="small" aria-label={t("messagesApi.docs.fields")}>
        <TableHead>
          <TableRow>
            <TableCell>{t("messagesApi.docs.fieldName")}</TableCell>
            <TableCell>{t("messagesApi.docs.fieldRule")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {FIELDS.map(([name, key]) => (
            <TableRow key={name}>
              <TableCell sx={{ fontFamily: "monospace" }}>{name}</TableCell>
              <TableCell>{t(`messagesApi.docs.${key}`)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Code label={t("messagesApi.docs.exampleText")} code={examples.text} />
      <Code label={t("messagesApi.docs.exampleMedia")} code={examples.media} />
      <Code label={t("messagesApi.docs.answer")} code={ANSWER} />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t("messagesApi.docs.errors")}
      </Typography>
    </Paper>
  );
}
