import ExcelJS from "exceljs";

export const EXAMPLE_FILE_NAME = "contact-list-example.xlsx";

/**
 * The example spreadsheet the lists page offers (spec 3 section 2: "download example spreadsheet"):
 * the header row the import reads (name, number, email) and two rows written as people write them.
 */
export async function exampleSpreadsheet(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  sheet.columns = [
    { header: "name", key: "name", width: 28 },
    { header: "number", key: "number", width: 22 },
    { header: "email", key: "email", width: 30 },
  ];
  sheet.addRow({ name: "Maria Silva", number: "+55 11 98888-7777", email: "maria@example.com" });
  sheet.addRow({ name: "John Smith", number: "+1 212 555 0100", email: "" });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
