import { apiResponse } from "../../api/client";
import { downloadFile } from "../../app/download-file";

/** The example spreadsheet (GET /contact-lists/example), handed to the browser as a download. */
export async function downloadExampleSpreadsheet(): Promise<void> {
  const response = await apiResponse("/contact-lists/example");
  downloadFile(await response.blob(), "contact-list-example.xlsx");
}
