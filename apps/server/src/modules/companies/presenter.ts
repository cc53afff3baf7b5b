import type { CompanyDto } from "@inbox/shared";
import type { CompanyRow, PlanRow } from "./repo.js";

export function presentCompany(company: CompanyRow, plan: PlanRow): CompanyDto {
  return {
    id: company.id,
    name: company.name,
    email: company.email,
    phone: company.phone,
    planId: company.planId,
    status: company.status,
    dueDate: company.dueDate,
    recurrence: company.recurrence,
    document: company.document,
    paymentMethod: company.paymentMethod,
    addressStreet: company.addressStreet,
    addressState: company.addressState,
    addressCity: company.addressCity,
    numberAttendants: company.numberAttendants,
    numberConections: company.numberConections,
    createdAt: company.createdAt.toISOString(),
    updatedAt: company.updatedAt.toISOString(),
    lastLogin: company.lastLogin?.toISOString() ?? null,
    folderSize: company.folderSize,
    numberFileFolder: company.numberFileFolder,
    updatedAtFolder: company.updatedAtFolder?.toISOString() ?? null,
    plan: {
      id: plan.id,
      name: plan.name,
      amount: plan.amount,
      users: plan.users,
      connections: plan.connections,
      queues: plan.queues,
    },
    planName: plan.name,
    planAmount: plan.amount,
  };
}
