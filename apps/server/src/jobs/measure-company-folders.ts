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
  for (const companyId of await repo.ids())
    await repo.setFolderUsage(companyId, await measureCompanyFolder(deps.storageRoot, companyId));
}

export function measureCompanyFoldersJob(deps: { db: Db; storageRoot: string }): JobDefinition {
  return {
    name: MEASURE_COMPANY_FOLDERS,
    cron: "*/10 * * * *",
    handle: () => measureCompanyFolders(deps),
  };
}
