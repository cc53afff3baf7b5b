import type { Db } from "../db/client.js";
import { CompaniesRepo } from "../modules/companies/repo.js";
import { measureCompanyFolder } from "../storage/company-folder.js";
import type { JobDefinition } from "./jobs.js";

export const MEASURE_COMPANY_FOLDERS = "companies.measure-folders";

/**
 * The companies table shows each company's storage (folder size, file count, when measured).
 * Walking folders is slow, so this job does it every 10 minutes and stores the result on the
 * company; the list only reads the columns.
 */
export async function measureCompanyFolders(deps: { db: Db; storageRoot: string }): Promise<void> {
  const repo = new CompaniesRepo(deps.db);
  const ids = await repo.ids();
  for (let start = 0; start < ids.length; start += USAGES_PER_STATEMENT) {
    const usages = [];
    for (const id of ids.slice(start, start + USAGES_PER_STATEMENT))
      usages.push({ id, ...(await measureCompanyFolder(deps.storageRoot, id)) });
    await repo.setFolderUsages(usages);
  }
}

/** Companies whose usage one UPDATE stores. */
const USAGES_PER_STATEMENT = 500;

export function measureCompanyFoldersJob(deps: { db: Db; storageRoot: string }): JobDefinition {
  return {
    name: MEASURE_COMPANY_FOLDERS,
    cron: "*/10 * * * *",
    handle: () => measureCompanyFolders(deps),
  };
}
